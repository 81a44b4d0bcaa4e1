/**
 * `npm run -s bench chaos`: at least 200 whole games (half friend, half ranked) between two clients
 * on the local server under every gateway fault at once, at the chaos test's scale
 * (functions/local/chaos.ts), CHAOS_PARALLEL games at a time (default 12). Prints JSON lines: games,
 * lost and duplicated actions, false departures, games whose devices disagree, reconnects and the
 * time to recover p50/p99, the clock's worst overcharge, and what the gateway did.
 */
import {
  CHAOS_SCALE,
  friendGame,
  percentile,
  rankedGame,
  startChaosServer,
  type GameReport,
} from "../../functions/local/chaos.js";
import type { Emit } from "../bench.js";

export async function run(emit: Emit): Promise<void> {
  const games = Math.max(2, Number(process.env.CHAOS_GAMES ?? 200));
  const parallel = Math.max(1, Number(process.env.CHAOS_PARALLEL ?? 12));
  const chaos = await startChaosServer(CHAOS_SCALE, parallel);
  const reports: GameReport[] = [];
  const failures: string[] = [];
  let next = 0;
  const started = Date.now();
  try {
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let i = next++; i < games; i = next++) {
          try {
            reports.push(
              i % 2 === 0
                ? await friendGame(chaos.server.wsUrl, CHAOS_SCALE, 1000 + i)
                : await rankedGame(chaos.server.wsUrl, CHAOS_SCALE, 1000 + i, `b${i}`),
            );
          } catch (e) {
            failures.push(`game ${i}: ${e instanceof Error ? e.message : String(e)}`);
          }
        }
      }),
    );
  } finally {
    await chaos.stop();
  }
  for (const f of failures) process.stderr.write(`chaos: ${f}\n`);
  const sum = (f: (r: GameReport) => number, rs: readonly GameReport[] = reports): number =>
    rs.reduce((n, r) => n + f(r), 0);
  for (const mode of ["friend", "ranked", "all"] as const) {
    const rs = mode === "all" ? reports : reports.filter((r) => r.mode === mode);
    const rec = rs.flatMap((r) => r.recoveries);
    const over = rs.flatMap((r) => r.overcharges);
    const row = (name: string, unit: string, value: number): void =>
      emit({ name: `chaos.${mode}.${name}`, unit, value });
    row("games", "games", rs.length);
    row(
      "moves",
      "moves",
      sum((r) => r.moves, rs),
    );
    row(
      "lost",
      "actions",
      sum((r) => r.lost, rs),
    );
    row(
      "duplicated",
      "actions",
      sum((r) => r.duplicated, rs),
    );
    row(
      "false_departures",
      "events",
      sum((r) => r.falseDepartures, rs),
    );
    row("disagreeing", "games", rs.filter((r) => !r.same).length);
    row("recoveries", "reconnects", rec.length);
    row("recovery_p50", "ms", percentile(rec, 50));
    row("recovery_p99", "ms", percentile(rec, 99));
    if (over.length > 0) row("clock_overcharge_max", "ms", Math.max(...over));
  }
  emit({ name: "chaos.unfinished", unit: "games", value: failures.length });
  const f = chaos.server.stats().faults;
  emit({ name: "chaos.gateway.messages", unit: "messages", value: f.messages });
  emit({ name: "chaos.gateway.throttled", unit: "messages", value: f.throttled });
  emit({ name: "chaos.gateway.failed", unit: "messages", value: f.failed });
  emit({ name: "chaos.gateway.dropped", unit: "connections", value: f.dropped });
  emit({ name: "chaos.gateway.idle_cuts", unit: "connections", value: f.idleCuts });
  emit({ name: "chaos.gateway.max_cuts", unit: "connections", value: f.maxCuts });
  emit({ name: "chaos.seconds", unit: "s", value: Math.round((Date.now() - started) / 1000) });
}
