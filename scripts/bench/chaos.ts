/**
 * `npm run -s bench chaos`: at least 200 whole games (half friend, half ranked) between two clients
 * on the local server under every gateway fault at once, at the chaos test's scale
 * (scripts/bench/harness/chaos.ts), CHAOS_PARALLEL games at a time (default 8). CHAOS_GAMES sets the
 * number of games, CHAOS_MODES the kinds (`friend,ranked`, `ranked` or `friend`), CHAOS_THROTTLED the
 * share of messages throttled at random (default 0.1), CHAOS_RATE a stage throttle (token bucket)
 * per game in play on top (default none). Prints JSON lines
 * per mode and in all: games finished and unfinished, lost and duplicated actions, false
 * departures, games whose devices disagree, reconnects and the time to recover p50/p99, the
 * clock's worst overcharge; then what the gateway did (its throttled and failed shares measured)
 * and the machine's load average.
 *
 * False departures: a game that ends by abandonment, time, forfeit or abort nobody chose, and
 * each absence of ABSENCE_QUIET_MS or more one player was shown of the other while both were in
 * the game. Every absence shown that long is counted (`shown_away`) and sorted: `real_absences`,
 * the other really was away that long (its own link was not back in the game: at this scale a
 * reconnect can meet a drop, a throttled sign-in and a failed one in a row), and `observer_away`,
 * the watching side was away itself for the rest and could not be told (harness `sortAbsences`).
 *
 * Replay: every fault the gateway gives a player (its drops, each message's throttle and failure)
 * and every move and chat line is drawn from the game's seed, derived from the run's seed
 * (`chaos.seed`, first row; CHAOS_SEED sets it, default random). Each game that shows anything
 * (lost, duplicated, a false departure, devices disagreeing, a stale refusal, another match, or
 * unfinished) gets a `chaos.game` row with its seed, the command that plays it again alone
 * (`CHAOS_SEED=… CHAOS_GAME=… CHAOS_MODES=…`) and the file holding its trace (scripts/bench/harness/chaos.ts
 * `Trace`: both sides' frames and states and the gateway's view of each of their connections),
 * under CHAOS_TRACE_DIR (default the system's temporary folder). The machine's speed still moves
 * the timing, so a re-run meets the same faults but may not fail the same way: the trace is what
 * the failing run did. A single game (CHAOS_GAME) prints its trace on standard error too.
 */
import { randomInt } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
  CHAOS_SCALE,
  createTrace,
  friendGame,
  gameSeed,
  percentile,
  rankedGame,
  startChaosServer,
  type GameReport,
} from "./harness/chaos.js";
import type { Emit } from "../bench.js";

type Mode = GameReport["mode"];

export async function run(emit: Emit): Promise<void> {
  const modesText = process.env.CHAOS_MODES ?? "friend,ranked";
  const modes = modesText.split(",").filter((m): m is Mode => m === "friend" || m === "ranked");
  if (modes.length === 0) throw new Error("CHAOS_MODES: friend, ranked or both");
  const seedText = process.env.CHAOS_SEED;
  const runSeed = seedText === undefined || seedText === "" ? randomInt(2 ** 32) : Number(seedText);
  if (!Number.isInteger(runSeed) || runSeed < 0 || runSeed >= 2 ** 32)
    throw new Error("CHAOS_SEED: a whole number from 0 to 2^32 - 1");
  const gameText = process.env.CHAOS_GAME;
  const only = gameText === undefined || gameText === "" ? null : Number(gameText);
  if (only !== null && (!Number.isInteger(only) || only < 0)) throw new Error("CHAOS_GAME: a game's number in its run");
  const games = only !== null ? only + 1 : Math.max(2, Number(process.env.CHAOS_GAMES ?? 200));
  const parallel = only !== null ? 1 : Math.max(1, Number(process.env.CHAOS_PARALLEL ?? 8));
  const traceDir = join(process.env.CHAOS_TRACE_DIR ?? join(tmpdir(), "mancala-chaos"), String(runSeed));
  emit({ name: "chaos.seed", unit: "seed", value: runSeed });
  // The "10% of messages throttled": CHAOS_THROTTLED (default 0.1) of the messages are
  // refused with the throttle's frame at random. A token bucket's share follows demand, and so the
  // machine's load (the same bucket refused 6% to 38% of ranked messages), so it is off unless
  // CHAOS_RATE sets it (messages a second per game in play; burst one less): the harsher setting.
  const rate = Number(process.env.CHAOS_RATE);
  const throttled = Number(process.env.CHAOS_THROTTLED ?? 0.1);
  if (!Number.isFinite(throttled) || throttled < 0 || throttled > 1)
    throw new Error("CHAOS_THROTTLED: a fraction from 0 to 1");
  const scale = {
    ...CHAOS_SCALE,
    throttled,
    ...(Number.isFinite(rate) && rate > 0
      ? { ratePerGame: rate, burstPerGame: Math.max(1, rate - 1) }
      : { ratePerGame: null }),
  };
  const load = loadavg()[0];
  const chaos = await startChaosServer(scale, parallel);
  const reports: GameReport[] = [];
  const failures: { mode: Mode; why: string }[] = [];
  /** The games that showed anything, for their `chaos.game` rows. */
  const marked: { index: number; mode: Mode; seed: number; why: string; report: GameReport | null; trace: string }[] =
    [];
  let next = only ?? 0;
  const started = Date.now();
  try {
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let i = next++; i < games; i = next++) {
          const mode = modes[i % modes.length];
          const game = { index: i, seed: gameSeed(runSeed, i) };
          const trace = createTrace();
          const t0 = Date.now();
          const keep = (why: string, report: GameReport | null): void => {
            mkdirSync(traceDir, { recursive: true });
            const file = join(traceDir, `game-${i}-${mode}.txt`);
            writeFileSync(file, [`${mode} game ${i} seed ${game.seed}: ${why}`, ...trace.lines()].join("\n") + "\n");
            marked.push({ index: i, mode, seed: game.seed, why, report, trace: file });
          };
          try {
            const r =
              mode === "friend"
                ? await friendGame(chaos, scale, game, trace)
                : await rankedGame(chaos, scale, game, `b${i}`, trace);
            reports.push(r);
            if (process.env.CHAOS_VERBOSE !== undefined)
              process.stderr.write(
                `chaos: game ${i} ${Math.round((Date.now() - t0) / 1000)}s lost=${r.lost} dup=${r.duplicated} false=${r.falseDepartures} ${r.detail}\n`,
              );
            const a = r.absences;
            if (r.lost + r.duplicated + r.falseDepartures + r.refusedStale + r.otherMatch + a.shown > 0 || !r.same)
              keep(
                `lost=${r.lost} dup=${r.duplicated} false=${r.falseDepartures} same=${r.same} stale=${r.refusedStale} otherMatch=${r.otherMatch}` +
                  ` shown_away=${a.shown} (real ${a.real}, observer away ${a.observerAway}, unexplained ${a.unexplained}) ${r.detail}`,
                r,
              );
          } catch (e) {
            const why = `unfinished: ${e instanceof Error ? e.message : String(e)}`;
            failures.push({ mode, why: `game ${i} (${mode}): ${why}` });
            keep(why, null);
            if (process.env.CHAOS_VERBOSE !== undefined)
              process.stderr.write(`chaos: game ${i} ${Math.round((Date.now() - t0) / 1000)}s failed\n`);
          }
          if (only !== null) process.stderr.write(trace.lines().join("\n") + "\n");
        }
      }),
    );
  } finally {
    await chaos.stop();
  }
  for (const m of marked.sort((x, y) => x.index - y.index)) {
    process.stderr.write(`chaos: game ${m.index} (${m.mode}) ${m.why}\n  trace ${m.trace}\n`);
    emit({
      name: "chaos.game",
      unit: "seed",
      value: m.seed,
      detail: {
        game: m.index,
        mode: m.mode,
        lost: m.report?.lost ?? 0,
        duplicated: m.report?.duplicated ?? 0,
        false_departures: m.report?.falseDepartures ?? 0,
        shown_away: m.report?.absences.shown ?? 0,
        real_absences: m.report?.absences.real ?? 0,
        observer_away: m.report?.absences.observerAway ?? 0,
        unfinished: m.report === null,
        replay: `CHAOS_SEED=${runSeed} CHAOS_GAME=${m.index} CHAOS_MODES=${modesText} npm run -s bench chaos`,
        trace: m.trace,
      },
    });
  }
  const sum = (rs: readonly GameReport[], f: (r: GameReport) => number): number => rs.reduce((n, r) => n + f(r), 0);
  for (const mode of [...modes, "all"] as const) {
    const rs = mode === "all" ? reports : reports.filter((r) => r.mode === mode);
    const rec = rs.flatMap((r) => r.recoveries);
    const over = rs.flatMap((r) => r.overcharges);
    const row = (name: string, unit: string, value: number): void =>
      emit({ name: `chaos.${mode}.${name}`, unit, value });
    row("games", "games", rs.length);
    row("unfinished", "games", failures.filter((f) => mode === "all" || f.mode === mode).length);
    row(
      "moves",
      "moves",
      sum(rs, (r) => r.moves),
    );
    row(
      "lost",
      "actions",
      sum(rs, (r) => r.lost),
    );
    row(
      "duplicated",
      "actions",
      sum(rs, (r) => r.duplicated),
    );
    row(
      "false_departures",
      "events",
      sum(rs, (r) => r.falseDepartures),
    );
    // Every absence of ABSENCE_QUIET_MS or more shown, and what it was: the other really away
    // that long, or the watching side away itself (it could not be told). The rest are counted in
    // false_departures.
    row(
      "shown_away",
      "absences",
      sum(rs, (r) => r.absences.shown),
    );
    row(
      "real_absences",
      "absences",
      sum(rs, (r) => r.absences.real),
    );
    row(
      "observer_away",
      "absences",
      sum(rs, (r) => r.absences.observerAway),
    );
    row("disagreeing", "games", rs.filter((r) => !r.same).length);
    if (mode !== "friend") {
      // A move refused as stale and never applied, or a push of another match: a player held two.
      row(
        "refused_stale",
        "moves",
        sum(rs, (r) => r.refusedStale),
      );
      row(
        "other_match",
        "pushes",
        sum(rs, (r) => r.otherMatch),
      );
    }
    row("recoveries", "reconnects", rec.length);
    row("recovery_p50", "ms", percentile(rec, 50));
    row("recovery_p99", "ms", percentile(rec, 99));
    if (over.length > 0) row("clock_overcharge_max", "ms", Math.max(...over));
  }
  const f = chaos.server.stats().faults;
  emit({ name: "chaos.gateway.messages", unit: "messages", value: f.messages });
  emit({ name: "chaos.gateway.throttled", unit: "messages", value: f.throttled });
  // Integration failures happen to messages the throttle let through.
  emit({ name: "chaos.gateway.failed", unit: "messages", value: f.failed });
  emit({ name: "chaos.gateway.throttled_share", unit: "%", value: share(f.throttled, f.messages) });
  emit({ name: "chaos.gateway.failed_share", unit: "%", value: share(f.failed, f.messages - f.throttled) });
  emit({ name: "chaos.gateway.dropped", unit: "connections", value: f.dropped });
  emit({ name: "chaos.gateway.idle_cuts", unit: "connections", value: f.idleCuts });
  emit({ name: "chaos.gateway.max_cuts", unit: "connections", value: f.maxCuts });
  emit({ name: "chaos.parallel", unit: "games", value: parallel });
  emit({ name: "chaos.seconds", unit: "s", value: Math.round((Date.now() - started) / 1000) });
  emit({ name: "chaos.load_average_start", unit: "load", value: Math.round(load * 10) / 10 });
  emit({ name: "chaos.load_average_end", unit: "load", value: Math.round(loadavg()[0] * 10) / 10 });
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10;
}
