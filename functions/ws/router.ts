/**
 * One client frame on the WebSocket, checked in a fixed order: size → JSON envelope → schema of its
 * type → per-connection rate → the domain (friend rooms here; `auth.*` and `ranked.*` go to
 * `functions/ranked/router.ts`). Every refusal is answered with an
 * `error` message naming its code; nothing is thrown at the gateway for bad input.
 */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { parseEnvelope, ridOf } from "../../core/protocol/envelope.js";
import { RATE_LIMIT, RATE_WINDOW_MS, makeError, parseFriendClientMessage } from "../../core/protocol/friend.js";
import { isRankedType } from "../../core/protocol/ranked.js";
import { friendDisconnect, friendMessage } from "../friends/service.js";
import { onRankedDisconnect, routeRanked } from "../ranked/router.js";
import type { RealtimePorts } from "./ports.js";

export type { RealtimeContext } from "./context.js";

/** Ranked play (functions/ranked/router.ts), imported statically so the bundled Lambda carries it. */
const ranked = { routeRanked, onRankedDisconnect };

export function rateLimit(): number {
  const n = Number(process.env.RATE_LIMIT);
  return Number.isInteger(n) && n > 0 ? n : RATE_LIMIT;
}

export async function receive(p: RealtimePorts, event: APIGatewayProxyWebsocketEventV2, now: number): Promise<void> {
  const connectionId = event.requestContext.connectionId;
  const reply = (m: object): Promise<boolean> => p.gateway.send(connectionId, m);
  const text = event.isBase64Encoded ? "" : event.body ?? "";
  if (event.isBase64Encoded) {
    await reply(makeError("proto/malformed", "binary frames are not accepted"));
    return;
  }
  const env = parseEnvelope(text);
  if (!env.ok) {
    await reply(makeError(env.error.code, env.error.message));
    return;
  }
  const rid = ridOf(env.value);
  const withRid = rid !== undefined ? { rid } : {};
  const rankedType = isRankedType(env.value.type);
  const parsed = rankedType ? null : parseFriendClientMessage(env.value);
  if (parsed !== null && !parsed.ok) {
    await reply(makeError(parsed.error.code, parsed.error.message, withRid));
    return;
  }
  const rate = await p.conns.countMessage(connectionId, now, RATE_WINDOW_MS, rateLimit());
  if (!rate.allowed) {
    await reply(makeError("rate/limited", `at most ${rateLimit()} messages in ${RATE_WINDOW_MS / 1000} s`, withRid));
    return;
  }
  if (rate.connection === null) {
    await reply(makeError("server/error", "unknown connection; reconnect", withRid));
    return;
  }
  if (parsed === null) {
    await ranked.routeRanked({ connectionId, now, event, ports: p, connection: rate.connection, reply }, env.value);
    return;
  }
  const out = await friendMessage(p, rate.connection, parsed.value, now);
  if (out !== null) await reply(out);
}

export async function connect(p: RealtimePorts, event: APIGatewayProxyWebsocketEventV2, now: number): Promise<void> {
  await p.conns.put(event.requestContext.connectionId, now);
}

export async function disconnect(p: RealtimePorts, event: APIGatewayProxyWebsocketEventV2, now: number): Promise<void> {
  const connectionId = event.requestContext.connectionId;
  const connection = await p.conns.get(connectionId, now);
  await ranked.onRankedDisconnect({ connectionId, now, event, ports: p, connection });
  await friendDisconnect(p, connectionId, now);
}
