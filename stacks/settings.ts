/**
 * What a deployment may tune, per stage: saved in `deploy/<stage>.json` (written and shown by `npm
 * run -s settings -- --stage <stage>`), so a redeploy without any variable keeps them; a `MANCALA_*`
 * variable in the environment of `npx sst deploy` overrides the saved value for that deploy only.
 * A value that is not valid stops the deploy with a message naming the setting.
 *
 * - `MANCALA_LOG_RETENTION`: how long every function's logs and both APIs' access logs are kept, as
 *   SST names it (`one_week`, `two_weeks`, `one_month`, `three_months`, `one_year`, `infinite`, …).
 * - `MANCALA_WS_RATE` / `MANCALA_WS_BURST`: the WebSocket API stage's default route throttle
 *   (messages per second, steady and burst; connects count too).
 * - `MANCALA_HTTP_RATE` / `MANCALA_HTTP_BURST`: the same for the HTTP API stage (requests per second).
 * - `MANCALA_ALARM_EMAIL`: an address subscribed to the stage's alarm topic (none when empty).
 * - `MANCALA_DUE_SHARDS` / `MANCALA_SEEK_PARTITIONS`: how many partitions the deadline index and each
 *   game's seek queue are spread over (functions/lib/scale.ts; passed to every function's environment).
 * - `MANCALA_DATA_PROTECTION`: `on` keeps the table through `sst remove` (retained, with deletion
 *   protection) and makes the stage a production one, which refuses to deploy without
 *   `MANCALA_ALARM_EMAIL`; `off` lets the stage go entirely. Default: on for a stage named `prod` or
 *   `production`, off for any other.
 * - `MANCALA_WAF_RATE`: when set, an AWS WAF web ACL on the distribution blocks an address above this
 *   many requests in 5 minutes (a rate-based rule; 100 at least). Empty: no WAF (its cost at rest,
 *   about $6 a month, is not spent). CloudFront's WAF lives in us-east-1, so only stacks there.
 * - `MANCALA_WATCH_CAP`: how many spectators of one live game are pushed its moves over the WebSocket
 *   (functions/spectate/spectate.ts; passed to the functions' environment); the rest poll the cached
 *   `GET /api/games/{id}` (docs/archive.md).
 * - `MANCALA_PUSH_ORIGINS`: the push services the functions post to (comma-separated https origins;
 *   empty: the browsers' own, functions/push/origins.ts), and `MANCALA_PUSH_SUBJECT`: the VAPID
 *   contact (`mailto:` or `https:`) push services may reach the operator at (docs/push.md).
 * - `MANCALA_LOBBY_CAP`: how many connections watching one game's lobby are pushed its open seeks
 *   as they change (functions/lobby/lobby.ts); the rest poll the cached `GET /api/lobby` (docs/lobby.md).
 * - `MANCALA_ORIGIN_SECRET_VERSION`: the version of the origin secret CloudFront sends, written by
 *   `npm run -s origin-secret -- rotate` (so the deploy after a rotation changes the header).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RetentionDays } from "aws-cdk-lib/aws-logs";
import { DEFAULT_SCALE, readScale, type Scale } from "../functions/lib/scale.js";
import { WATCH_CAP_DEFAULT } from "../functions/spectate/spectate.js";
import { LOBBY_CAP_DEFAULT } from "../functions/lobby/lobby.js";
import { isPushSubject, parsePushOrigins } from "../functions/push/origins.js";

export type LogRetention = Lowercase<keyof typeof RetentionDays>;

export interface Throttle {
  /** Steady requests (messages) per second. */
  readonly rate: number;
  /** Requests allowed at once above the steady rate. */
  readonly burst: number;
}

export interface DeploySettings {
  readonly logRetention: LogRetention;
  readonly wsThrottle: Throttle;
  readonly httpThrottle: Throttle;
  readonly alarmEmail: string | null;
  /** Partitions of the hot keys (`DUE#`, `SEEK#`), given to the functions as `MANCALA_DUE_SHARDS`/`MANCALA_SEEK_PARTITIONS`. */
  readonly scale: Scale;
  /** The table outlives the stack, and the stage may not deploy without an alarm recipient. */
  readonly dataProtection: boolean;
  /** Requests per 5 minutes per address above which the WAF blocks (null: no WAF). */
  readonly wafRate: number | null;
  /** The origin secret's version CloudFront sends (null: the current one at the first deploy). */
  readonly originSecretVersion: string | null;
  /** Spectators pushed per live game (`MANCALA_WATCH_CAP` in the functions' environment). */
  readonly watchCap: number;
  /** Lobby watchers pushed per game (`MANCALA_LOBBY_CAP` in the functions' environment). */
  readonly lobbyCap: number;
  /** Web Push's allow-list (`MANCALA_PUSH_ORIGINS`; null: the functions' default). */
  readonly pushOrigins: string | null;
  /** Web Push's VAPID contact (`MANCALA_PUSH_SUBJECT`; null: the functions' placeholder). */
  readonly pushSubject: string | null;
}

/** The settings' names, as saved and as environment variables. */
export const SETTING_NAMES = [
  "MANCALA_LOG_RETENTION",
  "MANCALA_WS_RATE",
  "MANCALA_WS_BURST",
  "MANCALA_HTTP_RATE",
  "MANCALA_HTTP_BURST",
  "MANCALA_ALARM_EMAIL",
  "MANCALA_DUE_SHARDS",
  "MANCALA_SEEK_PARTITIONS",
  "MANCALA_DATA_PROTECTION",
  "MANCALA_WAF_RATE",
  "MANCALA_ORIGIN_SECRET_VERSION",
  "MANCALA_WATCH_CAP",
  "MANCALA_LOBBY_CAP",
  "MANCALA_PUSH_ORIGINS",
  "MANCALA_PUSH_SUBJECT",
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];
export type SavedSettings = Partial<Record<SettingName, string>>;

/**
 * Sized by the capacity model in README.md ("Capacity"): 1,000 concurrent players send about 200
 * WebSocket messages a second at one message per 5 s (a move, a clock or a chat line), plus their
 * connects; the burst covers a reconnect wave of every player within about two seconds.
 */
export const DEFAULT_SETTINGS: DeploySettings = {
  logRetention: "one_month",
  wsThrottle: { rate: 500, burst: 1_000 },
  // Leaderboard pages, player records and suggestions: people reading, not machines polling.
  httpThrottle: { rate: 50, burst: 100 },
  alarmEmail: null,
  scale: DEFAULT_SCALE,
  dataProtection: false,
  wafRate: null,
  originSecretVersion: null,
  watchCap: WATCH_CAP_DEFAULT,
  lobbyCap: LOBBY_CAP_DEFAULT,
  pushOrigins: null,
  pushSubject: null,
};

/** Stages whose data is protected unless their settings say otherwise. */
export function productionByName(stage: string): boolean {
  return stage === "prod" || stage === "production";
}

/** Where a stage's settings are saved (`MANCALA_SETTINGS_DIR`, else `deploy/` of the project). */
export function settingsFile(stage: string, env: NodeJS.ProcessEnv = process.env): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/.test(stage)) throw new Error(`not a stage name: ${JSON.stringify(stage)}`);
  return join(env.MANCALA_SETTINGS_DIR ?? "deploy", `${stage}.json`);
}

/** The stage's saved settings (none when the file does not exist). */
export function loadSavedSettings(stage: string, env: NodeJS.ProcessEnv = process.env): SavedSettings {
  const file = settingsFile(stage, env);
  if (!existsSync(file)) return {};
  const raw = JSON.parse(readFileSync(file, "utf8")) as unknown;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error(`${file}: not a JSON object`);
  const out: SavedSettings = {};
  for (const [k, v] of Object.entries(raw)) {
    if (!(SETTING_NAMES as readonly string[]).includes(k))
      throw new Error(`${file}: unknown setting ${k} (known: ${SETTING_NAMES.join(", ")})`);
    if (typeof v !== "string" && typeof v !== "number") throw new Error(`${file}: ${k} must be a string or a number`);
    out[k as SettingName] = String(v);
  }
  return out;
}

/** Saves `changes` into the stage's file (an empty value removes the setting); checks them first. */
export function saveSettings(
  stage: string,
  changes: SavedSettings,
  env: NodeJS.ProcessEnv = process.env,
): SavedSettings {
  const next: SavedSettings = { ...loadSavedSettings(stage, env) };
  for (const [k, v] of Object.entries(changes) as [SettingName, string][]) {
    if (v === "") delete next[k];
    else next[k] = v;
  }
  readDeploySettings({}, next, stage); // throws on a bad value, before anything is written
  const file = settingsFile(stage, env);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}

type Source = (name: SettingName) => string | undefined;

function positiveInt(get: Source, name: SettingName, fallback: number): number {
  const raw = get(name);
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
    throw new Error(`${name} must be a whole number from 1 to 1000000, got ${JSON.stringify(raw)}`);
  return n;
}

function retention(get: Source, name: SettingName, fallback: LogRetention): LogRetention {
  const raw = get(name);
  if (raw === undefined || raw === "") return fallback;
  const key = raw.toUpperCase();
  if (!/^[A-Z_]+$/.test(key) || !(key in RetentionDays)) {
    const names = Object.keys(RetentionDays)
      .filter((k) => /^[A-Z_]+$/.test(k))
      .map((k) => k.toLowerCase());
    throw new Error(`${name} must be one of ${names.join(", ")}; got ${JSON.stringify(raw)}`);
  }
  return key.toLowerCase() as LogRetention;
}

function email(get: Source, name: SettingName): string | null {
  const raw = get(name);
  if (raw === undefined || raw === "") return null;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw))
    throw new Error(`${name} must be an email address, got ${JSON.stringify(raw)}`);
  return raw;
}

function onOff(get: Source, name: SettingName, fallback: boolean): boolean {
  const raw = get(name);
  if (raw === undefined || raw === "") return fallback;
  if (raw === "on") return true;
  if (raw === "off") return false;
  throw new Error(`${name} must be on or off, got ${JSON.stringify(raw)}`);
}

function wafRate(get: Source, name: SettingName): number | null {
  const raw = get(name);
  if (raw === undefined || raw === "") return null;
  const n = Number(raw);
  // AWS WAF's rate-based rules count from 10 up (100 was the older minimum); below 100 a page of
  // the site with its assets could trip it.
  if (!Number.isInteger(n) || n < 100 || n > 2_000_000_000)
    throw new Error(`${name} must be a whole number of requests per 5 minutes from 100, got ${JSON.stringify(raw)}`);
  return n;
}

function origins(get: Source, name: SettingName): string | null {
  const raw = get(name);
  if (raw === undefined || raw.trim() === "") return null;
  return parsePushOrigins(raw).join(",");
}

function subject(get: Source, name: SettingName): string | null {
  const raw = get(name);
  if (raw === undefined || raw === "") return null;
  if (!isPushSubject(raw))
    throw new Error(`${name} must be a mailto: address or an https: URL, got ${JSON.stringify(raw)}`);
  return raw;
}

function version(get: Source, name: SettingName): string | null {
  const raw = get(name);
  if (raw === undefined || raw === "") return null;
  if (!/^[A-Za-z0-9-]{32,64}$/.test(raw))
    throw new Error(`${name} must be a secret version id, got ${JSON.stringify(raw)}`);
  return raw;
}

/**
 * The settings of a deploy of `stage`: the environment's `MANCALA_*` over the stage's saved ones over
 * the defaults (data protection defaults to on for a stage named prod or production).
 */
export function readDeploySettings(
  env: NodeJS.ProcessEnv = process.env,
  saved: SavedSettings = {},
  stage = "",
): DeploySettings {
  const d = DEFAULT_SETTINGS;
  const get: Source = (name) => {
    const e = env[name];
    return e !== undefined && e !== "" ? e : saved[name];
  };
  return {
    logRetention: retention(get, "MANCALA_LOG_RETENTION", d.logRetention),
    wsThrottle: {
      rate: positiveInt(get, "MANCALA_WS_RATE", d.wsThrottle.rate),
      burst: positiveInt(get, "MANCALA_WS_BURST", d.wsThrottle.burst),
    },
    httpThrottle: {
      rate: positiveInt(get, "MANCALA_HTTP_RATE", d.httpThrottle.rate),
      burst: positiveInt(get, "MANCALA_HTTP_BURST", d.httpThrottle.burst),
    },
    alarmEmail: email(get, "MANCALA_ALARM_EMAIL"),
    scale: readScale({
      MANCALA_DUE_SHARDS: get("MANCALA_DUE_SHARDS") ?? String(d.scale.dueShards),
      MANCALA_SEEK_PARTITIONS: get("MANCALA_SEEK_PARTITIONS") ?? String(d.scale.seekPartitions),
    }),
    dataProtection: onOff(get, "MANCALA_DATA_PROTECTION", productionByName(stage)),
    wafRate: wafRate(get, "MANCALA_WAF_RATE"),
    originSecretVersion: version(get, "MANCALA_ORIGIN_SECRET_VERSION"),
    watchCap: positiveInt(get, "MANCALA_WATCH_CAP", d.watchCap),
    lobbyCap: positiveInt(get, "MANCALA_LOBBY_CAP", d.lobbyCap),
    pushOrigins: origins(get, "MANCALA_PUSH_ORIGINS"),
    pushSubject: subject(get, "MANCALA_PUSH_SUBJECT"),
  };
}

/**
 * What a deploy refuses: a production stage (data protection on) whose alarms would notify nobody.
 * `npm run -s settings` runs the same check.
 */
export function checkDeployable(stage: string, s: DeploySettings): void {
  if (s.dataProtection && s.alarmEmail === null)
    throw new Error(
      `stage ${stage} keeps its data (MANCALA_DATA_PROTECTION) but its alarms notify nobody: ` +
        `npm run -s settings -- --stage ${stage} MANCALA_ALARM_EMAIL=you@example.org`,
    );
}

/** The settings a deploy of `stage` uses now. */
export function stageSettings(stage: string, env: NodeJS.ProcessEnv = process.env): DeploySettings {
  return readDeploySettings(env, loadSavedSettings(stage, env), stage);
}
