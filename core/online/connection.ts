/**
 * One client connection for friend rooms and ranked play, over any WebSocket-like transport, made
 * for the way API Gateway cuts and refuses:
 *
 * - a heartbeat: a ping after `heartbeatMs` without sending anything, far inside the gateway's
 *   10-minute idle cut; a socket that answers nothing for `deadMs` while a request waits is
 *   treated as dead and replaced;
 * - reconnecting with exponential backoff and jitter, and a planned reconnect before the 2-hour cut:
 *   at `maxAgeMs` a second socket is opened; once the requests in flight on the old one are
 *   answered (or after `answerMs`), the application resumes on the new one and the old one closes,
 *   so nothing is in flight on a socket about to die;
 * - an outbox: every `request` carries an id (`rid`) and stays until a frame with that id answers
 *   it. A request is sent again after a frame from the gateway that names no request (throttled,
 *   or its integration failed: API Gateway's `{"message": …, "connectionId": …, "requestId": …}`),
 *   after `answerMs` without an answer, and (`keep`) after a reconnect, once the application has
 *   resumed on the new socket. The server must treat a repeated id as one request (the protocols'
 *   moves and relays are idempotent); a second answer to a request sent twice is dropped here;
 * - one state for the player: connected, reconnecting since when, or offline (no connection for
 *   `offlineMs`; it keeps trying).
 *
 * Time (a `TimerPort`) and randomness are injected: no DOM, no Node.
 */
import { SYSTEM_TIMER, type TimerPort } from "./timer.js";
import type { SocketFactory, SocketLike } from "./transport.js";

export type ConnectionState =
  | { readonly status: "connected" }
  | { readonly status: "reconnecting"; readonly since: number }
  | { readonly status: "offline"; readonly since: number };

/** The connection's time: the clock core/online shares (clock.ts), injected in tests. */
export type ConnectionTimers = TimerPort;

interface ConnectionHandlers {
  /**
   * A new socket is open (first, after a drop, or the planned successor). Resume on it with
   * `early` requests (authenticate, rejoin), then call `resumed()`.
   */
  onOpen(): void;
  /** A frame of the application (parsed JSON object); gateway error frames and repeated answers never come here. */
  onMessage(frame: Readonly<Record<string, unknown>>): void;
  /** The socket the application was using is gone (before the next `onOpen`). */
  onClose(): void;
  /** The state changed. */
  onState?(state: ConnectionState): void;
}

export interface ConnectionOptions {
  readonly url: string;
  readonly socket: SocketFactory;
  readonly handlers: ConnectionHandlers;
  readonly timers?: ConnectionTimers;
  readonly random?: () => number;
  /** Reconnect delays: `baseMs · 2^attempt` up to `maxMs`, each drawn from its upper half. */
  readonly backoff?: { readonly baseMs: number; readonly maxMs: number };
  /** A ping after this long without sending. */
  readonly heartbeatMs?: number;
  /** An unanswered request is sent again after this long. */
  readonly answerMs?: number;
  /** Nothing heard for this long while a request waits: the socket is replaced. */
  readonly deadMs?: number;
  /** The planned reconnect, this long after a socket opened. */
  readonly maxAgeMs?: number;
  /** "Offline" after this long without a connection. */
  readonly offlineMs?: number;
  /** The heartbeat message (it must be answered with its `rid`). */
  readonly ping?: () => Record<string, unknown>;
  /** Prefix of request ids (ids are `${prefix}${n}`). */
  readonly ridPrefix?: string;
  /**
   * An answer that means "not done, try again later" (the application's own rate limit): the
   * request stays in the outbox and goes again after a backoff, and the answer is not passed on.
   */
  readonly retryable?: (frame: Readonly<Record<string, unknown>>) => boolean;
  /**
   * The server's pushes (frames with no request id) that a socket replaced by its planned successor
   * still delivers until the application has resumed on the successor: the server holds the old
   * socket as the player's until then, and what it pushes meanwhile goes there. Default none.
   */
  readonly fromReplaced?: (frame: Readonly<Record<string, unknown>>) => boolean;
}

interface RequestOptions {
  /** Sent as soon as the socket is open, before `resumed()` (the resume itself). Default false. */
  readonly early?: boolean;
  /** Kept across a reconnect and sent again once resumed. Default false (dropped when the socket goes). */
  readonly keep?: boolean;
  /** Sent again after an error frame or a timeout. Default true. */
  readonly retry?: boolean;
}

export interface Connection {
  /** Queues a message with a fresh `rid` (returned); it goes out when it may. */
  request(message: Record<string, unknown>, opts?: RequestOptions): string;
  /** Sends a message now, untracked; false when no socket is open. */
  post(message: Record<string, unknown>): boolean;
  /** The application has resumed on the current socket: the outbox goes out. */
  resumed(): void;
  state(): ConnectionState;
  /** A socket is open (the application may not have resumed on it yet). */
  readonly isOpen: boolean;
  /** Requests not yet answered. */
  readonly pending: number;
  /** Replaces the socket now (a dead link, or the network is back). */
  restart(): void;
  dispose(): void;
}

/**
 * How long the other player's absence goes unmentioned: a reconnect (a cut, a planned reconnect)
 * takes well under this, so only a real absence shows as "reconnecting…"; "left" only when the
 * grace period ends.
 */
export const ABSENCE_QUIET_MS = 5_000;

/** API Gateway cuts a WebSocket after 10 minutes without a message and any after 2 hours. */
const GATEWAY_MAX_CUT_MS = 2 * 3600_000;

const CONNECTION_DEFAULTS = {
  backoff: { baseMs: 250, maxMs: 8_000 },
  heartbeatMs: 60_000,
  answerMs: 8_000,
  deadMs: 20_000,
  /** Ten minutes before the 2-hour cut. */
  maxAgeMs: GATEWAY_MAX_CUT_MS - 10 * 60_000,
  offlineMs: 30_000,
} as const;

/** A frame API Gateway itself sends (throttled, integration failed): a `message` and ids, no `type`. */
export function isGatewayErrorFrame(frame: Readonly<Record<string, unknown>>): boolean {
  return frame.type === undefined && typeof frame.message === "string" && "requestId" in frame;
}

const OPEN = 1;

interface Entry {
  readonly rid: string;
  readonly message: Record<string, unknown>;
  readonly early: boolean;
  readonly keep: boolean;
  readonly retry: boolean;
  /** The socket generation it was last sent on, or null while unsent. */
  sentOn: number | null;
  sentAt: number;
  /** When it was first sent on its current socket. */
  firstSentAt: number;
  sends: number;
}

const REMEMBER_ANSWERED = 256;

/** While resuming on a new socket, a refused request goes again after at most this many backoff bases. */
export const SIGN_IN_BACKOFF = 4;

export function createConnection(o: ConnectionOptions): Connection {
  const t = o.timers ?? SYSTEM_TIMER;
  const random = o.random ?? Math.random;
  const backoff = o.backoff ?? CONNECTION_DEFAULTS.backoff;
  const heartbeatMs = o.heartbeatMs ?? CONNECTION_DEFAULTS.heartbeatMs;
  const answerMs = o.answerMs ?? CONNECTION_DEFAULTS.answerMs;
  const deadMs = o.deadMs ?? Math.max(CONNECTION_DEFAULTS.deadMs, answerMs * 2);
  const maxAgeMs = o.maxAgeMs ?? CONNECTION_DEFAULTS.maxAgeMs;
  const offlineMs = o.offlineMs ?? CONNECTION_DEFAULTS.offlineMs;
  const ping = o.ping ?? (() => ({ type: "ping" }));
  const prefix = o.ridPrefix ?? "c";
  const h = o.handlers;

  let current: SocketLike | null = null;
  let gen = 0;
  let openedAt = 0;
  let resumedOn = -1;
  /** The planned successor while it connects, and whether the old socket is draining for it. */
  let successor: SocketLike | null = null;
  let draining = false;
  let drainSince = 0;
  let connecting: SocketLike | null = null;
  /** Replaced sockets, closed once the application has resumed on their successor. */
  const retiring: SocketLike[] = [];
  /** When each socket opened: a socket's age (and the gateway's longest-connection cut) counts from then. */
  const openTimes = new WeakMap<SocketLike, number>();
  let attempt = 0;
  let retryTimer: unknown = null;
  let tickTimer: unknown = null;
  let resendTimer: unknown = null;
  let gatewayErrors = 0;
  let lastSent = 0;
  let lastHeard = 0;
  let disposed = false;
  let nextRid = 0;
  const outbox: Entry[] = [];
  const answeredTwice = new Set<string>();
  let st: ConnectionState = { status: "reconnecting", since: t.now() };

  function setState(s: ConnectionState): void {
    if (s.status === st.status) return;
    st = s;
    h.onState?.(s);
  }

  // Fine enough that the planned reconnect comes at most a tenth of `maxAgeMs` late.
  const tickMs = Math.max(20, Math.min(1_000, answerMs / 4, heartbeatMs / 4, maxAgeMs / 10));

  function tick(): void {
    tickTimer = null;
    if (disposed) return;
    const now = t.now();
    if (current !== null && current.readyState === OPEN) {
      const ready = resumedOn === gen;
      // Unanswered too long: again (the gateway may have lost it without a word).
      let dead = false;
      for (const e of outbox) {
        if (e.sentOn !== gen) continue;
        if (now - e.firstSentAt >= deadMs && lastHeard <= e.firstSentAt) dead = true;
        if (e.retry && now - e.sentAt >= answerMs) transmit(e);
      }
      if (dead) {
        restart();
      } else if (draining && (outboxInFlight() === 0 || now - drainSince >= answerMs)) {
        swap();
      } else if (now - lastSent >= heartbeatMs) {
        // Before the application has resumed too (a sign-in or a friend's approval can take a
        // while): the gateway's idle cut counts from the last message, whatever it was.
        send(entry(ping(), { early: true, keep: false }));
      } else if (ready && successor === null && now - openedAt >= maxAgeMs) {
        successor = openSocket(true);
      }
    } else if (st.status === "reconnecting" && now - st.since >= offlineMs) {
      setState({ status: "offline", since: st.since });
    }
    tickTimer = t.setTimeout(tick, tickMs);
  }

  function outboxInFlight(): number {
    let n = 0;
    for (const e of outbox) if (e.sentOn === gen) n++;
    return n;
  }

  function entry(message: Record<string, unknown>, opts: RequestOptions = {}): Entry {
    const e: Entry = {
      rid: `${prefix}${++nextRid}`,
      message,
      early: opts.early ?? false,
      keep: opts.keep ?? false,
      retry: opts.retry ?? true,
      sentOn: null,
      sentAt: 0,
      firstSentAt: 0,
      sends: 0,
    };
    outbox.push(e);
    return e;
  }

  function mayGo(e: Entry): boolean {
    if (current === null || current.readyState !== OPEN || draining) return false;
    return e.early || resumedOn === gen;
  }

  function transmit(e: Entry): void {
    if (current === null) return;
    try {
      current.send(JSON.stringify({ ...e.message, rid: e.rid }));
    } catch {
      return;
    }
    if (e.sentOn !== gen) e.firstSentAt = t.now();
    e.sentOn = gen;
    e.sentAt = t.now();
    e.sends++;
    lastSent = e.sentAt;
  }

  function send(e: Entry): void {
    if (mayGo(e)) transmit(e);
  }

  function flush(): void {
    for (const e of [...outbox]) if (e.sentOn === null && mayGo(e)) transmit(e);
  }

  /**
   * Everything in flight on this socket goes again, after a backoff (the gateway is refusing). While
   * the application resumes on a new socket (sign-in, rejoin: the player is away until it is done)
   * the backoff grows to `SIGN_IN_BACKOFF` times its base at most, not to its maximum: a few small
   * requests, each refusal of which would otherwise add up to `backoff.maxMs` to the absence.
   */
  function resendSoon(): void {
    if (resendTimer !== null) return;
    const cap = resumedOn === gen ? backoff.maxMs : Math.min(backoff.maxMs, backoff.baseMs * SIGN_IN_BACKOFF);
    const delay = Math.min(cap, backoff.baseMs * 2 ** Math.min(gatewayErrors, 10));
    gatewayErrors++;
    resendTimer = t.setTimeout(
      () => {
        resendTimer = null;
        if (disposed || current === null || current.readyState !== OPEN) return;
        for (const e of [...outbox]) if (e.sentOn === gen && e.retry) transmit(e);
      },
      delay / 2 + (random() * delay) / 2,
    );
  }

  function onFrame(s: SocketLike, data: unknown): void {
    if (disposed) return;
    // A socket replaced by its planned successor is still the server's until the application has
    // resumed on the successor (signed in, back in its seat): the pushes the application names
    // (`fromReplaced`: the opponent back, a move) are heard there. Its answers are not: what it
    // carried in flight goes again on the successor. A socket not yet adopted says nothing.
    const pushOnRetiring = s !== current && o.fromReplaced !== undefined && retiring.includes(s);
    if (s !== current && !pushOnRetiring) return;
    if (!pushOnRetiring) lastHeard = t.now();
    let frame: unknown;
    try {
      frame = JSON.parse(typeof data === "string" ? data : String(data));
    } catch {
      return;
    }
    if (typeof frame !== "object" || frame === null || Array.isArray(frame)) return;
    const f = frame as Record<string, unknown>;
    if (pushOnRetiring) {
      if (f.rid === undefined && !isGatewayErrorFrame(f) && o.fromReplaced?.(f) === true) h.onMessage(f);
      return;
    }
    if (isGatewayErrorFrame(f)) {
      resendSoon();
      return;
    }
    const rid = typeof f.rid === "string" ? f.rid : null;
    if (rid !== null) {
      const i = outbox.findIndex((e) => e.rid === rid);
      if (i >= 0 && outbox[i].retry && o.retryable?.(f) === true) {
        resendSoon();
        return;
      }
      if (i >= 0) {
        const [e] = outbox.splice(i, 1);
        gatewayErrors = 0;
        if (e.sends > 1) {
          answeredTwice.add(rid);
          if (answeredTwice.size > REMEMBER_ANSWERED)
            answeredTwice.delete(answeredTwice.values().next().value as string);
        }
      } else if (answeredTwice.has(rid)) {
        return; // the answer to a copy sent again: the application has had one
      }
    }
    h.onMessage(f);
    if (draining && outboxInFlight() === 0) swap();
  }

  function openSocket(planned: boolean): SocketLike | null {
    let s: SocketLike;
    try {
      s = o.socket(o.url);
    } catch {
      if (!planned) schedule();
      return null;
    }
    s.onopen = () => {
      if (disposed) return;
      openTimes.set(s, t.now());
      if (s === successor) {
        // Planned: the old socket drains what is in flight, then the application moves over.
        draining = true;
        drainSince = t.now();
        if (outboxInFlight() === 0) swap();
        return;
      }
      if (s !== connecting) return;
      connecting = null;
      adopt(s);
    };
    s.onmessage = (ev: { readonly data: unknown }) => onFrame(s, ev.data);
    s.onerror = () => undefined;
    s.onclose = () => {
      if (disposed) return;
      if (s === successor) {
        successor = null;
        draining = false;
        flush();
        return;
      }
      if (s === connecting) {
        connecting = null;
        schedule();
        return;
      }
      if (s !== current) return;
      lost();
    };
    if (!planned) connecting = s;
    return s;
  }

  function adopt(s: SocketLike): void {
    current = s;
    gen++;
    // A planned successor opened while the old socket drained: its age runs from its own opening.
    openedAt = openTimes.get(s) ?? t.now();
    lastHeard = t.now();
    lastSent = lastHeard;
    // Refusals on an earlier socket say nothing about this one, and a resend waiting for it (with
    // the backoff it had grown to) would hold this socket's resends back.
    gatewayErrors = 0;
    if (resendTimer !== null) t.clearTimeout(resendTimer);
    resendTimer = null;
    for (const e of outbox) e.sentOn = null;
    h.onOpen();
    flush();
  }

  /** The planned move to the successor. */
  function swap(): void {
    const next = successor;
    const old = current;
    successor = null;
    draining = false;
    if (next === null || next.readyState !== OPEN) {
      flush(); // what waited for the move goes on the old socket
      return;
    }
    dropUnkept();
    h.onClose();
    // The old socket closes once the application has resumed on the new one (its server side then
    // knows the new socket, and the old one's departure is no departure).
    if (old !== null) retiring.push(old);
    adopt(next);
  }

  function retire(): void {
    for (const s of retiring.splice(0)) closeQuietly(s, 1000, "replaced");
  }

  function dropUnkept(): void {
    for (let i = outbox.length - 1; i >= 0; i--) if (!outbox[i].keep) outbox.splice(i, 1);
  }

  function closeQuietly(s: SocketLike, code: number, reason: string): void {
    try {
      s.close(code, reason);
    } catch {
      // already closing
    }
  }

  /** The socket in use is gone. */
  function lost(): void {
    retire();
    current = null;
    resumedOn = -1;
    draining = false;
    dropUnkept();
    if (st.status === "connected") setState({ status: "reconnecting", since: t.now() });
    h.onClose();
    if (successor !== null) {
      // The planned successor is already on its way: it becomes the next socket.
      connecting = successor;
      successor = null;
      if (connecting.readyState === OPEN) {
        const s = connecting;
        connecting = null;
        adopt(s);
      }
      return;
    }
    schedule();
  }

  function schedule(): void {
    if (disposed || retryTimer !== null || connecting !== null) return;
    const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempt, 16));
    attempt++;
    retryTimer = t.setTimeout(
      () => {
        retryTimer = null;
        if (!disposed && current === null && connecting === null) openSocket(false);
      },
      delay / 2 + (random() * delay) / 2,
    );
  }

  function restart(): void {
    if (disposed) return;
    const s = current;
    if (s === null) {
      if (retryTimer !== null) t.clearTimeout(retryTimer);
      retryTimer = null;
      attempt = 0;
      if (connecting === null) openSocket(false);
      return;
    }
    current = null;
    closeQuietly(s, 4000, "no answer");
    lost();
  }

  openSocket(false);
  tickTimer = t.setTimeout(tick, tickMs);

  return {
    request(message, opts) {
      const e = entry(message, opts);
      send(e);
      return e.rid;
    },
    post(message) {
      if (current === null || current.readyState !== OPEN) return false;
      try {
        current.send(JSON.stringify(message));
      } catch {
        return false;
      }
      lastSent = t.now();
      return true;
    },
    resumed() {
      if (current === null) return;
      resumedOn = gen;
      attempt = 0;
      setState({ status: "connected" });
      retire();
      flush();
    },
    state: () => st,
    get isOpen() {
      return current !== null && current.readyState === OPEN;
    },
    get pending() {
      return outbox.length;
    },
    restart,
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const timer of [retryTimer, tickTimer, resendTimer]) if (timer !== null) t.clearTimeout(timer);
      for (const s of [current, successor, connecting, ...retiring.splice(0)])
        if (s !== null) closeQuietly(s, 1000, "bye");
      current = successor = connecting = null;
    },
  };
}
