/**
 * Ranked play's branch of the WebSocket entry (functions/ws/router.ts) for `auth.*` and `ranked.*`
 * messages. The schema first (before the entry charges any flood limit); then a match action (move,
 * resign, abort, agreed end) goes to the service without a read (the service finds the player from
 * the seat this connection holds in the match item), and any other message reads the connection
 * item first, which carries the ranked identity and charges its bucket.
 * The service is built once per container on the realtime layer's parts.
 *
 * What the service sends to the sender itself is held back: the last such message becomes the route
 * response (no `@connections` post), any earlier ones are posted first, in order. A move thus costs
 * one post, to the opponent, plus the mover's route response.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { isMatchAction, makeRankedError, parseRankedClientMessage } from "../../core/protocol/ranked.js";
import { err, ok } from "../../core/types.js";
import { rankedAuthOf, type RankedConnAuth } from "../identity/store.js";
import type { DomainRouter, RealtimeInfra } from "../lib/realtime.js";
import { rankedConfigKey } from "./config.js";
import { makeRankedService } from "./ports.js";
import type { RankedService } from "./service.js";

/** The message being handled: what the service sends to its sender is held here instead of posted. */
const holding = new AsyncLocalStorage<{ readonly connectionId: string; readonly held: object[] }>();
const built = new WeakMap<RealtimeInfra, { readonly key: string; readonly service: RankedService }>();

/** The service on `infra`, built once (and again only when the configuration's environment changed, as in tests). */
function serviceOf(infra: RealtimeInfra): RankedService {
  const key = rankedConfigKey();
  const have = built.get(infra);
  if (have?.key === key) return have.service;
  const service = makeRankedService(
    infra.db,
    infra.tableName,
    {
      async send(connId, m) {
        const hold = holding.getStore();
        if (hold?.connectionId !== connId) return infra.gateway.send(connId, m);
        hold.held.push(m);
        return true;
      },
      isConnected: (connId) => infra.gateway.isConnected(connId),
    },
    (connId, m) => infra.gateway.send(connId, m),
  );
  built.set(infra, { key, service });
  return service;
}

export const rankedRouter: DomainRouter = {
  accept(msg, rid) {
    const withRid = rid !== undefined ? { rid } : {};
    const parsed = parseRankedClientMessage(msg);
    if (!parsed.ok) return err(makeRankedError(parsed.error.code, parsed.error.message, withRid));
    const m = parsed.value;
    return ok(async (ctx) => {
      // The connection item carries the ranked identity: read once, by the entry, except for a match action.
      let auth: RankedConnAuth | null | undefined = undefined;
      if (!isMatchAction(m.type)) {
        const conn = await ctx.connection();
        if (!conn.ok) return conn.error;
        auth = rankedAuthOf(conn.value, ctx.now);
      }
      const held: object[] = [];
      try {
        await holding.run({ connectionId: ctx.connectionId, held }, () =>
          serviceOf(ctx.infra).handle(ctx.connectionId, m, auth, ctx.address),
        );
      } catch (e) {
        console.error("ranked message failed", e);
        held.push(makeRankedError("server/error", "the server could not handle this message; try again", withRid));
      }
      for (const x of held.slice(0, -1)) await ctx.reply(x);
      return held.at(-1) ?? null;
    });
  },
  identityOf(conn) {
    return typeof conn.rankedPlayer === "string" ? `player:${conn.rankedPlayer}` : undefined;
  },
  async disconnect(ctx) {
    try {
      await serviceOf(ctx.infra).disconnected(ctx.connectionId, rankedAuthOf(ctx.connection, ctx.now));
    } catch (e) {
      // The timer finds a vanished connection on its own; a failure here only delays that.
      console.error("ranked disconnect failed", e);
    }
  },
};
