/**
 * Entry for `auth.*` and `ranked.*` WebSocket messages, called by the `$default` handler after the
 * frame's size, JSON envelope and rate were checked: validates the message with its schema, then
 * hands it to the ranked service. Also `onRankedDisconnect`, called by `$disconnect`.
 */
import { ridOf, type Envelope } from "../../core/protocol/envelope.js";
import { makeRankedError, parseRankedClientMessage } from "../../core/protocol/ranked.js";
import { managementClient } from "../lib/config.js";
import { rankedAuthOf } from "../lib/connections.js";
import type { DisconnectContext, RealtimeContext } from "../ws/context.js";
import { makeRankedGateway, makeRankedServiceFor } from "./ports.js";
import type { RankedService } from "./service.js";

function serviceFor(ctx: Pick<DisconnectContext, "event" | "ports">): RankedService {
  const rc = ctx.event.requestContext;
  const gateway = makeRankedGateway(ctx.ports.gateway, managementClient(rc.domainName, rc.stage));
  return makeRankedServiceFor(ctx.ports.db, ctx.ports.tableName, gateway);
}

export async function routeRanked(ctx: RealtimeContext, msg: Envelope): Promise<void> {
  const rid = ridOf(msg);
  const parsed = parseRankedClientMessage(msg);
  if (!parsed.ok) {
    await ctx.reply(makeRankedError(parsed.error.code, parsed.error.message, rid !== undefined ? { rid } : {}));
    return;
  }
  try {
    // The connection item the router already read carries the ranked identity: no second read.
    await serviceFor(ctx).handle(ctx.connectionId, parsed.value, ...(ctx.connection !== undefined ? [rankedAuthOf(ctx.connection, ctx.now)] : []));
  } catch (e) {
    console.error("ranked message failed", e);
    await ctx.reply(makeRankedError("server/error", "the server could not handle this message; try again", rid !== undefined ? { rid } : {}));
  }
}

export async function onRankedDisconnect(ctx: DisconnectContext): Promise<void> {
  try {
    await serviceFor(ctx).disconnected(ctx.connectionId, rankedAuthOf(ctx.connection, ctx.now));
  } catch (e) {
    // The timer finds a vanished connection on its own; a failure here only delays that.
    console.error("ranked disconnect failed", e);
  }
}
