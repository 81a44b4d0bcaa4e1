/**
 * The player's actions: each checked against the game as if it were applied next (the engine, the
 * chat flood rule, one move on its way at a time) and queued for the room's log (outgoing.ts); the
 * owner's answer to a waiting guest goes to the server directly.
 */
import { err, ok, type Result } from "../../types.js";
import { moveCount } from "../../games/index.js";
import { chatFlood } from "../../protocol/chat.js";
import { applyPayload, seatToMove, type Profile } from "./game.js";
import type { Payload } from "../payload.js";
import type { Env } from "./env.js";
import { enqueueOut, profilePayload } from "./outgoing.js";
import type { SessionState } from "./state.js";
import type { SessionError } from "./types.js";

/** Checks an action against the current state as if it were applied next, then queues it. */
export function act(s: SessionState, env: Env, p: Payload): Result<void, SessionError> {
  if (s.disposed) return err({ code: "room/not_seated", message: "the session is closed" });
  const seat = s.seat;
  if (seat === null) return err({ code: "room/not_seated", message: "not seated yet" });
  if (p.t === "chat") {
    const flood = chatFlood(
      s.game.chat.filter((c) => c.seat === seat).map((c) => c.at),
      env.now(),
      s.out.items.filter((o) => o.kind === "chat").length,
    );
    if (flood !== null) return err(flood);
  }
  const probe = applyPayload(s.game, { from: seat, seq: s.inlog.applied + 1, at: env.now(), payload: p });
  if (!probe.ok) return err(probe.error);
  enqueueOut(s, env, p);
  return ok(undefined);
}

export function move(s: SessionState, env: Env, move: number): Result<void, SessionError> {
  const g = s.game;
  if (g.state === null || g.series === null)
    return err({ code: "peer/illegal", message: "the game is not set up yet" });
  if (s.seat !== null && seatToMove(g) !== s.seat) return err({ code: "peer/illegal", message: "not your turn" });
  if (s.out.items.some((o) => o.payload.t === "move"))
    return err({ code: "peer/illegal", message: "your last move is still on its way" });
  return act(s, env, { t: "move", series: g.seriesNo, game: g.series.games.length, ply: moveCount(g.state), move });
}

export function setProfile(s: SessionState, env: Env, p: Profile): Result<void, SessionError> {
  s.profile = p;
  return act(s, env, profilePayload(p));
}

/** Owner: approve or refuse a waiting guest. */
export function answerJoin(s: SessionState, env: Env, reqId: string, approve: boolean): Result<void, SessionError> {
  if (s.seat !== 0)
    return err({ code: "room/not_owner", message: "only the player who made the game answers join requests" });
  if (!s.requests.has(reqId)) return err({ code: "join/not_found", message: "that join request is no longer open" });
  if (!env.request({ type: "join.answer", reqId, approve }, `answer:${reqId}`))
    return err({ code: "server/error", message: "not connected; try again" });
  return ok(undefined);
}
