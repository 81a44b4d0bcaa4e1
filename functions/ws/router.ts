/**
 * The WebSocket entry. One client frame is checked in a fixed order: size → JSON envelope → the
 * schema of the domain its type prefix names (`DOMAINS`) → flood limits of the connection and of its
 * source network (in process; a refusal costs no read or write) → the domain, which charges the
 * identity it knows (a seat, a player) and does the work. Every refusal is answered with
 * an `error` message naming its code; nothing is thrown at the gateway for bad input.
 *
 * The answer to the sender is returned, not posted: the `$default` handler gives it back as the
 * route response (API Gateway sends it to the caller as a frame, stacks/ApiStack.ts; the local
 * gateway does the same), so a relayed move costs one write and one post, to the other seat.
 */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { makeErrorFrame } from "../../core/protocol/errors.js";
import { parseEnvelope, ridOf } from "../../core/protocol/envelope.js";
import { RANKED_TYPE_PREFIXES } from "../../core/protocol/ranked.js";
import { err, ok } from "../../core/types.js";
import { friendRouter } from "../friends/router.js";
import type { Connection } from "../lib/connections.js";
import { allowIdentity, allowMessage, floodLimits, forgetConnection, RATE_WINDOW_MS } from "../lib/flood.js";
import { networkOf } from "../lib/network.js";
import type { DomainRouter, MessageContext, RealtimeInfra } from "../lib/realtime.js";
import { rankedRouter } from "../ranked/router.js";
import { WATCH_TYPE_PREFIX } from "../../core/protocol/watch.js";
import { watchRouter } from "../spectate/router.js";
import { TOUR_TYPE_PREFIX } from "../../core/protocol/tournament.js";
import { tournamentRouter } from "../tournaments/router.js";
import { PUSH_TYPE_PREFIX } from "../../core/protocol/push.js";
import { pushRouter } from "../push/router.js";

/** Message-type prefix → domain, first match wins; friend rooms take every other type. */
const DOMAINS: readonly (readonly [prefix: string, router: DomainRouter])[] = [
  ...RANKED_TYPE_PREFIXES.map((p) => [p, rankedRouter] as const),
  [WATCH_TYPE_PREFIX, watchRouter],
  [TOUR_TYPE_PREFIX, tournamentRouter],
  [PUSH_TYPE_PREFIX, pushRouter],
  ["", friendRouter],
];
const ROUTERS: readonly DomainRouter[] = [...new Set(DOMAINS.map(([, r]) => r))];

const LIMITED = {
  connection: "on this connection",
  address: "from this network",
  identity: "for this player",
} as const;

/** Handles one frame; returns the answer for the sender (the route response), or null. */
export async function receive(
  infra: RealtimeInfra,
  event: APIGatewayProxyWebsocketEventV2,
  now: number,
): Promise<object | null> {
  const connectionId = event.requestContext.connectionId;
  // Every per-address limit from here on keys on the caller's network (an IPv6 /64, lib/network.ts).
  const address = networkOf(
    (event.requestContext as { identity?: { sourceIp?: string } }).identity?.sourceIp ?? "unknown",
  );
  if (event.isBase64Encoded) return makeErrorFrame("proto/malformed", "binary frames are not accepted", undefined);
  const env = parseEnvelope(event.body ?? "");
  if (!env.ok) return makeErrorFrame(env.error.code, env.error.message, undefined);
  const rid = ridOf(env.value);
  const type = env.value.type;
  const accepted = DOMAINS.find(([prefix]) => type.startsWith(prefix))![1].accept(env.value, rid);
  if (!accepted.ok) return accepted.error;
  const limits = floodLimits();
  const refuse = (what: keyof typeof LIMITED): object =>
    makeErrorFrame(
      "rate/limited",
      `at most ${limits[what]} messages in ${RATE_WINDOW_MS / 1000} s ${LIMITED[what]}`,
      rid,
    );
  // Connection and address first, so a refused message costs no read.
  const verdict = allowMessage({ connection: connectionId, address }, now, limits);
  if (verdict !== "ok") return refuse(verdict);

  const chargeIdentity = (identity: string): object | null =>
    allowIdentity(identity, now, limits) ? null : refuse("identity");
  let read: Promise<Connection | null> | undefined;
  const ctx: MessageContext = {
    infra,
    connectionId,
    address,
    now,
    rid,
    reply: (m) => infra.gateway.send(connectionId, m),
    chargeIdentity,
    async connection() {
      read ??= infra.conns.get(connectionId, now);
      const conn = await read;
      const identity = conn === null ? undefined : ROUTERS.map((r) => r.identityOf(conn)).find((x) => x !== undefined);
      const refused = identity === undefined ? null : chargeIdentity(identity);
      if (refused !== null) return err(refused);
      if (conn === null) return err(makeErrorFrame("server/error", "unknown connection; reconnect", rid));
      return ok(conn);
    },
  };
  return accepted.value(ctx);
}

export async function connect(
  infra: RealtimeInfra,
  event: APIGatewayProxyWebsocketEventV2,
  now: number,
): Promise<void> {
  await infra.conns.put(event.requestContext.connectionId, now);
}

export async function disconnect(
  infra: RealtimeInfra,
  event: APIGatewayProxyWebsocketEventV2,
  now: number,
): Promise<void> {
  const connectionId = event.requestContext.connectionId;
  const connection = await infra.conns.get(connectionId, now);
  for (const r of ROUTERS) await r.disconnect({ infra, connectionId, now, connection });
  forgetConnection(connectionId);
}
