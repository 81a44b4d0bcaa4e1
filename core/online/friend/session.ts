/**
 * A friend game from one player's side, over any WebSocket-like transport: create a room or join one
 * by code through the key exchange with its owner (core/crypto/handshake.ts), approve or refuse
 * guests, relay sealed payloads (one in flight at a time, re-sent until acknowledged), apply
 * everything in the server's order with the engine checking each move, catch up after a drop, and
 * return to one's own seat with the saved seat secret.
 *
 * A thin composition of parts with explicit state, each tested on its own (friend/): the session's
 * state as one record (state.ts), what reaches it routed to its parts (events.ts), the key exchanges
 * (exchange.ts over door.ts and knock.ts), the room's log in (incoming.ts over inlog.ts, catchup.ts,
 * apply.ts) and out (outgoing.ts and relay.ts over outbox.ts), the player's actions (actions.ts),
 * the timers (timers.ts), retry spacing (pacer.ts) and the one client connection (connection.ts:
 * heartbeat, reconnects, requests sent again until answered). This file only joins them: the
 * connection, the timers and the listeners are the world the parts act on (friend/env.ts).
 *
 * `createFriendSession` returns an interface with `dispose()`; the UI reads `view()` and listens
 * with `subscribe()`. Nothing here touches the DOM or Node: the web client and the integration tests
 * use the same code.
 */
import nacl from "tweetnacl";
import { PROTOCOL_VERSION } from "../../protocol/friend.js";
import { createRetryPacer } from "../pacer.js";
import { SYSTEM_TIMER } from "../timer.js";
import { DEFAULT_BACKOFF } from "../transport.js";
import { createConnection, type Connection } from "../connection.js";
import { act, answerJoin, move, setProfile } from "./actions.js";
import type { Env } from "./env.js";
import { onClose, onFrame, onTimer } from "./events.js";
import { resume } from "./exchange.js";
import { initialState, snapshotOf, viewOf } from "./state.js";
import { createTimers } from "./timers.js";
import type { FriendSession, FriendSessionOptions, SessionEvent } from "./types.js";

export type { SessionSnapshot } from "./snapshot.js";
export type { FriendSession, FriendSessionOptions, JoinRequestView, SessionStatus, SessionView } from "./types.js";
export { MAX_OPEN_EXCHANGES } from "./door.js";

/** How often a seated session pings, and how long it waits for any answer before reconnecting. */
export const HEARTBEAT_MS = 60_000;
export const HEARTBEAT_TIMEOUT_MS = 15_000;

export function createFriendSession(opts: FriendSessionOptions): FriendSession {
  const random = opts.random ?? nacl.randomBytes;
  const clock = opts.clock ?? SYSTEM_TIMER;
  /** A number in [0, 1) from the injected random bytes (for jitter). */
  const unit = (): number => {
    const b = random(2);
    return ((b[0] << 8) | b[1]) / 65_536;
  };
  const s = initialState(opts, random);
  const listeners = new Set<(e: SessionEvent) => void>();
  /** The purpose of each request in flight, by its id. */
  const purposes = new Map<string, string>();
  const heartbeatMs = opts.heartbeat?.everyMs ?? HEARTBEAT_MS;
  const heartbeatTimeoutMs = opts.heartbeat?.timeoutMs ?? HEARTBEAT_TIMEOUT_MS;

  const emit = (e: SessionEvent): void => {
    for (const l of [...listeners]) l(e);
  };
  const url = `${opts.url}${opts.url.includes("?") ? "&" : "?"}v=${PROTOCOL_VERSION}`;
  // The one client connection (connection.ts): heartbeat, backoff, planned reconnect before the
  // gateway's 2-hour cut, and requests sent again after a gateway error frame or a timeout.
  const link: Connection = createConnection({
    deadMs: heartbeatTimeoutMs,
    answerMs: Math.max(1_000, Math.min(8_000, heartbeatTimeoutMs / 2)),
    ...opts.connection,
    url,
    socket: opts.socket,
    timers: clock,
    random: unit,
    backoff: opts.backoff ?? DEFAULT_BACKOFF,
    heartbeatMs,
    ridPrefix: "f",
    // While a planned successor rejoins, the server still holds the old socket as this seat's and
    // tells it where the peer is; the rest (relays, the seat moving) is the successor's to hear.
    fromReplaced: (f) => f.type === "presence",
    handlers: {
      onOpen: () => resume(s, env),
      onMessage: (f) => onFrame(s, env, f, purposes),
      onClose: () => onClose(s, env),
      onState: () => emit({ type: "change" }),
    },
  });

  /**
   * Every request goes through the connection's outbox (connection.ts): sent again after a gateway
   * error frame (throttled, integration failed) or a timeout until a frame with its id answers it;
   * the server takes a repeated step once and answers it again. What resumes a socket (create, join,
   * the guest's whole exchange, which the server forgets with the connection) goes before the
   * resume; the owner's steps wait for its seat on a new socket and are kept across a reconnect.
   */
  function request(message: Record<string, unknown>, purpose: string): boolean {
    if (!link.isOpen) return false;
    const owners = purpose.startsWith("reply:") || purpose.startsWith("answer:") || purpose === "verdict";
    const id = link.request(message, owners ? { keep: true } : purpose === "recode" ? {} : { early: true });
    purposes.set(id, purpose);
    return true;
  }

  const env: Env = {
    random,
    now: () => clock.now(),
    isOpen: () => link.isOpen,
    request,
    emit,
    /** Spaces out every retry after a refusal (relay, hello): the rate budget holds whatever the server answers. */
    pacer: createRetryPacer({ random: unit, ...opts.pacer }),
    timers: createTimers(clock, (action) => onTimer(s, env, action)),
    link(op) {
      if (op === "resumed") link.resumed();
      else if (op === "restart") link.restart();
      else link.dispose();
    },
  };

  return {
    get secret() {
      return s.secret;
    },
    get roomId() {
      return s.roomId;
    },
    get key() {
      return s.key;
    },
    view: () => viewOf(s, link),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    move: (m) => move(s, env, m),
    chat: (text) => act(s, env, { t: "chat", text }),
    pause: (on) => act(s, env, { t: "pause", on }),
    answer: (what, accept) => act(s, env, { t: "answer", what, accept }),
    rematch: () => act(s, env, { t: "rematch" }),
    forfeit: (whole) => act(s, env, { t: "forfeit", whole }),
    offerEnd: () => act(s, env, { t: "end" }),
    setProfile: (p) => setProfile(s, env, p),
    answerJoin: (reqId, approve) => answerJoin(s, env, reqId, approve),
    snapshot: () => snapshotOf(s),
    dispose() {
      if (s.disposed) return;
      s.disposed = true;
      s.status = "closed";
      env.timers.clearAll();
      link.dispose();
      listeners.clear();
    },
  };
}
