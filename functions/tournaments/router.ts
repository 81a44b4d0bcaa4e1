/**
 * The tournaments' branch of the WebSocket entry (functions/ws/router.ts) for `tour.*` messages: the
 * schema first (before any flood limit is charged), then the connection item, which carries the
 * ranked identity that acts, and the service, whose answer is the route response.
 */
import { makeTourError, parseTourClientMessage } from "../../core/protocol/tournament.js";
import { err, ok } from "../../core/types.js";
import { rankedAuthOf } from "../identity/store.js";
import type { DomainRouter, RealtimeInfra } from "../lib/realtime.js";
import { makeRankedPorts } from "../ranked/ports.js";
import type { Tournaments } from "./service.js";

const built = new WeakMap<RealtimeInfra, Tournaments>();

function serviceOf(infra: RealtimeInfra): Tournaments {
  let s = built.get(infra);
  if (s === undefined) {
    s = makeRankedPorts(
      infra.db,
      infra.tableName,
      { send: (c, m) => infra.gateway.send(c, m), isConnected: (c) => infra.gateway.isConnected(c) },
      (c, m) => infra.gateway.send(c, m),
    ).tournaments;
    built.set(infra, s);
  }
  return s;
}

export const tournamentRouter: DomainRouter = {
  accept(msg, rid) {
    const parsed = parseTourClientMessage(msg);
    if (!parsed.ok) return err(makeTourError(parsed.error.code, parsed.error.message, rid));
    const m = parsed.value;
    return ok(async (ctx) => {
      const conn = await ctx.connection();
      if (!conn.ok) return conn.error;
      const playerId = rankedAuthOf(conn.value, ctx.now)?.playerId ?? null;
      try {
        return await serviceOf(ctx.infra).handle(ctx.connectionId, playerId, m);
      } catch (e) {
        console.error("tournament message failed", e);
        return makeTourError("server/error", "the server could not handle this message; try again", rid);
      }
    });
  },
  identityOf: () => undefined,
  async disconnect() {},
};
