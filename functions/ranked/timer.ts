/**
 * The ranked timer: ends the matches that are due (clock, first move, grace), settles finished
 * ones, and pairs seekers whose window has widened or who are alone in the queue.
 *
 * EventBridge starts it once a minute in AWS; the invocation then ticks every second for its span
 * (functions/ranked/span.ts: a little under the minute, so it ends before the next one starts), so a
 * flag lands within about a second of the deadline (a few seconds in the minute's last gap). Each tick reads only the
 * due matches (the deadline index), so a quiet second costs one query per index shard plus the seek
 * queues. An idle deployment (no match on the index, nobody seeking) returns after the first tick,
 * so it costs one short run a minute; a match made during that minute is watched from the next
 * minute on, long before its first deadline (a first move has 60 s, clocks run minutes). Locally the
 * server calls it every second without a Lambda context: one tick per call.
 */
import { documentClient, managementClient, readConfig } from "../lib/config.js";
import { randomBytes } from "node:crypto";
import { makeApiGateway } from "../lib/gateway.js";
import { makeDynamoTimerLease, type TimerLease } from "./lease.js";
import { makeRankedPorts } from "./ports.js";
import { createRankedService } from "./service.js";
import type { RankedService, TickReport } from "./service.js";

import { INVOCATION_SPAN_MS, STOP_BEFORE_MS, TICK_EVERY_MS } from "./span.js";

interface LambdaContext {
  getRemainingTimeInMillis(): number;
}

export interface TickClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const REAL_CLOCK: TickClock = { now: Date.now, sleep: (ms) => new Promise((res) => setTimeout(res, ms)) };

/** The lease an invocation ticks under, and its own name as holder. */
export interface TickLease {
  readonly lease: TimerLease;
  readonly holder: string;
}

/**
 * Ticks `service` as one invocation does: once without a Lambda context; with one, every second
 * for about a minute while there is something to watch, stopping before the Lambda's timeout. With
 * a lease, a tick acts only while it holds it (a second skipped otherwise) and the lease is given up
 * at the end.
 */
export async function tickForAMinute(
  service: Pick<RankedService, "tick" | "busy">,
  context?: LambdaContext,
  clock: TickClock = REAL_CLOCK,
  lease?: TickLease,
): Promise<TickReport & { ticks: number; skipped: number }> {
  const started = clock.now();
  const total = { matches: 0, ended: 0, paired: 0, waiting: 0, ticks: 0, skipped: 0 };
  try {
    for (;;) {
      const t = clock.now();
      if (lease === undefined || (await lease.lease.acquire(lease.holder, t))) {
        const r = await service.tick();
        total.ticks++;
        total.matches += r.matches;
        total.ended += r.ended;
        total.paired += r.paired;
        total.waiting = r.waiting;
        if (typeof context?.getRemainingTimeInMillis !== "function") return total;
        if (total.ticks === 1 && !(await service.busy(r))) return total;
      } else {
        total.skipped++;
        if (typeof context?.getRemainingTimeInMillis !== "function") return total;
      }
      const next = t + TICK_EVERY_MS;
      if (next - started > INVOCATION_SPAN_MS || context.getRemainingTimeInMillis() < STOP_BEFORE_MS + TICK_EVERY_MS)
        return total;
      await clock.sleep(Math.max(0, next - clock.now()));
    }
  } finally {
    if (lease !== undefined) await lease.lease.release(lease.holder);
  }
}

/** Each tick also ticks the tournaments (functions/tournaments): due starts, arena pairings, ends. */
function withTournaments(p: ReturnType<typeof makeRankedPorts>): Pick<RankedService, "tick" | "busy"> {
  const service = createRankedService(p.ports);
  return {
    async tick() {
      const r = await service.tick();
      await p.tournaments.tick();
      return r;
    },
    busy: (r) => service.busy(r),
  };
}

export const handler = async (_event?: unknown, context?: LambdaContext): Promise<TickReport> => {
  const cfg = readConfig();
  // In AWS the stack passes the WebSocket API's management endpoint; locally the server sets its own.
  const endpoint = new URL(process.env.WS_ENDPOINT ?? cfg.gatewayEndpoint ?? "http://127.0.0.1");
  const client = managementClient(endpoint.host, endpoint.pathname.replace(/^\/+/, ""), cfg);
  const db = documentClient(cfg);
  const gateway = makeApiGateway(client);
  const lease = { lease: makeDynamoTimerLease(db, cfg.tableName), holder: randomBytes(9).toString("base64url") };
  const {
    ticks: _ticks,
    skipped: _skipped,
    ...report
  } = await tickForAMinute(
    withTournaments(makeRankedPorts(db, cfg.tableName, gateway, (c, m) => gateway.send(c, m))),
    context,
    REAL_CLOCK,
    lease,
  );
  return report;
};
