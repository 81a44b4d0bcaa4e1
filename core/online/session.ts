/**
 * A friend game from one player's side, over any WebSocket-like transport: create a room or join one
 * by code through the key exchange with its owner (core/crypto/handshake.ts), approve or refuse guests, relay sealed payloads (one in flight at a time, re-sent after
 * a reconnect until acknowledged), apply everything in the server's order with the engine checking
 * each move, catch up after a drop, and return to one's own seat with the saved seat secret.
 *
 * `createFriendSession` returns an interface with `dispose()`; the UI reads `view()` and listens
 * with `subscribe()`. Nothing here touches the DOM or Node: the web client and the integration tests
 * use the same code.
 */
import nacl from "tweetnacl";
import { err, ok, type Result, type Seat } from "../types.js";
import { moveCount, type TraceEvent } from "../games/index.js";
import {
  acceptSealed,
  createReplayGuard,
  generateSecret,
  openBox,
  sealBox,
  type ReplayGuard,
} from "../crypto/envelope.js";
import { makeBase64Url, parseBase64Url } from "../crypto/base64.js";
import { codeForLocator, locatorOf, type RoomCode } from "../crypto/code.js";
import {
  answerGuestHandshake,
  startGuestHandshake,
  type GuestHandshake,
  type OwnerHandshake,
  type RoomSecrets,
} from "../crypto/handshake.js";
import {
  JOIN_STEP_MS,
  MAX_WRONG_CODES,
  OPEN_EXCHANGES,
  PROTOCOL_VERSION,
  parseFriendServerMessage,
  type FriendServerMessage,
  type LogHead,
  type StoredMessage,
} from "../protocol/friend.js";
import { PACER_MAX_MS, createRetryPacer, type PacerOptions, type RetryPacer } from "./pacer.js";
import { chatFlood } from "../protocol/chat.js";
import type { ErrorCode } from "../protocol/errors.js";
import { JoinRequestSchema, kindOf, parsePayload, type Payload } from "./payload.js";
import {
  applyPayload,
  createFriendGame,
  seatToMove,
  type FinishedGame,
  type FriendGame,
  type LogEntry,
  type Profile,
  type Settings,
} from "./game.js";
import { SYSTEM_CLOCK, type Clock, type TimerId } from "./clock.js";
import { DEFAULT_BACKOFF, type Backoff, type SocketFactory } from "./transport.js";
import { createConnection, type Connection, type ConnectionOptions, type ConnectionState } from "./connection.js";
import * as v from "valibot";

export type SessionStatus =
  | "connecting" // not yet answered by the server
  | "waiting" // guest: the owner is not online to answer the key exchange yet
  | "confirming" // guest: the key exchange with the owner is under way
  | "pending" // waiting for the owner to approve this guest (the code is confirmed)
  | "wrong_code" // guest: the key exchange did not confirm (the code is wrong)
  | "retired" // guest: the code was replaced after too many wrong tries
  | "seated"
  | "refused" // the owner said no
  | "full" // both seats are taken by others
  | "not_found" // no room with this code
  | "exists" // (create) a room with this code already exists: make a new code
  | "moved" // this seat is now played from another device or tab
  | "closed";

export interface JoinRequestView {
  readonly reqId: string;
  readonly name: string;
  readonly at: number;
}

export interface SessionView {
  readonly status: SessionStatus;
  readonly connected: boolean;
  /** The connection as the player sees it (connection.ts): connected, reconnecting since, offline. */
  readonly link: ConnectionState;
  /** The room's id ("" for a guest until it is seated). */
  readonly roomId: string;
  /** The code to share (owner), or the one typed (guest). */
  readonly code: RoomCode | null;
  /** Whether the room key is known (owner: once a guest is approved; guest: once seated). */
  readonly keyed: boolean;
  readonly seat: Seat | null;
  readonly peer: { readonly seated: boolean; readonly online: boolean };
  /** Guests waiting for the owner's answer (owner only). */
  readonly requests: readonly JoinRequestView[];
  readonly game: FriendGame;
  /** True once everything stored before this connection joined has been applied. */
  readonly caughtUp: boolean;
  /** Payloads queued or in flight, not yet acknowledged by the server. */
  readonly unsent: number;
  /** Last room sequence number applied. */
  readonly applied: number;
  /** Owner: the current code has had all the key exchanges it gets; a new one is asked for. */
  readonly codeSpent: boolean;
  /** Owner: key exchanges answered for the current code (kept in the snapshot). */
  readonly answered: number;
}

type SessionEvent =
  | { readonly type: "change" }
  | {
      readonly type: "applied";
      readonly from: Seat;
      readonly seq: number;
      readonly payload: Payload;
      readonly trace?: readonly TraceEvent[];
      readonly ended?: FinishedGame;
    }
  | {
      readonly type: "rejected";
      readonly from: Seat;
      readonly seq: number;
      readonly code: ErrorCode;
      readonly message: string;
    }
  | { readonly type: "error"; readonly code: ErrorCode; readonly message: string }
  | { readonly type: "request"; readonly request: JoinRequestView }
  /** Owner: the code changed (a locator other than the proposed one, or the old one retired after wrong codes, or lapsed). */
  | { readonly type: "code"; readonly code: RoomCode; readonly reason: "allocated" | "retired" | "lapsed" }
  /** Owner: a guest's key confirmation failed (counted on the server). */
  | { readonly type: "wrong_code"; readonly reqId: string };

interface SessionError {
  readonly code: ErrorCode;
  readonly message: string;
}

export interface FriendSessionOptions {
  /** The server's WebSocket URL, e.g. `ws://127.0.0.1:3000/ws`. */
  readonly url: string;
  readonly socket: SocketFactory;
  /**
   * "create" makes the room (seat 0) for `code` (its locator is proposed to the server, its password
   * stays here); "join" returns to one's own seat with `roomId` and `secret`, or, without a room id,
   * asks for a seat by the key exchange with the owner over `code`.
   */
  readonly mode: "create" | "join";
  readonly code?: RoomCode;
  /** The room's id: random, made by the owner's device (a fresh one when creating without it). */
  readonly roomId?: string;
  /** The room key, once a confirmed exchange gave it (kept on the device; no new exchange to return). */
  readonly key?: Uint8Array;
  /** The saved seat secret of this room, if any; a fresh one is made otherwise (see `secret`). */
  readonly secret?: string;
  readonly profile: Profile;
  /** The creator's game, options and series length (mode "create"). */
  readonly setup?: Settings;
  readonly backoff?: Backoff;
  /** Spacing of retries after refusals (core/online/pacer.ts). */
  readonly pacer?: PacerOptions;
  /** How long a gap in the room sequence is waited for before a catch-up fills or skips it. */
  readonly gapWaitMs?: number;
  /** Random bytes (default: tweetnacl's, from the platform's CSPRNG). */
  readonly random?: (n: number) => Uint8Array;
  /** Time and timers (default: the host's). */
  readonly clock?: Clock;
  /** Heartbeat: a ping every `everyMs`; no answer within `timeoutMs` and the connection starts over. */
  readonly heartbeat?: { readonly everyMs: number; readonly timeoutMs: number };
  /** The rest of the connection's settings (connection.ts): answer timeout, planned reconnect, clock. */
  readonly connection?: Omit<ConnectionOptions, "url" | "socket" | "handlers">;
  /** A `snapshot()` saved on the device: the game is rebuilt locally and only newer messages are fetched. */
  readonly snapshot?: SessionSnapshot;
}

/**
 * Everything a device needs to pick a friend game up again without replaying it from the server:
 * the applied log (decrypted), the replay guard, and what was not yet acknowledged. Plain JSON.
 */
export interface SessionSnapshot {
  readonly v: 2;
  readonly roomId: string;
  readonly secret: string;
  /** The current code (the owner's, while it matters) and the room key, base64url; null until known. */
  readonly code: string | null;
  readonly key: string | null;
  readonly seat: Seat | null;
  readonly applied: number;
  readonly guard: ReplayGuard;
  readonly nextCseq: number;
  readonly log: readonly LogEntry[];
  readonly outbox: readonly {
    readonly payload: Payload;
    readonly kind: "game" | "chat";
    readonly cseq: number | null;
    readonly box: string | null;
  }[];
  /** Owner: key exchanges answered for `code` (see MAX_WRONG_CODES); absent in older snapshots. */
  readonly tries?: { readonly code: string; readonly used: number };
}

export interface FriendSession {
  view(): SessionView;
  subscribe(listener: (e: SessionEvent) => void): () => void;
  /** The seat secret to keep on the device for "Continue" ("" for a guest until the exchange gives it). */
  readonly secret: string;
  readonly roomId: string;
  /** The room key once known. */
  readonly key: Uint8Array | null;
  move(move: number): Result<void, SessionError>;
  chat(text: string): Result<void, SessionError>;
  /** Ask to pause (`true`) or to carry on (`false`); the other player must agree. */
  pause(on: boolean): Result<void, SessionError>;
  /** Answer the other player's standing offer. */
  answer(what: "pause" | "rematch" | "end", accept: boolean): Result<void, SessionError>;
  rematch(): Result<void, SessionError>;
  forfeit(whole: boolean): Result<void, SessionError>;
  /** Ayo: offer to end the game on the captured score. */
  offerEnd(): Result<void, SessionError>;
  setProfile(profile: Profile): Result<void, SessionError>;
  /** Owner: approve or refuse a waiting guest. */
  answerJoin(reqId: string, approve: boolean): Result<void, SessionError>;
  /** A snapshot to keep on the device (see `FriendSessionOptions.snapshot`). */
  snapshot(): SessionSnapshot;
  dispose(): void;
}

interface Outgoing {
  readonly payload: Payload;
  readonly kind: "game" | "chat";
  cseq: number | null;
  box: string | null;
}

/** How often a seated session pings, and how long it waits for any answer before reconnecting. */
export const HEARTBEAT_MS = 60_000;
export const HEARTBEAT_TIMEOUT_MS = 15_000;
/** Owner: key exchanges answered and not yet confirmed, at once (more hellos wait their turn). */
export const MAX_OPEN_EXCHANGES = OPEN_EXCHANGES;
/** A relay not answered within this is taken as lost and sent again (paced; the server stores it once). */
const RELAY_TIMEOUT_MS = 15_000;

export function createFriendSession(opts: FriendSessionOptions): FriendSession {
  const random = opts.random ?? nacl.randomBytes;
  const clock = opts.clock ?? SYSTEM_CLOCK;
  /** A number in [0, 1) from the injected random bytes (for jitter). */
  const unit = (): number => {
    const b = random(2);
    return ((b[0] << 8) | b[1]) / 65_536;
  };
  const snap = opts.snapshot !== undefined && opts.snapshot.v === 2 ? opts.snapshot : null;
  const saved = snap !== null && (opts.roomId === undefined || snap.roomId === opts.roomId) ? snap : null;
  let roomId = saved?.roomId ?? opts.roomId ?? (opts.mode === "create" ? makeBase64Url(random(32)) : "");
  let key: Uint8Array | null = opts.key ?? (saved?.key != null ? parseBase64Url(saved.key) : null);
  let code: RoomCode | null = (saved?.code as RoomCode | null | undefined) ?? opts.code ?? null;
  let secret = saved?.secret ?? opts.secret ?? (opts.mode === "create" ? generateSecret(random) : "");
  const gapWaitMs = opts.gapWaitMs ?? 400;
  let profile = opts.profile;
  /** Owner: the open key exchanges by request id, and the secrets of those that confirmed. */
  const attempts = new Map<
    string,
    { hs: OwnerHandshake; secrets: RoomSecrets | null; name: string | null; confirmed: boolean; at: number }
  >();
  /** Owner: hellos waiting for one of the few open exchanges to finish. */
  const queued: { reqId: string; sid: string; msg: string }[] = [];
  /** Guest: the exchange under way. */
  let guestHs: GuestHandshake | null = null;
  let guestReq: string | null = null;
  /** `verified` once the owner's tag Tb held: before that the key is not used for anything. */
  let guestDone: {
    check: (tag: string) => boolean;
    secrets: RoomSecrets;
    seatSecret: string;
    verified: boolean;
  } | null = null;
  /**
   * Owner: exchanges judged for the current code (the guest's confirmation checked: the only thing a
   * guesser can learn from). The device judges at most MAX_WRONG_CODES per code, and keeps at most
   * MAX_OPEN_EXCHANGES unconfirmed at once (one idle past two steps is dropped), whatever the server
   * says; then it asks for a new code and answers nothing more for this one. Kept in the snapshot
   * with its code, so a reload does not reset it.
   */
  let answeredForCode = 0;
  let codeSpent = false;
  let recodeAsked = false;
  /** Owner: wrong verdicts sent for the current code (at MAX_WRONG_CODES the server retires it on its own). */
  let wrongForCode = 0;

  let status: SessionStatus = "connecting";
  let created = opts.mode === "join";
  /** This connection's seat token and the other seat's connection it names (see functions/friends/token.ts). */
  let token = "";
  let via = "";
  /** The newest head of the room's log known here, with the server's proof: what the next relay follows. */
  let top: LogHead | null = null;
  /** Spaces out every retry after a refusal (relay, hello): the rate budget holds whatever the server answers. */
  const pacer: RetryPacer = createRetryPacer({ random: unit, ...opts.pacer });
  let seat: Seat | null = null;
  let peer = { seated: false, online: false };
  const requests = new Map<string, JoinRequestView>();
  let game: FriendGame = createFriendGame();
  let guard: ReplayGuard = createReplayGuard();
  let applied = 0;
  const log: LogEntry[] = [];
  let floor = 0; // room sequence known to exist when we joined
  const pending = new Map<number, StoredMessage>();
  let syncing = false;
  let caughtUp = false;
  let everCaughtUp = false;
  let gapTimer: TimerId | null = null;
  let gapChecked = false;
  const outbox: Outgoing[] = [];
  let inflight = false;
  let nextCseq = 0; // unknown until seated
  let retryTimer: TimerId | null = null;
  let relayTimer: TimerId | null = null;
  const rids = new Map<string, string>();
  const listeners = new Set<(e: SessionEvent) => void>();
  let disposed = false;
  const heartbeatMs = opts.heartbeat?.everyMs ?? HEARTBEAT_MS;
  const heartbeatTimeoutMs = opts.heartbeat?.timeoutMs ?? HEARTBEAT_TIMEOUT_MS;

  const emit = (e: SessionEvent): void => {
    for (const l of [...listeners]) l(e);
  };
  const changed = (): void => emit({ type: "change" });

  if (saved !== null) restore(saved);
  if (saved?.tries !== undefined && code !== null && saved.tries.code === code) {
    answeredForCode = Math.max(0, Math.floor(saved.tries.used));
    codeSpent = answeredForCode >= MAX_WRONG_CODES;
  }

  /** Rebuilds the game from a saved log; a log that does not replay cleanly is dropped (the server has it all). */
  function restore(snap: SessionSnapshot): void {
    let g = createFriendGame();
    for (const e of snap.log) {
      const r = applyPayload(g, e);
      if (!r.ok) return;
      g = r.value.game;
    }
    game = g;
    log.push(...snap.log);
    applied = snap.applied;
    guard = [snap.guard[0], snap.guard[1]];
    nextCseq = snap.nextCseq;
    created = true;
    seat = snap.seat;
    for (const o of snap.outbox) outbox.push({ payload: o.payload, kind: o.kind, cseq: o.cseq, box: o.box });
  }

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
    handlers: { onOpen, onMessage: (f) => onMessage(f), onClose, onState: () => changed() },
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
    rids.set(id, purpose);
    return true;
  }

  function onOpen(): void {
    if (!created) {
      request({ type: "room.create", roomId, secret, ...(code !== null ? { loc: locatorOf(code) } : {}) }, "create");
    } else if (roomId !== "" && secret !== "") {
      request({ type: "room.join", roomId, secret }, "join");
    } else if (code !== null) {
      // A guest without a seat: a fresh key exchange (the server forgot the last one with the connection).
      guestHs = startGuestHandshake(code, random);
      guestReq = null;
      guestDone = null;
      request({ type: "join.hello", loc: locatorOf(code), sid: guestHs.sid, msg: guestHs.msg }, "hello");
    }
  }

  /** Owner: a new code for a new locator (the password is made here and never leaves the device). */
  function newCode(loc: number, reason: "allocated" | "retired" | "lapsed"): void {
    if (code !== null && locatorOf(code) === loc) return;
    code = codeForLocator(loc, random);
    answeredForCode = 0;
    codeSpent = false;
    recodeAsked = false;
    wrongForCode = 0;
    queued.length = 0;
    attempts.clear();
    requests.clear();
    emit({ type: "code", code, reason });
    changed();
  }

  /** Owner: a guest opened a key exchange. */
  function onHello(reqId: string, sid: string, msg: string): void {
    // (The server sends waiting exchanges just before it answers the owner's own join: no seat check.)
    if (seat === 1 || code === null || key !== null || attempts.has(reqId)) return;
    if (answeredForCode >= MAX_WRONG_CODES) return spendCode();
    let open = 0;
    const now = clock.now();
    for (const [id, a] of attempts) {
      // An exchange idle past two steps has lapsed on the server too (it says so with join.withdrawn).
      if (!a.confirmed && a.at < now - 2 * JOIN_STEP_MS) attempts.delete(id);
      else if (!a.confirmed) open++;
    }
    if (open >= MAX_OPEN_EXCHANGES) {
      if (queued.length < MAX_WRONG_CODES * 4 && !queued.some((q) => q.reqId === reqId))
        queued.push({ reqId, sid, msg });
      return;
    }
    const hs = answerGuestHandshake(code, sid, msg, random);
    if (!hs.ok) {
      // A malformed share is no guess (no CPace work behind it): refused, and the server gives its
      // guess slot back instead of counting a wrong code.
      request({ type: "join.answer", reqId, approve: false }, `answer:${reqId}`);
      return;
    }
    attempts.set(reqId, { hs: hs.value, secrets: null, name: null, confirmed: false, at: now });
    request({ type: "join.reply", reqId, msg: hs.value.msg }, `reply:${reqId}`);
    changed();
  }

  /** Owner: an exchange finished or went: a queued hello may be answered now. */
  function nextHello(): void {
    const q = queued.shift();
    if (q !== undefined) onHello(q.reqId, q.sid, q.msg);
  }

  /**
   * Owner: the code has had all the answers it gets. Once nothing is open, the device asks the server
   * for a new code; until one comes it answers nothing more for this one (view().codeSpent).
   */
  function spendCode(): void {
    queued.length = 0;
    const wasSpent = codeSpent;
    codeSpent = true;
    // Not while a guest is still in an exchange or waiting for an answer (a new code refuses them all),
    // nor when the server retires the code on its own count (it did see MAX_WRONG_CODES wrong verdicts).
    if (attempts.size === 0 && key === null && seat === 0 && !recodeAsked && wrongForCode < MAX_WRONG_CODES) {
      recodeAsked = request({ type: "room.recode" }, "recode");
    }
    if (!wasSpent) changed();
  }

  /** Owner: the guest's confirmation. A wrong tag is reported (the server counts it). */
  function onConfirm(reqId: string, tag: string): void {
    const att = attempts.get(reqId);
    if (att === undefined || seat === 1 || att.secrets !== null || att.confirmed) return;
    att.confirmed = true;
    if (answeredForCode >= MAX_WRONG_CODES) {
      // The code has had all the judgements it gets here: refused unjudged (the guest learns nothing).
      attempts.delete(reqId);
      request({ type: "join.answer", reqId, approve: false }, `answer:${reqId}`);
      spendCode();
      return;
    }
    answeredForCode++;
    const r = att.hs.confirm(tag);
    if (!r.ok) {
      attempts.delete(reqId);
      wrongForCode++;
      request({ type: "join.verdict", reqId, ok: false }, "verdict");
      emit({ type: "wrong_code", reqId });
      if (codeSpent || answeredForCode >= MAX_WRONG_CODES) spendCode();
      else nextHello();
      return;
    }
    att.secrets = r.value.secrets;
    request({ type: "join.verdict", reqId, ok: true, tag: r.value.tag }, "verdict");
    if (answeredForCode >= MAX_WRONG_CODES) spendCode();
    else nextHello();
  }

  /** Owner: a verified guest's sealed request; shown for an answer, or refused when unreadable. */
  function onJoinRequest(reqId: string, box: string): void {
    const att = attempts.get(reqId);
    if (att === undefined || seat === 1 || att.secrets === null || att.name !== null) return;
    const opened = openBox(att.secrets.key, box);
    const body =
      opened.ok && opened.value.kind === "request" ? v.safeParse(JoinRequestSchema, opened.value.body) : null;
    if (body === null || !body.success) {
      // The right code but no readable request: not a wrong guess, just not a guest to seat.
      attempts.delete(reqId);
      request({ type: "join.answer", reqId, approve: false }, `answer:${reqId}`);
      return;
    }
    att.name = body.output.name;
    const view: JoinRequestView = { reqId, name: att.name, at: clock.now() };
    requests.set(reqId, view);
    emit({ type: "request", request: view });
    changed();
  }

  /** Guest: the owner's share; this side's tag and seat secret go back (the key is not used yet). */
  function onReply(reqId: string, msg: string): void {
    if (guestHs === null || (guestReq !== null && guestReq !== reqId) || guestDone !== null) return;
    guestReq = reqId;
    const r = guestHs.finish(msg);
    if (!r.ok) return stop("wrong_code");
    // The seat secret is this device's own (not derived from the exchange, which the owner shares):
    // it goes to the server only, which keeps its hash.
    guestDone = { check: r.value.check, secrets: r.value.secrets, seatSecret: generateSecret(random), verified: false };
    request({ type: "join.confirm", reqId, tag: r.value.tag, secret: guestDone.seatSecret }, "confirm");
    status = "confirming";
    changed();
  }

  /** Guest: the owner's tag held; only now is the key used, to seal this side's name for the owner. */
  function onVerified(tag: string): void {
    if (guestDone === null || guestDone.verified) return;
    if (!guestDone.check(tag)) return stop("wrong_code");
    guestDone.verified = true;
    const box = sealBox(
      guestDone.secrets.key,
      { seat: 1, seq: 0, kind: "request", body: { name: profile.name } },
      random,
    );
    request({ type: "join.request", reqId: guestReq, request: box }, "request");
    status = "pending";
    changed();
  }

  /** A room key became known: what only the key allows (the owner's setup, one's profile) goes out. */
  function keyed(): void {
    drain();
    if (caughtUp) afterSync();
    flush();
    changed();
  }

  function onClose(): void {
    inflight = false;
    syncing = false;
    caughtUp = false;
    if (status === "seated" || status === "pending") status = "connecting";
    changed();
  }

  function stop(final: SessionStatus): void {
    status = final;
    link.dispose();
    clearTimers();
    changed();
  }

  function clearTimers(): void {
    if (gapTimer !== null) clock.clearTimeout(gapTimer);
    if (retryTimer !== null) clock.clearTimeout(retryTimer);
    if (relayTimer !== null) clock.clearTimeout(relayTimer);
    gapTimer = retryTimer = relayTimer = null;
  }

  function seated(s: Seat, sent: number, seqAtJoin: number): void {
    seat = s;
    status = "seated";
    nextCseq = Math.max(nextCseq, sent + 1, guard[s] + 1);
    floor = Math.max(floor, seqAtJoin);
    link.resumed();
    pacer.reset("hello");
    startSync();
    flush();
    changed();
  }

  function startSync(): void {
    if (syncing) return;
    syncing = true;
    request({ type: "sync", after: applied }, "sync");
  }

  function onMessage(raw: unknown): void {
    const parsed = parseFriendServerMessage(raw);
    if (!parsed.ok) return;
    const m: FriendServerMessage = parsed.value;
    const mrid = "rid" in m ? m.rid : undefined;
    const purpose = typeof mrid === "string" ? rids.get(mrid) : undefined;
    if (typeof mrid === "string") rids.delete(mrid);
    switch (m.type) {
      case "room.created":
        created = true;
        learnHead(m.head);
        seated(0, 0, 0);
        newCode(m.loc, "allocated");
        return;
      case "room.joined":
        // A seat without the owner's tag checked would be a seat under a key nobody proved.
        if (m.seat === 1 && key === null && guestDone !== null && !guestDone.verified) return stop("wrong_code");
        if (m.seat === 1 && key === null && guestDone !== null && guestDone.verified) {
          key = guestDone.secrets.key;
          secret = guestDone.seatSecret;
        }
        if (roomId === "") roomId = m.roomId;
        token = m.token;
        via = m.via;
        peer = m.peer;
        learnHead(m.head);
        seated(m.seat, m.sent, m.seq);
        if (m.seat === 0 && m.loc !== undefined && m.loc !== null) newCode(m.loc, "lapsed");
        if (key !== null) keyed();
        return;
      case "room.code":
        newCode(m.loc, m.reason);
        return;
      case "join.ok":
        // A step of the exchange was taken (its outbox entry is done); the next one comes from the other side.
        return;
      case "join.pending":
        guestReq = m.reqId;
        status = m.owner ? "confirming" : "waiting";
        changed();
        return;
      case "join.hello":
        onHello(m.reqId, m.sid, m.msg);
        return;
      case "join.reply":
        onReply(m.reqId, m.msg);
        return;
      case "join.confirm":
        onConfirm(m.reqId, m.tag);
        return;
      case "join.request":
        onJoinRequest(m.reqId, m.request);
        return;
      case "join.verified":
        // To the owner: its verdict is recorded; the guest's sealed name follows in `join.request`.
        if (seat === 0 || guestDone === null || m.reqId !== guestReq) return;
        // The owner's own confirmation: without it this side does not use the key.
        onVerified(m.tag);
        return;
      case "join.answered": {
        const att = attempts.get(m.reqId);
        if (m.approved && att?.secrets != null && key === null) {
          key = att.secrets.key;
          attempts.clear();
          keyed();
        }
        requests.delete(m.reqId);
        if (!m.approved) attempts.delete(m.reqId);
        if (codeSpent && key === null) spendCode();
        changed();
        return;
      }
      case "join.withdrawn": {
        requests.delete(m.reqId);
        const att = attempts.get(m.reqId);
        attempts.delete(m.reqId);
        // Gone before the guest confirmed (lapsed, or the guest left): nothing was judged, nothing spent.
        void att;
        if (codeSpent) spendCode();
        else nextHello();
        changed();
        return;
      }
      case "join.refused":
        if (m.reason === "lapsed") {
          // Too slow a step (a stalled network): knock again, paced.
          status = "waiting";
          knockLater(undefined);
          changed();
          return;
        }
        stop(
          m.reason === "room/full"
            ? "full"
            : m.reason === "wrong_code"
              ? "wrong_code"
              : m.reason === "retired"
                ? "retired"
                : "refused",
        );
        return;
      case "relay.ack": {
        const head = outbox[0];
        if (head === undefined || head.cseq !== m.cseq || seat === null || head.box === null) return;
        outbox.shift();
        inflight = false;
        pacer.reset("relay");
        receive({
          seq: m.seq,
          from: seat,
          cseq: m.cseq,
          kind: head.kind,
          box: head.box,
          at: m.at,
          sent: m.sent,
          proof: m.proof,
        });
        flush();
        return;
      }
      case "relay":
        receive(m.msg);
        return;
      case "sync.page": {
        for (const msg of m.msgs) receive(msg, true);
        if (m.more) {
          syncing = false;
          startSync();
          return;
        }
        syncing = false;
        afterSync();
        return;
      }
      case "presence":
        if (m.seat !== seat) {
          peer = { seated: m.seated, online: m.online };
          token = m.token;
          via = m.via;
          changed();
        }
        return;
      case "pong":
        return;
      case "error":
        onError(m.code as ErrorCode, m.message, purpose, m.expected, m.retryMs);
        return;
    }
  }

  /** Guest: knock again once the pacer allows (never sooner than the server's `retryMs`, within reason). */
  function knockLater(retryMs: number | undefined): void {
    retryTimer ??= clock.setTimeout(
      () => {
        retryTimer = null;
        if (!disposed && link.isOpen && seat === null) onOpen();
      },
      pacer.next("hello", retryMs),
    );
  }

  /** Sends the head of the outbox again once the pacer allows. */
  function relayLater(retryMs?: number): void {
    retryTimer ??= clock.setTimeout(
      () => {
        retryTimer = null;
        flush();
      },
      pacer.next("relay", retryMs === undefined ? undefined : Math.min(retryMs, PACER_MAX_MS)),
    );
  }

  function learnHead(h: LogHead): void {
    if (top === null || h.seq > top.seq) top = { seq: h.seq, sent: [h.sent[0], h.sent[1]], proof: h.proof };
  }

  function onError(
    code: ErrorCode,
    message: string,
    purpose: string | undefined,
    expected: number | undefined,
    retryMs: number | undefined,
  ): void {
    if (purpose === "create" && code === "room/exists") {
      // Either our own create went through before the connection dropped (then our secret holds
      // seat 0), or the code is taken: joining tells which.
      created = true;
      request({ type: "room.join", roomId, secret }, "rejoin");
      return;
    }
    if (purpose === "rejoin" && (code === "room/no_seat" || code === "room/full")) return stop("exists");
    if (purpose === "create" && (code === "rate/rooms" || code === "rate/limited")) {
      // Too many new games from this network: said once, tried again when the server's window ends.
      emit({ type: "error", code, message });
      retryTimer ??= clock.setTimeout(
        () => {
          retryTimer = null;
          if (!disposed && link.isOpen && !created) onOpen();
        },
        pacer.next("hello", retryMs),
      );
      return;
    }
    if (purpose === "create" || purpose === "join" || purpose === "rejoin" || purpose === "hello") {
      if (code === "room/not_found") return stop("not_found");
      if (code === "room/full") return stop("full");
    }
    if (code === "room/seat_moved") return stop("moved");
    if (
      purpose === "hello" &&
      (code === "join/busy" || code === "join/owner_away" || code === "rate/lookups" || code === "rate/limited")
    ) {
      // Other guests' exchanges are open, the owner is away, or this address knocked too often:
      // knock again later, never faster than the pacer allows.
      status = "waiting";
      if (code === "rate/lookups") emit({ type: "error", code, message });
      knockLater(retryMs);
      changed();
      return;
    }
    if (purpose === "relay") {
      inflight = false;
      const head = outbox[0];
      if (code === "chat/flood" && head !== undefined && head.kind === "chat") {
        outbox.shift();
        emit({ type: "error", code, message });
        relayLater();
        return;
      }
      if (code === "relay/duplicate" && head !== undefined) {
        // Stored before, its acknowledgement lost: it comes back with the catch-up.
        outbox.shift();
        startSync();
      } else if (code === "relay/seq_taken" || code === "relay/bad_head") {
        // Another message took that number (both players sent at once), or this side's head is not
        // the room's: catch up (the catch-up brings the newer head), then send again, paced.
        startSync();
      } else if (code === "room/not_seated") {
        // The seat token is no longer good (a server restart, a seat taken over): join again, paced
        // (a server that keeps saying so must not make the client reconnect in a loop).
        retryTimer ??= clock.setTimeout(() => {
          retryTimer = null;
          if (!disposed) link.restart();
        }, pacer.next("relay"));
        return;
      } else if (code === "relay/out_of_order" && head !== undefined && expected !== undefined) {
        head.cseq = null;
        // Only a number this side could have sent: a hint below what it already sealed is no hint
        // (then this side's head is stale: the catch-up brings a newer one).
        if (seat !== null && expected > guard[seat] && expected <= nextCseq + 1) nextCseq = expected;
        else startSync();
      } else {
        emit({ type: "error", code, message });
      }
      relayLater(code === "rate/limited" || code === "server/error" ? retryMs : undefined);
      return;
    }
    if (purpose === "sync") syncing = false;
    // A wrong verdict sent again after its answer was lost: the exchange had already ended.
    if (purpose === "verdict" && code === "join/not_found") return;
    if (purpose !== undefined && purpose.startsWith("reply:") && code === "join/not_found") {
      // The exchange ended before the answer arrived (it lapsed, or the guest left): let it go.
      attempts.delete(purpose.slice("reply:".length));
      nextHello();
      return;
    }
    if (purpose !== undefined && purpose.startsWith("answer:") && (code === "join/not_found" || code === "room/full")) {
      requests.delete(purpose.slice("answer:".length));
      changed();
    }
    emit({ type: "error", code, message });
  }

  /** Takes a stored message into the ordered log; applies whatever has become contiguous. */
  function receive(msg: StoredMessage, fromSync = false): void {
    learnHead(msg);
    // One's own message, stored before its acknowledgement was lost: it is sent, not to be sent again.
    const head = outbox[0];
    if (head !== undefined && msg.from === seat && head.cseq === msg.cseq && head.box === msg.box) {
      outbox.shift();
      inflight = false;
    }
    if (msg.seq <= applied || pending.has(msg.seq)) return;
    pending.set(msg.seq, msg);
    drain();
    if (!fromSync) changed();
  }

  function drain(): void {
    // Without the key nothing can be opened: what arrived waits (the owner learns the key from
    // join.answered, which may come after the new guest's first relay).
    if (key === null && keyFromGuest()) return keyed();
    if (key === null) return;
    let progressed = false;
    for (let next = pending.get(applied + 1); next !== undefined; next = pending.get(applied + 1)) {
      pending.delete(next.seq);
      applied = next.seq;
      apply(next);
      progressed = true;
    }
    if (progressed) gapChecked = false;
    checkGap();
    if (progressed) changed();
  }

  /**
   * Owner: the approval's answer never came (the gateway lost it, and the approval sent again finds
   * the exchange already ended), yet the seated guest writes: the confirmed exchange whose key opens
   * the guest's box is the guest's (the box is authenticated), and its key is the room's.
   */
  function keyFromGuest(): boolean {
    if (seat !== 0) return false;
    const first = [...pending.values()].find((m) => m.from === 1);
    if (first === undefined) return false;
    for (const a of attempts.values()) {
      if (a.secrets === null || !openBox(a.secrets.key, first.box).ok) continue;
      key = a.secrets.key;
      attempts.clear();
      requests.clear();
      return true;
    }
    return false;
  }

  function highest(): number {
    let h = floor;
    for (const s of pending.keys()) if (s > h) h = s;
    return h;
  }

  /** A missing sequence number is waited for, then asked for again; a number never stored is skipped. */
  function checkGap(): void {
    if (applied >= highest()) {
      if (gapTimer !== null) clock.clearTimeout(gapTimer);
      gapTimer = null;
      return;
    }
    if (gapTimer !== null || syncing || !link.isOpen || status !== "seated") return;
    gapTimer = clock.setTimeout(() => {
      gapTimer = null;
      if (applied >= highest()) return;
      if (!gapChecked) {
        gapChecked = true;
        startSync();
        return;
      }
      // Asked again and still missing: the number was taken but never stored (a crash between).
      let low = Infinity;
      for (const s of pending.keys()) if (s < low) low = s;
      applied = low === Infinity ? floor : low - 1;
      gapChecked = false;
      drain();
      afterSync();
    }, gapWaitMs);
  }

  function afterSync(): void {
    checkGap();
    const complete = applied >= floor && pending.size === 0;
    if (complete && key === null) caughtUp = true;
    else if (complete && (!caughtUp || !everCaughtUp)) {
      caughtUp = true;
      if (!everCaughtUp) {
        everCaughtUp = true;
        if (seat === 0 && game.settings === null && opts.setup !== undefined) {
          enqueue({
            t: "setup",
            game: opts.setup.game,
            options: opts.setup.options as Record<string, number | boolean>,
            bestOf: opts.setup.bestOf,
          });
        }
      }
      if (seat !== null) {
        const mine = game.profiles[seat];
        if (mine === null || mine.name !== profile.name || mine.avatar !== profile.avatar)
          enqueue(profilePayload(profile));
      }
    }
    flush();
    changed();
  }

  function apply(msg: StoredMessage): void {
    const reject = (code: ErrorCode, message: string): void =>
      emit({ type: "rejected", from: msg.from, seq: msg.seq, code, message });
    if (key === null) return reject("crypto/bad_box", "no room key on this device");
    const opened = openBox(key, msg.box);
    if (!opened.ok) return reject(opened.error.code, opened.error.message);
    const g = acceptSealed(guard, msg.from, opened.value);
    if (!g.ok) return reject(g.error.code, g.error.message);
    guard = g.value;
    if (opened.value.kind !== msg.kind) return reject("peer/invalid", "the box's kind differs from the relayed kind");
    const payload = parsePayload(opened.value.body);
    if (!payload.ok) return reject(payload.error.code, payload.error.message);
    const r = applyPayload(game, { from: msg.from, seq: msg.seq, at: msg.at, payload: payload.value });
    if (!r.ok) return reject(r.error.code, r.error.message);
    game = r.value.game;
    log.push({ from: msg.from, seq: msg.seq, at: msg.at, payload: payload.value });
    emit({
      type: "applied",
      from: msg.from,
      seq: msg.seq,
      payload: payload.value,
      ...(r.value.trace !== undefined ? { trace: r.value.trace } : {}),
      ...(r.value.ended !== undefined ? { ended: r.value.ended } : {}),
    });
  }

  function flush(): void {
    // Only once caught up: what this seat sent before (on any device) is known, and the next number too.
    if (
      inflight ||
      retryTimer !== null ||
      top === null ||
      disposed ||
      status !== "seated" ||
      seat === null ||
      key === null ||
      !caughtUp ||
      token === "" ||
      !link.isOpen
    )
      return;
    const head = outbox[0];
    if (head === undefined) {
      changed();
      return;
    }
    if (head.cseq === null || head.box === null) {
      head.cseq = Math.max(nextCseq, guard[seat] + 1);
      nextCseq = head.cseq + 1;
      head.box = sealBox(key, { seat, seq: head.cseq, kind: head.kind, body: head.payload }, random);
    }
    const prev = top;
    inflight = request(
      {
        type: "relay",
        room: roomId,
        seat,
        via,
        tok: token,
        seq: prev.seq + 1,
        cseq: head.cseq,
        prev: { sent: prev.sent, proof: prev.proof },
        kind: head.kind,
        box: head.box,
      },
      "relay",
    );
    if (relayTimer !== null) clock.clearTimeout(relayTimer);
    relayTimer = inflight
      ? clock.setTimeout(() => {
          relayTimer = null;
          if (!inflight) return;
          inflight = false;
          relayLater();
        }, RELAY_TIMEOUT_MS)
      : null;
  }

  function enqueue(p: Payload): void {
    outbox.push({ payload: p, kind: kindOf(p), cseq: null, box: null });
    flush();
    changed();
  }

  function profilePayload(p: Profile): Payload {
    return p.avatar !== undefined ? { t: "profile", name: p.name, avatar: p.avatar } : { t: "profile", name: p.name };
  }

  /** Checks an action against the current state as if it were applied next, then queues it. */
  function act(p: Payload): Result<void, SessionError> {
    if (disposed) return err({ code: "room/not_seated", message: "the session is closed" });
    if (seat === null) return err({ code: "room/not_seated", message: "not seated yet" });
    if (p.t === "chat") {
      const flood = chatFlood(
        game.chat.filter((c) => c.seat === seat).map((c) => c.at),
        clock.now(),
        outbox.filter((o) => o.kind === "chat").length,
      );
      if (flood !== null) return err(flood);
    }
    const probe = applyPayload(game, { from: seat, seq: applied + 1, at: clock.now(), payload: p });
    if (!probe.ok) return err(probe.error);
    enqueue(p);
    return ok(undefined);
  }

  return {
    get secret() {
      return secret;
    },
    get roomId() {
      return roomId;
    },
    get key() {
      return key;
    },
    view() {
      return {
        status,
        connected: link.isOpen,
        link: link.state(),
        roomId,
        code,
        keyed: key !== null,
        seat,
        peer,
        requests: [...requests.values()],
        game,
        caughtUp,
        unsent: outbox.length,
        applied,
        codeSpent,
        answered: answeredForCode,
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    move(move) {
      if (game.state === null || game.series === null)
        return err({ code: "peer/illegal", message: "the game is not set up yet" });
      if (seat !== null && seatToMove(game) !== seat) return err({ code: "peer/illegal", message: "not your turn" });
      if (outbox.some((o) => o.payload.t === "move"))
        return err({ code: "peer/illegal", message: "your last move is still on its way" });
      return act({
        t: "move",
        series: game.seriesNo,
        game: game.series.games.length,
        ply: moveCount(game.state),
        move,
      });
    },
    chat(text) {
      return act({ t: "chat", text });
    },
    pause(on) {
      return act({ t: "pause", on });
    },
    answer(what, accept) {
      return act({ t: "answer", what, accept });
    },
    rematch() {
      return act({ t: "rematch" });
    },
    forfeit(whole) {
      return act({ t: "forfeit", whole });
    },
    offerEnd() {
      return act({ t: "end" });
    },
    setProfile(p) {
      profile = p;
      return act(profilePayload(p));
    },
    answerJoin(reqId, approve) {
      if (seat !== 0)
        return err({ code: "room/not_owner", message: "only the player who made the game answers join requests" });
      if (!requests.has(reqId)) return err({ code: "join/not_found", message: "that join request is no longer open" });
      if (!request({ type: "join.answer", reqId, approve }, `answer:${reqId}`))
        return err({ code: "server/error", message: "not connected; try again" });
      return ok(undefined);
    },
    snapshot() {
      return {
        v: 2,
        roomId,
        secret,
        code,
        key: key === null ? null : makeBase64Url(key),
        seat,
        applied,
        guard: [guard[0], guard[1]],
        nextCseq,
        log: [...log],
        outbox: outbox.map((o) => ({ payload: o.payload, kind: o.kind, cseq: o.cseq, box: o.box })),
        ...(code !== null && seat !== 1 ? { tries: { code, used: answeredForCode } } : {}),
      };
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      status = "closed";
      clearTimers();
      link.dispose();
      listeners.clear();
    },
  };
}
