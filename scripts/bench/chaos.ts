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
 */
import { loadavg } from "node:os";
import {
  CHAOS_SCALE,
  friendGame,
  percentile,
  rankedGame,
  startChaosServer,
  type GameReport,
} from "./harness/chaos.js";
import type { Emit } from "../bench.js";

type Mode = GameReport["mode"];

export async function run(emit: Emit): Promise<void> {
  const games = Math.max(2, Number(process.env.CHAOS_GAMES ?? 200));
  const parallel = Math.max(1, Number(process.env.CHAOS_PARALLEL ?? 8));
  const modes = (process.env.CHAOS_MODES ?? "friend,ranked")
    .split(",")
    .filter((m): m is Mode => m === "friend" || m === "ranked");
  if (modes.length === 0) throw new Error("CHAOS_MODES: friend, ranked or both");
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
  let next = 0;
  const started = Date.now();
  try {
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let i = next++; i < games; i = next++) {
          const mode = modes[i % modes.length];
          const t0 = Date.now();
          try {
            const r =
              mode === "friend"
                ? await friendGame(chaos.server.wsUrl, scale, 1000 + i)
                : await rankedGame(chaos.server.wsUrl, scale, 1000 + i, `b${i}`);
            reports.push(r);
            if (process.env.CHAOS_VERBOSE !== undefined)
              process.stderr.write(
                `chaos: game ${i} ${Math.round((Date.now() - t0) / 1000)}s lost=${r.lost} dup=${r.duplicated} false=${r.falseDepartures} ${r.detail}\n`,
              );
          } catch (e) {
            failures.push({ mode, why: `game ${i} (${mode}): ${e instanceof Error ? e.message : String(e)}` });
            if (process.env.CHAOS_VERBOSE !== undefined)
              process.stderr.write(`chaos: game ${i} ${Math.round((Date.now() - t0) / 1000)}s failed\n`);
          }
        }
      }),
    );
  } finally {
    await chaos.stop();
  }
  for (const f of failures) process.stderr.write(`chaos: ${f.why}\n`);
  for (const r of reports)
    if (r.lost + r.duplicated + r.falseDepartures + r.refusedStale + r.otherMatch > 0 || !r.same)
      process.stderr.write(
        `chaos: ${r.mode} lost=${r.lost} dup=${r.duplicated} false=${r.falseDepartures} same=${r.same} ${r.detail}\n`,
      );
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
