/**
 * `npm run -s smoke [-- --ws URL --http URL | --stage NAME]`: a user's check of a running stage, end to
 * end, with the project's own client code (the friend session of `core/online`, the ranked protocol of
 * `core/protocol/ranked.ts` and the device identity of `core/identity.ts`):
 *
 * - a friend game: create a room, join it by code (the key exchange), approve the guest, a move each,
 *   a chat line, the guest drops and comes back into its own seat with what its device kept;
 * - ranked: two throwaway identities prove their keys, seek, are paired, play a move, and one resigns;
 * - the HTTP API: a leaderboard page and one of the throwaway players.
 *
 * One JSON line per step, `{"step","ok","ms"}` (with `error` when it failed), then
 * `{"ok":true|false,"failed":[...]}`; exit code 0 only when every step passed. Without `--ws`/`--http`
 * the URLs come from SST's outputs of the last deploy (`.sst/outputs.json`: the site's URL, whose
 * `/api/*` CloudFront sends to the HTTP API, and the WebSocket URL), else from a local server at
 * http://127.0.0.1:3000. What it leaves behind: the finished friend room and ranked match (both expire
 * by TTL) and the two throwaway players' provisional records.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import nacl from "tweetnacl";
import { WebSocket } from "ws";
import { generateCode } from "../core/crypto/index.js";
import { encode, legalMoves, newGame, play, type State } from "../core/games/index.js";
import { makeDeviceKeys, signChallenge, type DeviceKeys } from "../core/identity.js";
import {
  createFriendSession,
  seatToMove,
  type FriendSession,
  type Settings,
  type SocketFactory,
  type SocketLike,
} from "../core/online/index.js";
import { API_PATHS, playerPath } from "../core/protocol/api.js";
import {
  makeRankedClientText,
  parseRankedServerMessage,
  type MatchView,
  type RankedClientMessage,
  type RankedServerMessage,
} from "../core/protocol/ranked.js";
import type { GameId } from "../core/types.js";

export interface SmokeTargets {
  /** The WebSocket API, e.g. `wss://…/prod` or `ws://127.0.0.1:3000/ws`. */
  readonly ws: string;
  /** The origin the HTTP API is reached on (`/api/…` below it): the site's URL, or the local server. */
  readonly http: string;
  /** Where they came from: `arguments`, `.sst/outputs.json (STACK)` or `local default`. */
  readonly source: string;
}

export interface SmokeLine {
  readonly step: string;
  readonly ok: boolean;
  readonly ms: number;
  readonly error?: string;
}

export interface SmokeResult {
  readonly ok: boolean;
  readonly failed: readonly string[];
}

export interface SmokeOptions extends Omit<SmokeTargets, "source"> {
  /** Each step's time limit (ms). Default 20 000. */
  readonly stepMs?: number;
  /** Where each JSON line goes. Default: stdout. */
  readonly emit?: (line: SmokeLine | SmokeResult) => void;
}

const FRIEND_SETUP: Settings = { game: "tsoro-classic", options: { holes: 4, seeds: 2 }, bestOf: 1 };
const RANKED_GAME: GameId = "tsoro-wta";
const RANKED_OPTIONS = { holes: 4, seeds: 1 };
const REACH_MS = 5_000;

/** A display name nobody is likely to have (letters that no look-alike rule maps onto another). */
function throwawayName(): string {
  const letters = "bcdfghjkpqrstxyz";
  const bytes = nacl.randomBytes(8);
  return `Smoke ${Array.from(bytes, (b) => letters[b % letters.length]).join("")}`;
}

class StepError extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StepError(`no answer within ${ms} ms: ${what}`)), ms);
      timer.unref();
    }),
  ]);
}

/** Polls `pred` (the session is event-driven) until it holds or `ms` pass. */
async function until(pred: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new StepError(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function describe(e: unknown): string {
  if (e instanceof AggregateError && e.errors.length > 0) return describe(e.errors[0]);
  const cause = (e as { cause?: unknown } | null)?.cause;
  const code = (cause as { code?: string } | undefined)?.code ?? (e as { code?: string } | null)?.code;
  const msg = e instanceof Error ? e.message : String(e);
  const why = code ?? (cause instanceof Error ? cause.message : undefined);
  return why !== undefined && !msg.includes(why) ? `${msg} (${why})` : msg;
}

/** Real `ws` sockets for the core session; every socket is kept so the run can close them all. */
function socketFactory(made: WebSocket[]): SocketFactory {
  return (url: string): SocketLike => {
    const ws = new WebSocket(url);
    ws.on("error", () => undefined); // the session sees the close and reconnects or reports it
    made.push(ws);
    return ws as unknown as SocketLike;
  };
}

/** One ranked connection: requests by id, every server message validated with the core schema. */
class RankedConnection {
  private readonly queue: RankedServerMessage[] = [];
  private readonly waiters: { pred: (m: RankedServerMessage) => boolean; resolve: (m: RankedServerMessage) => void }[] =
    [];
  private invalid: string | null = null;
  private counter = 0;

  private constructor(private readonly ws: WebSocket) {
    ws.on("message", (data) => {
      let raw: unknown;
      try {
        raw = JSON.parse(String(data));
      } catch {
        this.invalid = "the server sent a frame that is not JSON";
        return;
      }
      if (
        typeof raw === "object" &&
        raw !== null &&
        !String((raw as { type?: unknown }).type).match(/^(auth|ranked)\./)
      )
        return;
      const m = parseRankedServerMessage(raw);
      if (!m.ok) {
        this.invalid = `the server sent a ranked message this client cannot read: ${m.error.message}`;
        return;
      }
      const i = this.waiters.findIndex((w) => w.pred(m.value));
      if (i >= 0) this.waiters.splice(i, 1)[0].resolve(m.value);
      else this.queue.push(m.value);
    });
  }

  static open(url: string, ms: number): Promise<RankedConnection> {
    const ws = new WebSocket(url);
    return withTimeout(
      new Promise<RankedConnection>((resolve, reject) => {
        ws.once("open", () => resolve(new RankedConnection(ws)));
        ws.once("error", (e) => reject(new StepError(`cannot open ${url}: ${describe(e)}`)));
        ws.once("unexpected-response", (_req, res) =>
          reject(new StepError(`cannot open ${url}: the server answered HTTP ${res.statusCode}`)),
        );
      }),
      ms,
      `opening ${url}`,
    ).catch((e: unknown) => {
      ws.terminate();
      throw e;
    });
  }

  next(pred: (m: RankedServerMessage) => boolean, ms: number, what: string): Promise<RankedServerMessage> {
    if (this.invalid !== null) return Promise.reject(new StepError(this.invalid));
    const i = this.queue.findIndex(pred);
    if (i >= 0) return Promise.resolve(this.queue.splice(i, 1)[0]);
    return withTimeout(new Promise((resolve) => this.waiters.push({ pred, resolve })), ms, what);
  }

  send(msg: RankedClientMessage): void {
    this.ws.send(makeRankedClientText(msg as RankedClientMessage));
  }

  /** Sends a request and waits for the reply with its id; a `ranked.error` reply fails the step. */
  async request(msg: RankedClientMessage, ms: number): Promise<RankedServerMessage> {
    const rid = `s${++this.counter}`;
    this.ws.send(makeRankedClientText({ ...msg, rid } as RankedClientMessage));
    const reply = await this.next((m) => "rid" in m && m.rid === rid, ms, `the reply to ${msg.type}`);
    if (reply.type === "ranked.error") throw new StepError(`${msg.type} refused: ${reply.code} ${reply.message}`);
    return reply;
  }

  close(): void {
    this.ws.close();
  }
}

function expectType<T extends RankedServerMessage["type"]>(
  m: RankedServerMessage,
  type: T,
): Extract<RankedServerMessage, { type: T }> {
  if (m.type !== type) throw new StepError(`expected ${type}, got ${m.type}`);
  return m as Extract<RankedServerMessage, { type: T }>;
}

function positionOf(match: MatchView): State {
  const start = newGame(match.game, match.options);
  if (!start.ok)
    throw new StepError(`the server's match ${match.id} has options the engine refuses: ${start.error.message}`);
  let s = start.value;
  for (const mv of match.moves) {
    const next = play(s, mv);
    if (!next.ok) throw new StepError(`the server's move list of ${match.id} is not legal here: ${next.error.message}`);
    s = next.value.state;
  }
  return s;
}

async function getJson(base: string, path: string, ms: number): Promise<{ status: number; body: unknown }> {
  const res = await withTimeout(
    fetch(new URL(path, base), { headers: { accept: "application/json" } }),
    ms,
    `GET ${path}`,
  );
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    throw new StepError(`GET ${path} answered ${res.status} with a body that is not JSON: ${text.slice(0, 80)}`);
  }
  return { status: res.status, body };
}

/** Runs every step in order; a step that needs an earlier one that failed is reported as skipped. */
export async function runSmoke(o: SmokeOptions): Promise<SmokeResult> {
  const stepMs = o.stepMs ?? 20_000;
  const emit = o.emit ?? ((line) => process.stdout.write(`${JSON.stringify(line)}\n`));
  const failed: string[] = [];
  const sockets: WebSocket[] = [];
  const sessions: FriendSession[] = [];
  const ranked: RankedConnection[] = [];

  const step = async (name: string, needs: readonly string[], fn: () => Promise<void>): Promise<boolean> => {
    const missing = needs.find((n) => failed.includes(n));
    if (missing !== undefined) {
      failed.push(name);
      emit({ step: name, ok: false, ms: 0, error: `skipped: ${missing} failed` });
      return false;
    }
    const t0 = Date.now();
    try {
      await fn();
      emit({ step: name, ok: true, ms: Date.now() - t0 });
      return true;
    } catch (e) {
      failed.push(name);
      emit({ step: name, ok: false, ms: Date.now() - t0, error: describe(e) });
      return false;
    }
  };

  try {
    // Reach both APIs first, so a stopped server or a wrong URL fails fast with one clear line.
    const reached = await step("reach", [], async () => {
      const r = await getJson(o.http, `${API_PATHS.leaderboard}?game=togyz&limit=1`, REACH_MS).catch((e: unknown) => {
        throw new StepError(
          `cannot reach the HTTP API at ${new URL(API_PATHS.leaderboard, o.http).origin}: ${describe(e)}`,
        );
      });
      if (r.status !== 200)
        throw new StepError(
          `GET ${API_PATHS.leaderboard} answered ${r.status}: ${JSON.stringify(r.body).slice(0, 200)}`,
        );
      const c = await RankedConnection.open(o.ws, REACH_MS);
      c.close();
    });
    if (!reached) return finish();

    // ---- a friend game ----
    let owner: FriendSession | null = null;
    let guest: FriendSession | null = null;
    const session = (
      mode: "create" | "join",
      name: string,
      extra: Partial<Parameters<typeof createFriendSession>[0]>,
    ): FriendSession => {
      const s = createFriendSession({
        url: o.ws,
        socket: socketFactory(sockets),
        mode,
        profile: { name },
        backoff: { baseMs: 100, maxMs: 1_000 },
        ...extra,
      });
      sessions.push(s);
      return s;
    };
    await step("friend.create", [], async () => {
      owner = session("create", "Smoke owner", { code: generateCode(), setup: FRIEND_SETUP });
      await until(
        () => owner!.view().status === "seated" && owner!.view().code !== null,
        stepMs,
        "the room exists and has a code",
      );
    });
    await step("friend.join", ["friend.create"], async () => {
      guest = session("join", "Smoke guest", { code: owner!.view().code! });
      await until(
        () => owner!.view().requests.length > 0 && guest!.view().status === "pending",
        stepMs,
        "the owner sees the guest's request (the code confirmed)",
      );
    });
    await step("friend.approve", ["friend.join"], async () => {
      const r = owner!.answerJoin(owner!.view().requests[0].reqId, true);
      if (!r.ok) throw new StepError(`approve: ${r.error.code} ${r.error.message}`);
      await until(
        () => guest!.view().status === "seated" && guest!.view().caughtUp && guest!.view().game.state !== null,
        stepMs,
        "the guest is seated and has the board",
      );
      await until(
        () => seatToMove(owner!.view().game) !== null && seatToMove(guest!.view().game) !== null,
        stepMs,
        "the game has started on both sides",
      );
    });
    await step("friend.moves", ["friend.approve"], async () => {
      // Until each seat has moved once (a Tsoro move may leave the same side to move again).
      const moved = new Set<number>();
      for (let i = 0; moved.size < 2 && i < 8; i++) {
        const g = owner!.view().game;
        const seat = seatToMove(g);
        if (seat === null || g.state === null) throw new StepError("nobody is to move");
        const mover = owner!.view().seat === seat ? owner! : guest!;
        const before = owner!.view().applied;
        const r = mover.move(legalMoves(g.state)[0]);
        if (!r.ok) throw new StepError(`move refused: ${r.error.code} ${r.error.message}`);
        await until(
          () =>
            owner!.view().applied > before &&
            guest!.view().applied === owner!.view().applied &&
            mover.view().unsent === 0,
          stepMs,
          `move ${i + 1} is applied on both sides`,
        );
        moved.add(seat);
      }
      if (moved.size < 2) throw new StepError("the same side kept the move");
    });
    await step("friend.chat", ["friend.approve"], async () => {
      const r = guest!.chat("good game from the smoke test");
      if (!r.ok) throw new StepError(`chat refused: ${r.error.code} ${r.error.message}`);
      await until(
        () => owner!.view().game.chat.some((c) => c.text === "good game from the smoke test"),
        stepMs,
        "the owner reads the chat line",
      );
    });
    await step("friend.reconnect", ["friend.approve"], async () => {
      const kept = {
        roomId: guest!.roomId,
        secret: guest!.secret,
        key: guest!.key ?? undefined,
        code: owner!.view().code!,
      };
      const seat = guest!.view().seat;
      const board = encode(owner!.view().game.state!);
      guest!.dispose();
      await until(() => !owner!.view().peer.online, stepMs, "the owner sees the guest drop");
      guest = session("join", "Smoke guest", kept);
      await until(
        () => guest!.view().status === "seated" && guest!.view().caughtUp,
        stepMs,
        "the guest is back in the room",
      );
      if (guest!.view().seat !== seat)
        throw new StepError(`the guest came back in seat ${guest!.view().seat}, not ${seat}`);
      if (guest!.view().game.state === null || encode(guest!.view().game.state!) !== board)
        throw new StepError("the guest's board differs from the owner's after coming back");
      await until(() => owner!.view().peer.online, stepMs, "the owner sees the guest online again");
    });

    // ---- ranked ----
    const keys: DeviceKeys[] = [makeDeviceKeys(), makeDeviceKeys()];
    let match: MatchView | null = null;
    let firstMover = -1;
    let bySeat: [RankedConnection, RankedConnection] | null = null;
    await step("ranked.auth", [], async () => {
      for (const k of keys) {
        const c = await RankedConnection.open(o.ws, stepMs);
        ranked.push(c);
        const ch = expectType(await c.request({ type: "auth.hello", playerId: k.playerId }, stepMs), "auth.challenge");
        expectType(
          await c.request(
            { type: "auth.prove", signature: signChallenge(k, ch.challenge), name: throwawayName() },
            stepMs,
          ),
          "auth.ok",
        );
      }
    });
    await step("ranked.pair", ["ranked.auth"], async () => {
      const [a, b] = ranked;
      expectType(
        await a.request({ type: "ranked.seek", game: RANKED_GAME, options: RANKED_OPTIONS }, stepMs),
        "ranked.seeking",
      );
      const startA = a.next((m) => m.type === "ranked.start", stepMs, "ranked.start for the first seeker");
      const startB = b.next((m) => m.type === "ranked.start", stepMs, "ranked.start for the second seeker");
      b.send({ type: "ranked.seek", game: RANKED_GAME, options: RANKED_OPTIONS });
      const [sa, sb] = (await Promise.all([startA, startB])).map((m) => expectType(m, "ranked.start"));
      if (sa.match.id !== sb.match.id)
        throw new StepError("the two throwaway players were paired with others, not with each other");
      match = sa.match;
      bySeat = sa.seat === 0 ? [a, b] : [b, a];
    });
    await step("ranked.move", ["ranked.pair"], async () => {
      const m = match!;
      firstMover = m.toMove;
      const mover = bySeat![m.toMove];
      const other = bySeat![m.toMove === 0 ? 1 : 0];
      const move = legalMoves(positionOf(m))[0];
      const reply = expectType(
        await mover.request({ type: "ranked.move", matchId: m.id, version: m.version, move }, stepMs),
        "ranked.update",
      );
      const seen = expectType(
        await other.next(
          (x) => x.type === "ranked.update" && x.match.version === m.version + 1,
          stepMs,
          "the opponent sees the move",
        ),
        "ranked.update",
      );
      if (JSON.stringify(seen.match.moves) !== JSON.stringify(reply.match.moves))
        throw new StepError("the two players see different move lists");
      match = reply.match;
    });
    await step("ranked.resign", ["ranked.move"], async () => {
      // A game in which a side has not moved ends aborted and unrated: play on until both sides have.
      const moved = new Set<number>([firstMover]);
      for (let i = 0; i < 20 && match!.status === "active"; i++) {
        const before = match!;
        const seat = before.toMove;
        const reply = expectType(
          await bySeat![seat].request(
            {
              type: "ranked.move",
              matchId: before.id,
              version: before.version,
              move: legalMoves(positionOf(before))[0],
            },
            stepMs,
          ),
          "ranked.update",
        );
        moved.add(seat);
        match = reply.match;
        if (moved.has(0) && moved.has(1)) break;
      }
      const m = match!;
      const resigner = bySeat![m.toMove];
      const other = bySeat![m.toMove === 0 ? 1 : 0];
      const end = expectType(await resigner.request({ type: "ranked.resign", matchId: m.id }, stepMs), "ranked.end");
      const seen = expectType(
        await other.next(
          (x) => x.type === "ranked.end" && x.match.id === m.id,
          stepMs,
          "the opponent is told of the resignation",
        ),
        "ranked.end",
      );
      if (end.match.status !== "finished" || seen.match.result?.winner !== (m.toMove === 0 ? 1 : 0))
        throw new StepError(`the match did not end with the resigner losing: ${JSON.stringify(seen.match.result)}`);
    });

    // ---- the HTTP API ----
    await step("http.leaderboard", [], async () => {
      const r = await getJson(o.http, `${API_PATHS.leaderboard}?game=${RANKED_GAME}&limit=5`, stepMs);
      const rows = (r.body as { rows?: unknown }).rows;
      if (r.status !== 200 || !Array.isArray(rows))
        throw new StepError(
          `GET ${API_PATHS.leaderboard} answered ${r.status}: ${JSON.stringify(r.body).slice(0, 200)}`,
        );
    });
    await step("http.player", ["ranked.resign"], async () => {
      const id = keys[0].playerId;
      const r = await getJson(o.http, playerPath(id), stepMs);
      const body = r.body as { playerId?: string; games?: Record<string, { games?: number }> };
      if (r.status !== 200 || body.playerId !== id)
        throw new StepError(`GET ${playerPath(id)} answered ${r.status}: ${JSON.stringify(r.body).slice(0, 200)}`);
      if ((body.games?.[RANKED_GAME]?.games ?? 0) < 1)
        throw new StepError(
          `the player's record does not count the resigned ${RANKED_GAME} game: ${JSON.stringify(body.games)}`,
        );
    });
    return finish();
  } finally {
    for (const s of sessions) s.dispose();
    for (const c of ranked) c.close();
    for (const ws of sockets) ws.terminate();
  }

  function finish(): SmokeResult {
    const result: SmokeResult = { ok: failed.length === 0, failed };
    emit(result);
    return result;
  }
}

/** `--ws`/`--http`, else `.sst/outputs.json` (the stage named by `--stage`, or the only one), else local. */
export function resolveTargets(argv: readonly string[], root: string = process.cwd()): SmokeTargets {
  const arg = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    if (i >= 0) {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith("--")) throw new Error(`--${name} needs a value`);
      return v;
    }
    return argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  };
  const unknown = argv.filter(
    (a, i) =>
      a.startsWith("--") && !/^--(ws|http|stage)(=|$)/.test(a) && !(i > 0 && /^--(ws|http|stage)$/.test(argv[i - 1])),
  );
  if (unknown.length > 0) throw new Error(`unknown option ${unknown[0]}; use --ws URL, --http URL or --stage NAME`);
  const ws = arg("ws");
  const http = arg("http");
  if (ws !== undefined || http !== undefined) {
    return { ws: ws ?? "ws://127.0.0.1:3000/ws", http: http ?? "http://127.0.0.1:3000", source: "arguments" };
  }
  const stage = arg("stage");
  const file = join(root, ".sst", "outputs.json");
  if (existsSync(file)) {
    const outputs = JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, string>>;
    const stacks = Object.entries(outputs).filter(
      ([name, o]) => o.WebSocketUrl !== undefined && (stage === undefined || name.startsWith(`${stage}-`)),
    );
    if (stacks.length > 1)
      throw new Error(
        `${file} has outputs of several stages (${stacks.map(([n]) => n).join(", ")}): pick one with --stage NAME`,
      );
    if (stacks.length === 1) {
      const [name, o] = stacks[0];
      return {
        ws: o.WebSocketUrl,
        http: o.SiteUrl !== undefined && o.SiteUrl !== "" ? o.SiteUrl : o.HttpApiUrl,
        source: `${file} (${name})`,
      };
    }
    if (stage !== undefined) throw new Error(`${file} has no outputs of stage ${stage}`);
  } else if (stage !== undefined) {
    throw new Error(`no ${file}: deploy the stage first (npx sst deploy --stage ${stage}) or pass --ws and --http`);
  }
  return { ws: "ws://127.0.0.1:3000/ws", http: "http://127.0.0.1:3000", source: "local default" };
}

async function main(): Promise<void> {
  let targets: SmokeTargets;
  try {
    targets = resolveTargets(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`smoke: ${describe(e)}\n`);
    process.exit(2);
  }
  process.stderr.write(`smoke: ${targets.ws} and ${targets.http} (from ${targets.source})\n`);
  const r = await runSmoke(targets);
  process.exit(r.ok ? 0 : 1);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
