/**
 * What a deployment may tune, read from the environment of `npx sst deploy` (defaults for a small
 * community). A value that is not valid stops the deploy with a message naming the variable.
 *
 * - `MANCALA_LOG_RETENTION`: how long every function's logs and both APIs' access logs are kept, as
 *   SST names it (`one_week`, `two_weeks`, `one_month`, `three_months`, `one_year`, `infinite`, …).
 * - `MANCALA_WS_RATE` / `MANCALA_WS_BURST`: the WebSocket API stage's default route throttle
 *   (messages per second, steady and burst; connects count too).
 * - `MANCALA_HTTP_RATE` / `MANCALA_HTTP_BURST`: the same for the HTTP API stage (requests per second).
 */
import { RetentionDays } from "aws-cdk-lib/aws-logs";

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
}

export const DEFAULT_SETTINGS: DeploySettings = {
  logRetention: "one_month",
  // About 200 players each sending a move or a chat line every two seconds, with room for bursts.
  wsThrottle: { rate: 100, burst: 200 },
  // Leaderboard pages, player records and suggestions: people reading, not machines polling.
  httpThrottle: { rate: 20, burst: 50 },
};

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
    throw new Error(`${name} must be a whole number from 1 to 1000000, got ${JSON.stringify(raw)}`);
  return n;
}

function retention(env: NodeJS.ProcessEnv, name: string, fallback: LogRetention): LogRetention {
  const raw = env[name];
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

export function readDeploySettings(env: NodeJS.ProcessEnv = process.env): DeploySettings {
  const d = DEFAULT_SETTINGS;
  return {
    logRetention: retention(env, "MANCALA_LOG_RETENTION", d.logRetention),
    wsThrottle: {
      rate: positiveInt(env, "MANCALA_WS_RATE", d.wsThrottle.rate),
      burst: positiveInt(env, "MANCALA_WS_BURST", d.wsThrottle.burst),
    },
    httpThrottle: {
      rate: positiveInt(env, "MANCALA_HTTP_RATE", d.httpThrottle.rate),
      burst: positiveInt(env, "MANCALA_HTTP_BURST", d.httpThrottle.burst),
    },
  };
}
