/**
 * Spectating's branch of the WebSocket entry (functions/ws/router.ts) for `watch.*` messages: the
 * schema first; a `watch.start` then passes its own limits (functions/spectate/limits.ts: connection
 * and network before any read, the signed-in player after the connection item is read), each refused
 * without a write; then the spectate service answers. The answer is the route response (no post).
 */
import { makeWatchError, parseWatchClientMessage } from "../../core/protocol/watch.js";
import { err, ok } from "../../core/types.js";
import type { DomainRouter, RealtimeInfra } from "../lib/realtime.js";
import { makeDynamoMatchStore } from "../matches/store.js";
import { allowWatchBy, allowWatchFrom } from "./limits.js";
import { createSpectate, watchCap, type Spectate } from "./spectate.js";

const built = new WeakMap<RealtimeInfra, { readonly cap: number; readonly service: Spectate }>();

function serviceOf(infra: RealtimeInfra): Spectate {
  const cap = watchCap();
  const have = built.get(infra);
  if (have?.cap === cap) return have.service;
  const service = createSpectate({
    store: makeDynamoMatchStore(infra.db, infra.tableName),
    send: (connId, m) => infra.gateway.send(connId, m),
    now: Date.now,
    cap,
  });
  built.set(infra, { cap, service });
  return service;
}

export const watchRouter: DomainRouter = {
  accept(msg, rid) {
    const parsed = parseWatchClientMessage(msg);
    if (!parsed.ok) return err(makeWatchError("proto/invalid", parsed.error.message, rid));
    const m = parsed.value;
    return ok(async (ctx) => {
      const limited = makeWatchError("rate/limited", "too many games watched in a short time; wait a few seconds", rid);
      if (m.type === "watch.start") {
        if (!allowWatchFrom(ctx.connectionId, ctx.address, ctx.now)) return limited;
        const conn = await ctx.connection();
        if (!conn.ok) return conn.error;
        const player = conn.value.rankedPlayer;
        if (typeof player === "string" && !allowWatchBy(player, ctx.now)) return limited;
      }
      try {
        const s = serviceOf(ctx.infra);
        return m.type === "watch.start"
          ? await s.watch(ctx.connectionId, rid, m.matchId)
          : await s.stop(ctx.connectionId, rid, m.matchId);
      } catch (e) {
        console.error("watch message failed", e);
        return makeWatchError("server/error", "the server could not handle this message; try again", rid);
      }
    });
  },
  identityOf() {
    return undefined;
  },
  // A closed spectator is dropped from its game by the next change that cannot reach it.
  async disconnect() {},
};
