/**
 * The server's answers to this seat's relay: an acknowledgement stores the message in the room's
 * log here too and lets the next one go; a refusal is judged by the outbox (outbox.ts `refused`)
 * and carried out, paced: catch up, tell the player, rejoin (never in a loop), or send again.
 */
import type { ErrorCode } from "../../protocol/errors.js";
import type { FriendServerMessage } from "../../protocol/friend.js";
import type { Env } from "./env.js";
import { receive, startSync } from "./incoming.js";
import { acknowledged, refused } from "./outbox.js";
import { flush, relayLater } from "./outgoing.js";
import type { SessionState } from "./state.js";

type Ack = Extract<FriendServerMessage, { readonly type: "relay.ack" }>;

/** The relay in flight was stored under `seq`. */
export function relayAcked(s: SessionState, env: Env, m: Ack): void {
  if (s.seat === null) return;
  const a = acknowledged(s.out, m.cseq);
  if (a === null) return;
  s.out = a.o;
  env.pacer.reset("relay");
  receive(s, env, {
    seq: m.seq,
    from: s.seat,
    cseq: m.cseq,
    kind: a.item.kind,
    box: a.item.box!,
    at: m.at,
    sent: m.sent,
    proof: m.proof,
  });
  flush(s, env);
}

/** The server refused the relay in flight (outbox.ts decides what becomes of it). */
export function relayRefused(
  s: SessionState,
  env: Env,
  code: ErrorCode,
  message: string,
  expected: number | undefined,
  retryMs: number | undefined,
): void {
  const r = refused(s.out, code, expected, s.seat === null ? Infinity : s.guard[s.seat]);
  s.out = r.o;
  if (r.report) env.emit({ type: "error", code, message });
  if (r.sync) startSync(s, env);
  // A server that keeps saying so must not make the client reconnect in a loop: paced.
  if (r.rejoin) return env.timers.once("retry", "rejoin", () => env.pacer.next("relay"));
  relayLater(env, r.hinted ? retryMs : undefined);
}

/** The paced rejoin is due: a new socket, where the seat is taken again. */
export function rejoin(s: SessionState, env: Env): void {
  if (!s.disposed) env.link("restart");
}
