/**
 * Ranked play figures: Glicko-2 updates per second (pure); the timer's tick over 10,000 active
 * matches in the in-memory store (time and index entries examined per tick with 0, 10 and 100 due);
 * and on the local server (dynalite, the WebSocket emulation, the real handlers) the round trip of a
 * ranked move from send to the mover's confirmation, p50/p99, over whole Togyz games between two
 * clients playing random legal moves.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "ws";
import { legalMoves, newGame, playAll, type State } from "../../core/games/index.js";
import { makeDeviceKeys, signChallenge, type DeviceKeys } from "../../core/identity.js";
import { initialRating, rateGame } from "../../core/ratings.js";
import type { MatchView } from "../../core/protocol/ranked.js";
import { startServer } from "../../functions/local/server.js";
import { makeMatch } from "../../core/ranked/game.js";
import { createMatches } from "../../functions/matches/matches.js";
import { createMemoryMatchStore } from "../../functions/matches/store.js";
import type { Emit } from "../bench.js";

type Msg = Record<string, unknown> & { type: string };

function client(
  url: string,
): Promise<{ send: (m: object) => void; next: (p: (m: Msg) => boolean) => Promise<Msg>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const queue: Msg[] = [];
    const waiters: { p: (m: Msg) => boolean; r: (m: Msg) => void }[] = [];
    ws.on("message", (d) => {
      const m = JSON.parse(String(d)) as Msg;
      const i = waiters.findIndex((w) => w.p(m));
      if (i >= 0) waiters.splice(i, 1)[0].r(m);
      else queue.push(m);
    });
    ws.once("error", reject);
    ws.once("open", () =>
      resolve({
        send: (m) => ws.send(JSON.stringify(m)),
        next: (p) => {
          const i = queue.findIndex(p);
          if (i >= 0) return Promise.resolve(queue.splice(i, 1)[0]);
          return new Promise((r) => waiters.push({ p, r }));
        },
        close: () => ws.close(),
      }),
    );
  });
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export async function run(emit: Emit): Promise<void> {
  let a = initialRating();
  let b = initialRating();
  const n = 100_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) [a, b] = rateGame(a, b, i % 3 === 0 ? 0.5 : 1);
  emit({
    name: "ranked.glicko2_updates_per_second",
    unit: "updates/s",
    value: Math.round((2 * n) / ((performance.now() - t0) / 1000)),
  });
  await tickFigures(emit);

  process.env.RATE_LIMIT = "1000000";
  process.env.RANKED_WINDOW_STEP_MS = "1"; // pair the two clients again at once after their first game
  const dir = mkdtempSync(join(tmpdir(), "bench-ranked-"));
  const server = await startServer({ port: 0, dataDir: dir, staticDir: join(dir, "none"), quiet: true });
  try {
    const keys: DeviceKeys[] = [1, 2].map((i) => makeDeviceKeys(new Uint8Array(32).fill(100 + i)));
    const cs = await Promise.all(keys.map(() => client(server.wsUrl)));
    for (let i = 0; i < 2; i++) {
      cs[i].send({ type: "auth.hello", playerId: keys[i].playerId });
      const ch = await cs[i].next((m) => m.type === "auth.challenge");
      cs[i].send({
        type: "auth.prove",
        signature: signChallenge(keys[i], String(ch.challenge)),
        name: `Bench ${i + 1}`,
      });
      await cs[i].next((m) => m.type === "auth.ok");
    }
    const times: number[] = [];
    for (let game = 0; game < 2; game++) {
      cs[0].send({ type: "ranked.seek", game: "togyz" });
      cs[1].send({ type: "ranked.seek", game: "togyz" });
      const starts = await Promise.all(cs.map((c) => c.next((m) => m.type === "ranked.start")));
      const bySeat = starts[0].seat === 0 ? [cs[0], cs[1]] : [cs[1], cs[0]];
      let match = starts[0].match as MatchView;
      let seed = 12345 + game;
      while (match.status === "active") {
        const state = replay(match);
        const moves = legalMoves(state);
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const move = moves[seed % moves.length];
        const mover = bySeat[match.toMove];
        const rid = `m${match.version}`;
        const t = performance.now();
        mover.send({ type: "ranked.move", rid, matchId: match.id, version: match.version, move });
        const reply = await mover.next((m) => m.rid === rid);
        times.push(performance.now() - t);
        if (reply.type === "ranked.error") throw new Error(JSON.stringify(reply));
        match = reply.match as MatchView;
      }
    }
    const secs = times.reduce((x, y) => x + y, 0) / 1000;
    emit({ name: "ranked.local.move_round_trip_p50", unit: "ms", value: Number(percentile(times, 50).toFixed(2)) });
    emit({ name: "ranked.local.move_round_trip_p99", unit: "ms", value: Number(percentile(times, 99).toFixed(2)) });
    emit({ name: "ranked.local.sequential_moves_per_second", unit: "moves/s", value: Math.round(times.length / secs) });
    for (const c of cs) c.close();
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Ticks over 10,000 active matches whose deadlines are one second apart: work per tick by due count. */
async function tickFigures(emit: Emit): Promise<void> {
  const T0 = 1_700_000_000_000;
  let now = T0;
  const store = createMemoryMatchStore();
  const matches = createMatches({
    store,
    gateway: { send: async () => true },
    now: () => now,
    graceMs: 90_000,
    onEnded: async () => null,
  });
  const seat = (i: number) => ({ playerId: `p${i}`, name: `P${i}`, rating: 1500, rd: 200, vol: 0.06 });
  for (let i = 0; i < 10_000; i++) {
    await store.putMatch(
      makeMatch({
        id: `m${i}`,
        game: "ayo",
        options: {},
        seats: [seat(2 * i), seat(2 * i + 1)],
        conns: [`c${2 * i}`, `c${2 * i + 1}`],
        clock: { initialMs: 1_000 * (i + 1), incrementMs: 0 },
        now: T0,
        firstMoveMs: 10 * 24 * 3600_000,
      }),
      null,
    );
  }
  let at = 0;
  for (const due of [0, 10, 100]) {
    at += due * 1_000;
    now = T0 + at + 500;
    const examined = store.examined();
    const t = performance.now();
    const r = await matches.tick();
    const ms = performance.now() - t;
    if (r.due !== due) throw new Error(`expected ${due} due, read ${r.due}`);
    emit({ name: `ranked.tick_10000_active_${due}_due_ms`, unit: "ms", value: Number(ms.toFixed(2)) });
    emit({
      name: `ranked.tick_10000_active_${due}_due_examined`,
      unit: "index entries",
      value: store.examined() - examined,
    });
  }
}

function replay(m: MatchView): State {
  const g = newGame(m.game, m.options);
  if (!g.ok) throw new Error(g.error.message);
  const s = playAll(g.value, m.moves);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}
