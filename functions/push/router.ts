/**
 * Push settings' branch of the WebSocket entry (functions/ws/router.ts) for `push.*` messages: the
 * schema first; then the limits of functions/push/limits.ts (connection and network before any
 * read, the player after the connection item is read, each refused without a write); then the
 * signed-in player (the connection's ranked identity) changes its devices or mutes. The answer is
 * the route response (no post).
 */
import { makePushError, parsePushClientMessage, type PushServerMessage } from "../../core/protocol/push.js";
import { err, ok } from "../../core/types.js";
import { rankedAuthOf } from "../identity/store.js";
import type { DomainRouter, RealtimeInfra } from "../lib/realtime.js";
import { allowPushBy, allowPushFrom } from "./limits.js";
import { makePushService } from "./ports.js";
import type { PushService } from "./push.js";

const built = new WeakMap<RealtimeInfra, PushService>();

function serviceOf(infra: RealtimeInfra): PushService {
  let s = built.get(infra);
  if (s === undefined) built.set(infra, (s = makePushService(infra.db, infra.tableName)));
  return s;
}

export const pushRouter: DomainRouter = {
  accept(msg, rid) {
    const parsed = parsePushClientMessage(msg);
    if (!parsed.ok) return err(makePushError("proto/invalid", parsed.error.message, rid));
    const m = parsed.value;
    return ok(async (ctx): Promise<PushServerMessage> => {
      const limited = makePushError("rate/limited", "too many push settings changes; wait a few seconds", rid);
      if (!allowPushFrom(ctx.connectionId, ctx.address, ctx.now)) return limited;
      const conn = await ctx.connection();
      if (!conn.ok) return conn.error as PushServerMessage;
      const playerId = rankedAuthOf(conn.value, ctx.now)?.playerId ?? null;
      if (playerId === null) return makePushError("auth/required", "sign in first (auth.hello)", rid);
      if (!allowPushBy(playerId, ctx.now)) return limited;
      const done = (devices: number): PushServerMessage => ({
        type: "push.ok",
        ...(rid !== undefined ? { rid } : {}),
        devices,
      });
      try {
        const s = serviceOf(ctx.infra);
        if (m.type === "push.subscribe") {
          const r = await s.subscribe(playerId, m.subscription, m.lang);
          return r.ok
            ? done(r.devices)
            : makePushError(r.error, "this push service is not one the server posts to", rid);
        }
        if (m.type === "push.unsubscribe") return done(await s.unsubscribe(playerId, m.endpoint));
        return done(await s.mute(playerId, m));
      } catch (e) {
        console.error("push message failed", e);
        return makePushError("server/error", "the server could not handle this message; try again", rid);
      }
    });
  },
  identityOf() {
    return undefined;
  },
  async disconnect() {},
};
