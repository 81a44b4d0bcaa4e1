/**
 * The ranked timer: ends the matches that are due (clock, first move, grace), settles finished
 * ones, and pairs seekers whose window has widened or who are alone in the queue.
 *
 * EventBridge starts it once a minute in AWS; the invocation then ticks every second until its
 * minute is nearly over, so a flag lands within about a second of the deadline. Each tick reads only
 * the due matches (the deadline index), so a quiet second costs one query per index shard plus the
 * seek queues. Locally the server calls it every second without a Lambda context: one tick per call.
 */
import { documentClient, managementClient, readConfig } from "../lib/config.js";
import { makeApiGateway } from "../lib/gateway.js";
import { makeRankedGateway, makeRankedServiceFor } from "./ports.js";
import type { TickReport } from "./service.js";

/** Ticks per invocation are spaced this far apart. */
export const TICK_EVERY_MS = 1_000;
/**
 * An invocation ticks for a little over its minute, so it overlaps the next one by a second instead
 * of leaving a gap (two ticks at once are harmless: every change is a conditional write), and stops
 * this long before its Lambda timeout (which must therefore be above 63 s).
 */
const INVOCATION_SPAN_MS = 61_000;
const STOP_BEFORE_MS = 1_500;

interface LambdaContext {
  getRemainingTimeInMillis(): number;
}

export const handler = async (_event?: unknown, context?: LambdaContext): Promise<TickReport> => {
  const cfg = readConfig();
  // In AWS the stack passes the WebSocket API's management endpoint; locally the server sets its own.
  const endpoint = new URL(process.env.WS_ENDPOINT ?? cfg.gatewayEndpoint ?? "http://127.0.0.1");
  const client = managementClient(endpoint.host, endpoint.pathname.replace(/^\/+/, ""), cfg);
  const gateway = makeRankedGateway(makeApiGateway(client), client);
  const service = makeRankedServiceFor(documentClient(cfg), cfg.tableName, gateway);
  const started = Date.now();
  const total = { matches: 0, ended: 0, paired: 0 };
  for (;;) {
    const t = Date.now();
    const r = await service.tick();
    total.matches += r.matches;
    total.ended += r.ended;
    total.paired += r.paired;
    if (typeof context?.getRemainingTimeInMillis !== "function") return total;
    const next = t + TICK_EVERY_MS;
    if (next - started > INVOCATION_SPAN_MS || context.getRemainingTimeInMillis() < STOP_BEFORE_MS + TICK_EVERY_MS) return total;
    await new Promise((res) => setTimeout(res, Math.max(0, next - Date.now())));
  }
};
