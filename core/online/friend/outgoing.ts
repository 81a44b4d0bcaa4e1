/**
 * Sending the room's log: the head of the outbox (outbox.ts) sealed and relayed once everything
 * allows it (seated, keyed, caught up, a seat token, a socket, no paced retry waiting), one relay in
 * flight at a time; a relay unanswered for RELAY_TIMEOUT_MS is taken as lost and sent again,
 * paced (the server stores it once).
 */
import { sealBox } from "../../crypto/envelope.js";
import { PACER_MAX_MS } from "../pacer.js";
import type { Payload } from "../payload.js";
import type { Profile } from "./game.js";
import { changed, type Env } from "./env.js";
import { enqueue, relayOf, sealHead, sent } from "./outbox.js";
import type { SessionState } from "./state.js";

/** A relay not answered within this is taken as lost and sent again (paced; the server stores it once). */
export const RELAY_TIMEOUT_MS = 15_000;

export function flush(s: SessionState, env: Env): void {
  // Only once caught up: what this seat sent before (on any device) is known, and the next number too.
  if (
    s.out.inflight ||
    env.timers.armed("retry") ||
    s.out.top === null ||
    s.disposed ||
    s.status !== "seated" ||
    s.seat === null ||
    s.key === null ||
    !s.sync.caughtUp ||
    s.peer.token === "" ||
    !env.isOpen()
  )
    return;
  if (s.out.items.length === 0) return changed(env);
  const seat = s.seat;
  const k = s.key;
  s.out = sealHead(s.out, s.guard[seat], (cseq, item) =>
    sealBox(k, { seat, seq: cseq, kind: item.kind, body: item.payload }, env.random),
  );
  const relay = relayOf(s.out, { room: s.roomId, seat, via: s.peer.via, tok: s.peer.token });
  if (relay === null) return;
  s.out = sent(s.out, env.request(relay, "relay"));
  env.timers.clear("relay");
  if (s.out.inflight) env.timers.set("relay", "relayTimeout", RELAY_TIMEOUT_MS);
}

/** Sends the head of the outbox again once the pacer allows (a server's hint only slows it, within reason). */
export function relayLater(env: Env, retryMs?: number): void {
  env.timers.once("retry", "flush", () =>
    env.pacer.next("relay", retryMs === undefined ? undefined : Math.min(retryMs, PACER_MAX_MS)),
  );
}

/** The relay in flight went unanswered: taken as lost, sent again once the pacer allows. */
export function relayTimedOut(s: SessionState, env: Env): void {
  if (!s.out.inflight) return;
  s.out = sent(s.out, false);
  relayLater(env);
}

export function enqueueOut(s: SessionState, env: Env, p: Payload): void {
  s.out = enqueue(s.out, p);
  flush(s, env);
  changed(env);
}

export function profilePayload(p: Profile): Payload {
  return p.avatar !== undefined ? { t: "profile", name: p.name, avatar: p.avatar } : { t: "profile", name: p.name };
}
