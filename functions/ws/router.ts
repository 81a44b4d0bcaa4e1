/**
 * One client frame on the WebSocket, checked in a fixed order: size → JSON envelope → schema of its
 * type → flood limits (in process: per connection, per source address, per identity, and the chat
 * rule; a refusal costs no write) → the domain (friend rooms here; `auth.*` and `ranked.*` go to
 * `functions/ranked/router.ts`). Every refusal is answered with an `error` message naming its code;
 * nothing is thrown at the gateway for bad input.
 *
 * The answer to the sender is returned, not posted: the `$default` handler gives it back as the
 * route response (API Gateway sends it to the caller as a frame, stacks/ApiStack.ts; the local
 * gateway does the same), so a relayed move costs one write and one post, to the other seat.
 * A `relay` needs no read either: its seat token (friends/token.ts) proves the seat, and is checked
 * before the seat's identity bucket is charged.
 */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { parseEnvelope, ridOf } from "../../core/protocol/envelope.js";
import {
  CHAT_LIMIT,
  CHAT_WINDOW_MS,
  RATE_WINDOW_MS,
  makeError,
  parseFriendClientMessage,
} from "../../core/protocol/friend.js";
import { isRankedType } from "../../core/protocol/ranked.js";
import { friendDisconnect, friendMessage, friendRelay } from "../friends/service.js";
import { checkSeatToken } from "../friends/token.js";
import { allowChat, allowIdentity, allowMessage, floodLimits, forgetConnection } from "../lib/flood.js";
import { onRankedDisconnect, routeRanked } from "../ranked/router.js";
import type { RealtimePorts } from "./ports.js";

export type { RealtimeContext } from "./context.js";

/** Ranked play (functions/ranked/router.ts), imported statically so the bundled Lambda carries it. */
const ranked = { routeRanked, onRankedDisconnect };

export function rateLimit(): number {
  return floodLimits().connection;
}

/** Ranked messages the service handles from the match item alone. */
const MATCH_ACTIONS: ReadonlySet<string> = new Set([
  "ranked.move",
  "ranked.resign",
  "ranked.abort",
  "ranked.agree_end",
]);

const LIMITED = {
  connection: "on this connection",
  address: "from this network address",
  identity: "for this player",
} as const;

/** Handles one frame; returns the answer for the sender (the route response), or null. */
export async function receive(
  p: RealtimePorts,
  event: APIGatewayProxyWebsocketEventV2,
  now: number,
): Promise<object | null> {
  const connectionId = event.requestContext.connectionId;
  const address = (event.requestContext as { identity?: { sourceIp?: string } }).identity?.sourceIp ?? "unknown";
  if (event.isBase64Encoded) return makeError("proto/malformed", "binary frames are not accepted");
  const env = parseEnvelope(event.body ?? "");
  if (!env.ok) return makeError(env.error.code, env.error.message);
  const rid = ridOf(env.value);
  const withRid = rid !== undefined ? { rid } : {};
  const rankedType = isRankedType(env.value.type);
  const parsed = rankedType ? null : parseFriendClientMessage(env.value);
  if (parsed !== null && !parsed.ok) return makeError(parsed.error.code, parsed.error.message, withRid);
  const limits = floodLimits();
  const refuse = (what: "connection" | "address" | "identity"): object =>
    makeError(
      "rate/limited",
      `at most ${limits[what]} messages in ${RATE_WINDOW_MS / 1000} s ${LIMITED[what]}`,
      withRid,
    );

  // The hot path: a relayed message, with no read.
  if (parsed !== null && parsed.value.type === "relay") {
    const m = parsed.value;
    // Connection and address first; the seat's own bucket only once its token (an HMAC checked in
    // memory) proves the sender holds that seat, so a forged relay cannot drain the other seat's limit.
    const verdict = allowMessage({ connection: connectionId, address }, now, limits);
    if (verdict !== "ok") return refuse(verdict);
    if (!checkSeatToken(await p.tokenKey(), m.room, m.seat, connectionId, m.via, m.tok)) {
      return makeError("room/not_seated", "take a seat before sending (join the room again)", withRid);
    }
    if (!allowIdentity(`seat:${m.room}:${m.seat}`, now, limits)) return refuse("identity");
    if (m.kind === "chat" && !allowChat(connectionId, now)) {
      return makeError("chat/flood", `at most ${CHAT_LIMIT} chat messages in ${CHAT_WINDOW_MS / 1000} s`, withRid);
    }
    return friendRelay(p, connectionId, m, now);
  }

  // Connection and address first, so a refused message costs no read either; then the identity.
  const verdict = allowMessage({ connection: connectionId, address }, now, limits);
  if (verdict !== "ok") return refuse(verdict);
  if (parsed === null && MATCH_ACTIONS.has(env.value.type)) {
    // A ranked move (or resign, abort, agreed end) needs no connection read: the service finds the
    // player from the seat this connection holds in the match item.
    const reply = (m: object): Promise<boolean> => p.gateway.send(connectionId, m);
    return ranked.routeRanked({ connectionId, now, event, ports: p, connection: undefined, reply }, env.value);
  }
  const connection = await p.conns.get(connectionId, now);
  const identity =
    typeof connection?.rankedPlayer === "string"
      ? `player:${connection.rankedPlayer}`
      : connection?.roomId !== undefined
        ? `seat:${connection.roomId}:${String(connection.seat)}`
        : undefined;
  if (identity !== undefined && !allowIdentity(identity, now, limits)) return refuse("identity");
  if (connection === null) return makeError("server/error", "unknown connection; reconnect", withRid);
  if (parsed === null) {
    const reply = (m: object): Promise<boolean> => p.gateway.send(connectionId, m);
    return ranked.routeRanked({ connectionId, now, event, ports: p, connection, reply }, env.value);
  }
  const from =
    typeof connection.rankedPlayer === "string" ? { address, identity: connection.rankedPlayer } : { address };
  return friendMessage(p, connection, parsed.value, from, now);
}

export async function connect(p: RealtimePorts, event: APIGatewayProxyWebsocketEventV2, now: number): Promise<void> {
  await p.conns.put(event.requestContext.connectionId, now);
}

export async function disconnect(p: RealtimePorts, event: APIGatewayProxyWebsocketEventV2, now: number): Promise<void> {
  const connectionId = event.requestContext.connectionId;
  const connection = await p.conns.get(connectionId, now);
  await ranked.onRankedDisconnect({ connectionId, now, event, ports: p, connection });
  await friendDisconnect(p, connectionId, now);
  forgetConnection(connectionId);
}
