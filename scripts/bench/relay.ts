/**
 * Relay figures of the local server: round trip (A's box relayed to B, B's answer relayed back to A)
 * p50/p99 and relayed messages per second, with 1, 100 and 1,000 rooms playing at once. The server
 * runs in its own process (as `npm start` runs it) on a temporary data directory; the clients speak
 * the protocol directly, with a real key exchange per room and real sealed boxes.
 * Two loads: saturation (every room ping-pongs as fast as it can, so with many rooms the round trip
 * is mostly queueing and the messages per second is the server's capacity), and a human pace (a
 * move and its answer per room every 20 s, over 30 s). The per-connection rate limit is lifted for
 * the measurement (RATE_LIMIT), since one pair pinging back and forth as fast as it can is far above
 * any human rate. Each stage first warms up (its rooms ping-pong for a second, not counted), so the
 * figures are the server's steady state, not its first seconds of compiling the handlers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import nacl from "tweetnacl";
import { WebSocket } from "ws";
import {
  answerGuestHandshake,
  codeForLocator,
  generateCode,
  generateSecret,
  makeBase64Url,
  sealBox,
  startGuestHandshake,
  type RoomCode,
} from "../../core/crypto/index.js";
import type { Emit } from "../bench.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** `RELAY_BENCH_ROOMS=1,100` measures only some of the room counts. */
const ROOM_COUNTS: readonly number[] = (process.env.RELAY_BENCH_ROOMS ?? "1,100,1000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const WARM_UP_MS = 1_000;
const PACED_EVERY_MS = 20_000;
const PACED_WINDOW_MS = 30_000;
const durationMs = (rooms: number): number => (rooms <= 1 ? 3_000 : rooms <= 100 ? 5_000 : 8_000);

interface Client {
  readonly ws: WebSocket;
  onMessage: (m: Record<string, unknown>) => void;
  /** While a room is being made: an error no step waits for fails that room (it is made again). */
  fail?: (e: Error) => void;
}

interface Stats {
  readonly dynamo: Record<string, number>;
  readonly posts: number;
}

/** The server's counters of DynamoDB calls and `@connections` posts (it prints them on SIGUSR2). */
async function stats(child: ChildProcess): Promise<Stats | null> {
  const got = new Promise<Stats | null>((res) => {
    let out = "";
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = /stats (\{.*\})\n/.exec(out);
      if (m !== null) {
        child.stdout?.off("data", onData);
        res(JSON.parse(m[1]) as Stats);
      }
    };
    child.stdout?.on("data", onData);
    setTimeout(() => {
      child.stdout?.off("data", onData);
      res(null);
    }, 2_000).unref();
  });
  child.kill("SIGUSR2");
  return got;
}

const totalCalls = (s: Stats): number => Object.values(s.dynamo).reduce((a, b) => a + b, 0);

async function startChild(dataDir: string): Promise<{ child: ChildProcess; wsUrl: string }> {
  const prof = process.env.BENCH_PROF !== undefined ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, "--import", "tsx", join(ROOT, "functions", "local", "main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, "none"),
      QUIET: "1",
      RATE_LIMIT: "100000000",
      RATE_LIMIT_ADDRESS: "100000000",
      RATE_LIMIT_IDENTITY: "100000000",
      // Every room of the bench is made from one address (loopback) within seconds: the per-address
      // room, look-up and knock limits (functions/friends/limits.ts) are lifted for it too.
      FRIEND_ROOM_LIMIT: "100000000",
      FRIEND_LOOKUP_LIMIT: "100000000",
      FRIEND_KNOCK_MS: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((res, rej) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+?)\/?\s/.exec(out);
      if (m !== null) res(m[1]);
    });
    child.once("exit", (code) => rej(new Error(`server exited with ${code}`)));
  });
  return { child, wsUrl: `${url.replace(/^http/, "ws")}/ws?v=2` };
}

async function connect(url: string): Promise<Client> {
  const ws = new WebSocket(url);
  // An error no step is waiting for would leave the bench waiting forever: it is printed.
  const c: Client = {
    ws,
    onMessage: (m) => {
      if (m.type !== "error") return;
      if (c.fail !== undefined) c.fail(new Error(`${String(m.code)} ${String(m.message)}`));
      else process.stderr.write(`relay bench: unexpected ${JSON.stringify(m)}\n`);
    },
  };
  ws.on("message", (d) => c.onMessage(JSON.parse(d.toString()) as Record<string, unknown>));
  await new Promise<void>((res, rej) => {
    ws.once("open", () => res());
    ws.once("error", rej);
  });
  return c;
}

/** The next message matching `pred`; an error message from the server fails the bench instead of hanging it. */
function next(c: Client, pred: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  return new Promise((res, rej) => {
    const prev = c.onMessage;
    c.onMessage = (m) => {
      if (pred(m)) {
        c.onMessage = prev;
        res(m);
      } else if (m.type === "error") {
        c.onMessage = prev;
        rej(new Error(`server error during the relay bench: ${String(m.code)} ${String(m.message)}`));
      } else prev(m);
    };
  });
}

interface Room {
  readonly a: Client;
  readonly b: Client;
  readonly key: Uint8Array;
  readonly roomId: string;
  /** Each seat's seat token and the other seat's connection it names. */
  readonly tok: [string, string];
  readonly via: [string, string];
  /** Each seat's last sender sequence number (rooms are reused from one stage to the next). */
  readonly seq: [number, number];
  /** The log's head as the server last proved it: what the next `relay` follows. */
  head: { seq: number; sent: [number, number]; proof: string };
  rid: number;
}

type Head = Room["head"];
const headOf = (h: Record<string, unknown>): Head => ({
  seq: Number(h.seq),
  sent: [Number((h.sent as number[])[0]), Number((h.sent as number[])[1])],
  proof: String(h.proof),
});

/**
 * A room, made again (up to 3 times) when a step of its key exchange is refused: on a loaded machine
 * a join request can lapse before its next step arrives (`join/not_found`).
 */
async function makeRoomRetrying(url: string): Promise<Room> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await makeRoom(url);
    } catch (e) {
      if (attempt >= 3) throw e;
      process.stderr.write(`relay bench: making a room again (${e instanceof Error ? e.message : String(e)})\n`);
    }
  }
}

async function makeRoom(url: string): Promise<Room> {
  const clients: Client[] = [];
  let failed: (e: Error) => void = () => undefined;
  const failure = new Promise<never>((_, rej) => (failed = rej));
  failure.catch(() => undefined);
  const watch = (c: Client): Client => {
    c.fail = failed;
    clients.push(c);
    return c;
  };
  try {
    const room = await Promise.race([buildRoom(url, watch), failure]);
    for (const c of clients) delete c.fail;
    return room;
  } catch (e) {
    for (const c of clients) c.ws.terminate();
    throw e;
  }
}

async function buildRoom(url: string, watch: (c: Client) => Client): Promise<Room> {
  const roomId = makeBase64Url(nacl.randomBytes(32));
  const a = watch(await connect(url));
  const created = next(a, (m) => m.type === "room.created");
  a.ws.send(JSON.stringify({ type: "room.create", rid: 1, roomId, secret: generateSecret() }));
  const code: RoomCode = codeForLocator(Number((await created).loc));
  const b = watch(await connect(url));
  const guest = startGuestHandshake(code);
  const hello = next(a, (m) => m.type === "join.hello");
  b.ws.send(
    JSON.stringify({ type: "join.hello", rid: 1, loc: Number((await created).loc), sid: guest.sid, msg: guest.msg }),
  );
  const h = await hello;
  const owner = answerGuestHandshake(code, String(h.sid), String(h.msg));
  if (!owner.ok) throw new Error(owner.error.message);
  const reply = next(b, (m) => m.type === "join.reply");
  a.ws.send(JSON.stringify({ type: "join.reply", rid: 2, reqId: h.reqId, msg: owner.value.msg }));
  const fin = guest.finish(String((await reply).msg));
  if (!fin.ok) throw new Error(fin.error.message);
  const key = fin.value.secrets.key;
  const confirm = next(a, (m) => m.type === "join.confirm");
  b.ws.send(
    JSON.stringify({ type: "join.confirm", rid: 2, reqId: h.reqId, tag: fin.value.tag, secret: generateSecret() }),
  );
  const c = await confirm;
  const checked = owner.value.confirm(String(c.tag));
  if (!checked.ok) throw new Error(checked.error.message);
  const verified = next(a, (m) => m.type === "join.verified");
  a.ws.send(JSON.stringify({ type: "join.verdict", rid: 3, reqId: h.reqId, ok: true, tag: checked.value.tag }));
  await verified;
  const named = next(a, (m) => m.type === "join.request");
  const request = sealBox(key, { seat: 1, seq: 0, kind: "request", body: { name: "B" } });
  b.ws.send(JSON.stringify({ type: "join.request", rid: 5, reqId: h.reqId, request }));
  await named;
  const joined = next(b, (m) => m.type === "room.joined");
  const presence = next(a, (m) => m.type === "presence");
  a.ws.send(JSON.stringify({ type: "join.answer", rid: 4, reqId: h.reqId, approve: true }));
  const [j, pr] = await Promise.all([joined, presence]);
  return {
    a,
    b,
    key,
    roomId,
    tok: [String(pr.token), String(j.token)],
    via: [String(pr.via), String(j.via)],
    seq: [0, 0],
    head: headOf(j.head as Record<string, unknown>),
    rid: 10,
  };
}

/**
 * One round trip: A's box relayed to B, then B's answer relayed back to A. Each `relay` follows the
 * head the server last proved (core/protocol/friend.ts); the round trip ends when the answer reaches
 * A and both senders have their acknowledgement (an error to a sender fails the bench).
 */
async function roundTrip(room: Room): Promise<number> {
  const seq = room.seq;
  const body = { t: "chat", text: "x".repeat(64) };
  const leg = async (from: Client, to: Client, seat: 0 | 1): Promise<void> => {
    seq[seat]++;
    const rid = ++room.rid;
    const acked = next(from, (m) => m.type === "relay.ack" && m.rid === rid);
    const relayed = next(to, (m) => m.type === "relay");
    const h = room.head;
    from.ws.send(
      JSON.stringify({
        type: "relay",
        rid,
        room: room.roomId,
        seat,
        via: room.via[seat],
        tok: room.tok[seat],
        seq: h.seq + 1,
        cseq: seq[seat],
        prev: { sent: h.sent, proof: h.proof },
        kind: "game",
        box: sealBox(room.key, { seat, seq: seq[seat], kind: "game", body }),
      }),
    );
    const [, got] = await Promise.all([acked, relayed]);
    room.head = headOf(got.msg as Record<string, unknown>);
  };
  const t0 = performance.now();
  await leg(room.a, room.b, 0);
  await leg(room.b, room.a, 1);
  return performance.now() - t0;
}

/** At a human pace: each room makes one round trip every `everyMs`, starting at a random offset. */
async function paced(room: Room, everyMs: number, until: number, rtts: number[]): Promise<number> {
  let relayed = 0;
  await new Promise((r) => setTimeout(r, Math.random() * everyMs));
  while (Date.now() < until) {
    const started = Date.now();
    rtts.push(await roundTrip(room));
    relayed += 2;
    const wait = everyMs - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, Math.min(wait, Math.max(0, until - Date.now()))));
  }
  return relayed;
}

/** Ping-pong in one room until `until`: each round trip is two relayed messages. */
async function pingPong(room: Room, until: number, rtts: number[]): Promise<number> {
  let relayed = 0;
  while (Date.now() < until) {
    rtts.push(await roundTrip(room));
    relayed += 2;
  }
  return relayed;
}

/** CPU seconds (user + system) the server process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function run(emit: Emit): Promise<void> {
  // The client-side cost of a code: one whole key exchange (both sides' CPace work and the tags).
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const code = generateCode();
    const t = performance.now();
    const g = startGuestHandshake(code);
    const o = answerGuestHandshake(code, g.sid, g.msg);
    if (!o.ok) throw new Error(o.error.message);
    const f = g.finish(o.value.msg);
    if (!f.ok || !o.value.confirm(f.value.tag).ok) throw new Error("the bench's key exchange did not confirm");
    times.push(performance.now() - t);
  }
  times.sort((x, y) => x - y);
  emit({
    name: "friend code key exchange (CPace ristretto255, both sides), median",
    unit: "ms",
    value: Number(times[7].toFixed(1)),
  });

  const dataDir = mkdtempSync(join(tmpdir(), "mancala-bench-relay-"));
  const { child, wsUrl } = await startChild(dataDir);
  const rooms: Room[] = [];
  try {
    for (const n of ROOM_COUNTS) {
      while (rooms.length < n) {
        const batch = Math.min(50, n - rooms.length);
        rooms.push(...(await Promise.all(Array.from({ length: batch }, () => makeRoomRetrying(wsUrl)))));
        if (process.env.BENCH_DEBUG === "1") process.stderr.write(`rooms ${rooms.length}\n`);
      }
      // Warm up first (the stage's rooms ping-pong for a second, not counted), so the figures are the
      // server's steady state rather than its first seconds of compiling the handlers.
      const warm = Date.now() + WARM_UP_MS;
      await Promise.all(rooms.slice(0, n).map((r) => pingPong(r, warm, [])));
      const rtts: number[] = [];
      const s0 = await stats(child);
      const cpu0 = cpuSeconds(child.pid);
      const t0 = performance.now();
      const until = Date.now() + durationMs(n);
      const counts = await Promise.all(rooms.slice(0, n).map((r) => pingPong(r, until, rtts)));
      const seconds = (performance.now() - t0) / 1000;
      const cpu = cpuSeconds(child.pid) - cpu0;
      rtts.sort((x, y) => x - y);
      const label = n === 1 ? "1 room" : `${n} rooms`;
      emit({ name: `relay round trip p50, ${label}`, unit: "ms", value: Number(percentile(rtts, 50).toFixed(2)) });
      emit({ name: `relay round trip p99, ${label}`, unit: "ms", value: Number(percentile(rtts, 99).toFixed(2)) });
      const relayed = counts.reduce((a, b) => a + b, 0);
      emit({ name: `relay messages per second, ${label}`, unit: "msgs/s", value: Math.round(relayed / seconds) });
      // What each relayed message cost the emulated AWS services (the round trips' own frames only).
      const s1 = await stats(child);
      if (s0 !== null && s1 !== null) {
        emit({
          name: `relay store calls per message, ${label}`,
          unit: "calls",
          value: Number(((totalCalls(s1) - totalCalls(s0)) / relayed).toFixed(3)),
        });
        emit({
          name: `relay posts per message, ${label}`,
          unit: "posts",
          value: Number(((s1.posts - s0.posts) / relayed).toFixed(3)),
        });
      }
      // Independent of how busy the machine is: server CPU time spent per relayed message.
      if (Number.isFinite(cpu))
        emit({
          name: `relay server CPU per message, ${label}`,
          unit: "ms",
          value: Number(((cpu * 1000) / relayed).toFixed(2)),
        });

      // The same rooms at a human pace: a round trip (a move and its answer) per room every 20 s.
      if (n > 1 && process.env.RELAY_BENCH_PACED !== "0") {
        const prtts: number[] = [];
        const pt0 = performance.now();
        const pUntil = Date.now() + PACED_WINDOW_MS;
        const pcounts = await Promise.all(rooms.slice(0, n).map((r) => paced(r, PACED_EVERY_MS, pUntil, prtts)));
        const pseconds = (performance.now() - pt0) / 1000;
        prtts.sort((x, y) => x - y);
        const plabel = `${label}, a round trip per room every ${PACED_EVERY_MS / 1000} s`;
        emit({ name: `relay round trip p50, ${plabel}`, unit: "ms", value: Number(percentile(prtts, 50).toFixed(2)) });
        emit({ name: `relay round trip p99, ${plabel}`, unit: "ms", value: Number(percentile(prtts, 99).toFixed(2)) });
        emit({
          name: `relay messages per second, ${plabel}`,
          unit: "msgs/s",
          value: Math.round(pcounts.reduce((a, b) => a + b, 0) / pseconds),
        });
      }
    }
  } finally {
    for (const r of rooms) {
      r.a.ws.terminate();
      r.b.ws.terminate();
    }
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
