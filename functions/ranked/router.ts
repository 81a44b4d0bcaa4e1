/**
 * Entry for `auth.*` and `ranked.*` WebSocket messages, called by the `$default` handler after the
 * frame's size, JSON envelope and rate were checked: validates the message with its schema, then
 * hands it to the ranked service. What the service sends to the sender itself is held back: the last
 * such message becomes the route response (no `@connections` post), any earlier ones are posted first,
 * in order. A move thus costs one post, to the opponent, plus the mover's route response. Also
 * `onRankedDisconnect`, called by `$disconnect`.
 */
import { ridOf, type Envelope } from "../../core/protocol/envelope.js";
import { makeRankedError, parseRankedClientMessage } from "../../core/protocol/ranked.js";
import { managementClient } from "../lib/config.js";
import { rankedAuthOf } from "../lib/connections.js";
import type { DisconnectContext, RealtimeContext } from "../ws/context.js";
import { makeRankedGateway, makeRankedServiceFor } from "./ports.js";
import type { RankedGateway } from "./types.js";
import type { RankedService } from "./service.js";

function serviceFor(
  ctx: Pick<DisconnectContext, "event" | "ports">,
  hold?: { connectionId: string; held: object[] },
): RankedService {
  const rc = ctx.event.requestContext;
  const base = makeRankedGateway(ctx.ports.gateway, managementClient(rc.domainName, rc.stage));
  const gateway: RankedGateway =
    hold === undefined
      ? base
      : {
          send: async (connId, m) => (connId === hold.connectionId ? (hold.held.push(m), true) : base.send(connId, m)),
          isConnected: base.isConnected,
        };
  return makeRankedServiceFor(ctx.ports.db, ctx.ports.tableName, gateway);
}

/** Handles one ranked message; returns the answer for the sender (the route response), or null. */
export async function routeRanked(ctx: RealtimeContext, msg: Envelope): Promise<object | null> {
  const rid = ridOf(msg);
  const parsed = parseRankedClientMessage(msg);
  if (!parsed.ok) return makeRankedError(parsed.error.code, parsed.error.message, rid !== undefined ? { rid } : {});
  const held: object[] = [];
  try {
    // The connection item the router already read carries the ranked identity: no second read.
    await serviceFor(ctx, { connectionId: ctx.connectionId, held }).handle(
      ctx.connectionId,
      parsed.value,
      ctx.connection !== undefined ? rankedAuthOf(ctx.connection, ctx.now) : undefined,
      (ctx.event.requestContext as { identity?: { sourceIp?: string } }).identity?.sourceIp,
    );
  } catch (e) {
    console.error("ranked message failed", e);
    held.push(
      makeRankedError(
        "server/error",
        "the server could not handle this message; try again",
        rid !== undefined ? { rid } : {},
      ),
    );
  }
  for (const m of held.slice(0, -1)) await ctx.reply(m);
  return held.at(-1) ?? null;
}

export async function onRankedDisconnect(ctx: DisconnectContext): Promise<void> {
  try {
    await serviceFor(ctx).disconnected(ctx.connectionId, rankedAuthOf(ctx.connection, ctx.now));
  } catch (e) {
    // The timer finds a vanished connection on its own; a failure here only delays that.
    console.error("ranked disconnect failed", e);
  }
}
