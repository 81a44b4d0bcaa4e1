/**
 * A friend game from one player's side, over any WebSocket-like transport: create a room or join one
 * by code through the key exchange with its owner (core/crypto/handshake.ts), approve or refuse
 * guests, relay sealed payloads (one in flight at a time, re-sent until acknowledged), apply
 * everything in the server's order with the engine checking each move, catch up after a drop, and
 * return to one's own seat with the saved seat secret.
 *
 * A thin composition of parts with explicit state, each tested on its own: the owner's side of the
 * key exchanges (friend/door.ts, a reducer that returns the messages to send), the incoming log and
 * its order (friend/inlog.ts), the outgoing log with this seat's numbers and the room's head
 * (friend/outbox.ts), the device's snapshot (friend/snapshot.ts), retry spacing (pacer.ts) and the
 * one client connection (connection.ts: heartbeat, reconnects, requests sent again until answered).
 * This file holds what joins them: the guest's side of the exchange, timers, and the events.
 *
 * `createFriendSession` returns an interface with `dispose()`; the UI reads `view()` and listens
 * with `subscribe()`. Nothing here touches the DOM or Node: the web client and the integration tests
 * use the same code.
 */
import nacl from "tweetnacl";
import { err, ok, type Result, type Seat } from "../types.js";
import { moveCount, type TraceEvent } from "../games/index.js";
import { createReplayGuard, generateSecret, sealBox, type ReplayGuard } from "../crypto/envelope.js";
import { makeBase64Url, parseBase64Url } from "../crypto/base64.js";
import { codeForLocator, locatorOf, type RoomCode } from "../crypto/code.js";
import {
  PROTOCOL_VERSION,
  parseFriendServerMessage,
  type FriendServerMessage,
  type StoredMessage,
} from "../protocol/friend.js";
import { PACER_MAX_MS, createRetryPacer, type PacerOptions, type RetryPacer } from "./pacer.js";
import { chatFlood } from "../protocol/chat.js";
import type { ErrorCode } from "../protocol/errors.js";
import type { Payload } from "./payload.js";
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
import {
  answered,
  confirm,
  createDoor,
  hello,
  keyOpening,
  named,
  withdrawn,
  type Door,
  type DoorContext,
  type DoorStep,
} from "./friend/door.js";
import {
  CATCHING_UP,
  advanced,
  askSync,
  connectionLost,
  gapWaited,
  settled,
  syncEnded,
  type CatchUp,
} from "./friend/catchup.js";
import { complete, createInLog, hasGap, raiseFloor, skipGap, takeIn, takeOut, type InLog } from "./friend/inlog.js";
import {
  acknowledged,
  createOutbox,
  enqueue,
  learnHead,
  refused,
  relayOf,
  sealHead,
  seatedAt,
  sent,
  storedElsewhere,
  type Outbox,
} from "./friend/outbox.js";
import {
  knockPending,
  knockReturn,
  knockReply,
  knockSeat,
  knockVerified,
  startKnock,
  type Knock,
  type KnockStep,
} from "./friend/knock.js";
import { NO_PEER, peerAtJoin, peerPresence, type Peer } from "./friend/peer.js";
import { openAndApply } from "./friend/apply.js";
import { restoreSnapshot, triesFor, type SessionSnapshot } from "./friend/snapshot.js";

export type { SessionSnapshot } from "./friend/snapshot.js";
export { MAX_OPEN_EXCHANGES } from "./friend/door.js";

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

/** How often a seated session pings, and how long it waits for any answer before reconnecting. */
export const HEARTBEAT_MS = 60_000;
export const HEARTBEAT_TIMEOUT_MS = 15_000;
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
  const restored = saved === null ? null : restoreSnapshot(saved);

  // Who and where: the room, its key and code, this device's seat secret and seat.
  let roomId = saved?.roomId ?? opts.roomId ?? (opts.mode === "create" ? makeBase64Url(random(32)) : "");
  let key: Uint8Array | null = opts.key ?? (saved?.key != null ? parseBase64Url(saved.key) : null);
  let code: RoomCode | null = (saved?.code as RoomCode | null | undefined) ?? opts.code ?? null;
  let secret = saved?.secret ?? opts.secret ?? (opts.mode === "create" ? generateSecret(random) : "");
  let profile = opts.profile;
  let status: SessionStatus = "connecting";
  let created = opts.mode === "join" || restored !== null;
  let seat: Seat | null = restored?.seat ?? null;
  /** The other seat, and this connection's seat token naming it (friend/peer.ts). */
  let peer: Peer = NO_PEER;
  let peerView = { seated: false, online: false };
  const seePeer = (p: Peer): void => {
    peer = p;
    if (p.seated !== peerView.seated || p.online !== peerView.online) peerView = { seated: p.seated, online: p.online };
  };

  // The key exchanges: the owner's side (friend/door.ts) and the guest's.
  let door: Door = createDoor(triesFor(saved, code) ?? 0);
  let knock: Knock | null = null;
  const requests = new Map<string, JoinRequestView>();

  // The room's log: the game as applied, what came in (friend/inlog.ts), what goes out (friend/outbox.ts).
  let game: FriendGame = restored?.game ?? createFriendGame();
  let guard: ReplayGuard = restored?.guard ?? createReplayGuard();
  const log: LogEntry[] = restored !== null ? [...restored.log] : [];
  let inlog: InLog = createInLog(restored?.applied ?? 0);
  let out: Outbox = createOutbox(restored?.outbox ?? [], restored?.nextCseq ?? 0);
  let sync: CatchUp = CATCHING_UP;

  /** Spaces out every retry after a refusal (relay, hello): the rate budget holds whatever the server answers. */
  const pacer: RetryPacer = createRetryPacer({ random: unit, ...opts.pacer });
  const gapWaitMs = opts.gapWaitMs ?? 400;
  let gapTimer: TimerId | null = null;
  /** A relay sent again (or a rejoin) once the pacer allows. */
  let retryTimer: TimerId | null = null;
  /** A hello or a room creation tried again once the pacer allows (it never holds up relays). */
  let knockTimer: TimerId | null = null;
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
      // A guest cut off after its exchange held: its seat, if the owner approved meanwhile.
      const back = knockReturn(knock);
      if (back !== null) {
        request(back, "return");
        return;
      }
      // A guest without a seat: a fresh key exchange (the server forgot the last one with the connection).
      const k = startKnock(code, random);
      knock = k.knock;
      request(k.message, "hello");
    }
  }

  // ---- The owner's door: the reducer's state in, its commands carried out. ----

  function doorContext(): DoorContext {
    return { code: code!, now: clock.now(), random, mayRecode: seat === 0 && key === null && link.isOpen };
  }

  function runDoor(step: DoorStep): void {
    const wasSpent = door.spent;
    const before = door.attempts.size;
    door = step.door;
    for (const c of step.out) {
      if (c.kind === "send") request(c.message, c.purpose);
      else if (c.kind === "wrong_code") emit({ type: "wrong_code", reqId: c.reqId });
      else {
        const view: JoinRequestView = { reqId: c.reqId, name: c.name, at: clock.now() };
        requests.set(c.reqId, view);
        emit({ type: "request", request: view });
      }
    }
    if (door.spent !== wasSpent || door.attempts.size !== before || step.out.length > 0) changed();
  }

  /** Owner: a new code for a new locator (the password is made here and never leaves the device). */
  function newCode(loc: number, reason: "allocated" | "retired" | "lapsed"): void {
    if (code !== null && locatorOf(code) === loc) return;
    code = codeForLocator(loc, random);
    door = createDoor();
    requests.clear();
    emit({ type: "code", code, reason });
    changed();
  }

  /** Owner-only events: ignored on the guest's seat, without a code, or once the room has its key. */
  function asOwner(): boolean {
    return seat !== 1 && code !== null && key === null;
  }

  // ---- The guest's side of the exchange. ----

  /** Guest: the owner's share, then the owner's tag (friend/knock.ts): one message each, or the code is wrong. */
  function onKnockStep(step: KnockStep | "wrong_code" | null, purpose: string, next: SessionStatus): void {
    if (step === null) return;
    if (step === "wrong_code") return stop("wrong_code");
    knock = step.knock;
    request(step.message, purpose);
    status = next;
    changed();
  }

  // ---- Seat and connection. ----

  /** A room key became known: what only the key allows (the owner's setup, one's profile) goes out. */
  function keyed(): void {
    drain();
    if (sync.caughtUp) afterSync();
    flush();
    changed();
  }

  function onClose(): void {
    out = sent(out, false);
    sync = connectionLost(sync);
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
    if (knockTimer !== null) clock.clearTimeout(knockTimer);
    gapTimer = retryTimer = relayTimer = knockTimer = null;
  }

  function seated(s: Seat, sentBefore: number, seqAtJoin: number): void {
    seat = s;
    status = "seated";
    out = seatedAt(out, sentBefore, guard[s]);
    inlog = raiseFloor(inlog, seqAtJoin);
    link.resumed();
    pacer.reset("hello");
    startSync();
    flush();
    changed();
  }

  function startSync(): void {
    const r = askSync(sync);
    sync = r.c;
    if (r.send) request({ type: "sync", after: inlog.applied }, "sync");
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
        out = learnHead(out, m.head);
        seated(0, 0, 0);
        newCode(m.loc, "allocated");
        return;
      case "room.joined": {
        // A seat without the owner's tag checked would be a seat under a key nobody proved.
        const given = m.seat === 1 && key === null ? knockSeat(knock) : null;
        if (given === "wrong_code") return stop("wrong_code");
        if (given !== null) {
          key = given.key;
          secret = given.secret;
        }
        if (roomId === "") roomId = m.roomId;
        seePeer(peerAtJoin(m));
        out = learnHead(out, m.head);
        seated(m.seat, m.sent, m.seq);
        if (m.seat === 0 && m.loc !== undefined && m.loc !== null) newCode(m.loc, "lapsed");
        if (key !== null) keyed();
        return;
      }
      case "room.code":
        newCode(m.loc, m.reason);
        return;
      case "join.ok":
        // A step of the exchange was taken (its outbox entry is done); the next one comes from the other side.
        return;
      case "join.pending":
        if (knock !== null) knock = knockPending(knock, m.reqId);
        status = m.owner ? "confirming" : "waiting";
        changed();
        return;
      case "join.hello":
        // (The server sends waiting exchanges just before it answers the owner's own join: no seat check.)
        if (asOwner()) runDoor(hello(door, { reqId: m.reqId, sid: m.sid, msg: m.msg }, doorContext()));
        return;
      case "join.reply":
        if (knock !== null) onKnockStep(knockReply(knock, m.reqId, m.msg, random), "confirm", "confirming");
        return;
      case "join.confirm":
        if (asOwner()) runDoor(confirm(door, m.reqId, m.tag, doorContext()));
        return;
      case "join.request":
        if (asOwner()) runDoor(named(door, m.reqId, m.request));
        return;
      case "join.verified":
        // To the owner: its verdict is recorded; the guest's sealed name follows in `join.request`.
        // To the guest: the owner's own confirmation, without which this side does not use the key.
        if (seat !== 0 && knock !== null)
          onKnockStep(knockVerified(knock, m.reqId, m.tag, profile.name, random, m.roomId), "request", "pending");
        return;
      case "join.answered": {
        requests.delete(m.reqId);
        if (code === null) return changed();
        const r = answered(door, m.reqId, m.approved, doorContext(), key !== null);
        runDoor(r);
        if (r.key !== null) {
          key = r.key;
          keyed();
        }
        changed();
        return;
      }
      case "join.withdrawn":
        // Gone before the guest confirmed (lapsed, or the guest left): nothing was judged, nothing spent.
        requests.delete(m.reqId);
        if (code !== null) runDoor(withdrawn(door, m.reqId, doorContext()));
        changed();
        return;
      case "join.refused":
        if (m.reason === "lapsed") {
          // Too slow a step (a stalled network): knock again, paced.
          knock = null;
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
        if (seat === null) return;
        const a = acknowledged(out, m.cseq);
        if (a === null) return;
        out = a.o;
        pacer.reset("relay");
        receive({
          seq: m.seq,
          from: seat,
          cseq: m.cseq,
          kind: a.item.kind,
          box: a.item.box!,
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
        sync = syncEnded(sync);
        if (m.more) return startSync();
        afterSync();
        return;
      }
      case "presence":
        if (m.seat !== seat) {
          seePeer(peerPresence(peer, seat, m));
          // A fresh token: what waited for one goes (the approval's answer can come before the presence).
          flush();
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

  /**
   * Guest: knock again once the pacer allows (never sooner than the server's `retryMs`, within
   * reason), unless an exchange got under way meanwhile (a copy of the hello, sent again by the
   * connection while the first was handled, can be refused while the first opens the exchange).
   */
  function knockLater(retryMs: number | undefined): void {
    knockTimer ??= clock.setTimeout(
      () => {
        knockTimer = null;
        if (!disposed && link.isOpen && seat === null && knock?.reqId == null) onOpen();
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
    if (purpose === "return") {
      // Not approved before the cut (or the room is gone): a fresh exchange, as after any cut.
      knock = null;
      if (!disposed && link.isOpen) onOpen();
      return;
    }
    if (purpose === "create" && (code === "rate/rooms" || code === "rate/limited")) {
      // Too many new games from this network: said once, tried again when the server's window ends.
      emit({ type: "error", code, message });
      knockTimer ??= clock.setTimeout(
        () => {
          knockTimer = null;
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
    if (purpose === "relay") return relayRefused(code, message, expected, retryMs);
    if (purpose === "sync") sync = syncEnded(sync);
    // A wrong verdict sent again after its answer was lost: the exchange had already ended.
    if (purpose === "verdict" && code === "join/not_found") return;
    if (purpose !== undefined && purpose.startsWith("reply:") && code === "join/not_found") {
      // The exchange ended before the answer arrived (it lapsed, or the guest left): let it go.
      return exchangeGone(purpose.slice("reply:".length));
    }
    if (purpose !== undefined && purpose.startsWith("answer:") && (code === "join/not_found" || code === "room/full")) {
      requests.delete(purpose.slice("answer:".length));
      changed();
    }
    emit({ type: "error", code, message });
  }

  /** Owner: an exchange the server no longer has. */
  function exchangeGone(reqId: string): void {
    if (code !== null) runDoor(withdrawn(door, reqId, doorContext()));
  }

  /** The server refused the relay in flight (friend/outbox.ts decides what becomes of it). */
  function relayRefused(
    code: ErrorCode,
    message: string,
    expected: number | undefined,
    retryMs: number | undefined,
  ): void {
    const r = refused(out, code, expected, seat === null ? Infinity : guard[seat]);
    out = r.o;
    if (r.report) emit({ type: "error", code, message });
    if (r.sync) startSync();
    if (r.rejoin) {
      // A server that keeps saying so must not make the client reconnect in a loop: paced.
      retryTimer ??= clock.setTimeout(() => {
        retryTimer = null;
        if (!disposed) link.restart();
      }, pacer.next("relay"));
      return;
    }
    relayLater(r.hinted ? retryMs : undefined);
  }

  // ---- The incoming log. ----

  /** Takes a stored message into the ordered log; applies whatever has become contiguous. */
  function receive(msg: StoredMessage, fromSync = false): void {
    out = learnHead(out, msg);
    // One's own message, stored before its acknowledgement was lost: it is sent, not to be sent again.
    out = storedElsewhere(out, msg, seat);
    const before = inlog;
    inlog = takeIn(inlog, msg);
    if (inlog === before) return;
    drain();
    if (!fromSync) changed();
  }

  function drain(): void {
    // Without the key nothing can be opened: what arrived waits (the owner learns the key from
    // join.answered, which may come after the new guest's first relay).
    if (key === null && keyFromGuest()) return keyed();
    if (key === null) return;
    let progressed = false;
    for (let next = takeOut(inlog); next !== null; next = takeOut(inlog)) {
      inlog = next.log;
      apply(next.msg);
      progressed = true;
    }
    if (progressed) sync = advanced(sync);
    checkGap();
    if (progressed) changed();
  }

  /** Owner: the approval's answer was lost, but the seated guest's first box tells which exchange was approved. */
  function keyFromGuest(): boolean {
    if (seat !== 0) return false;
    const first = [...inlog.pending.values()].find((m) => m.from === 1);
    const found = first === undefined ? null : keyOpening(door, first.box);
    if (found === null) return false;
    key = found;
    door = { ...door, attempts: new Map(), queued: [], gone: new Map() };
    requests.clear();
    return true;
  }

  /** A missing sequence number is waited for, then asked for again; a number never stored is skipped. */
  function checkGap(): void {
    if (!hasGap(inlog)) {
      if (gapTimer !== null) clock.clearTimeout(gapTimer);
      gapTimer = null;
      return;
    }
    if (gapTimer !== null || sync.syncing || !link.isOpen || status !== "seated") return;
    gapTimer = clock.setTimeout(() => {
      gapTimer = null;
      if (!hasGap(inlog)) return;
      const g = gapWaited(sync);
      sync = g.c;
      if (g.then === "sync") return startSync();
      // Asked again and still missing: the number was taken but never stored (a crash between).
      inlog = skipGap(inlog);
      drain();
      afterSync();
    }, gapWaitMs);
  }

  function afterSync(): void {
    checkGap();
    const r = settled(sync, complete(inlog), key !== null);
    sync = r.c;
    if (r.first && seat === 0 && game.settings === null && opts.setup !== undefined) {
      enqueueOut({
        t: "setup",
        game: opts.setup.game,
        options: opts.setup.options as Record<string, number | boolean>,
        bestOf: opts.setup.bestOf,
      });
    }
    if (r.arrived && seat !== null) {
      const mine = game.profiles[seat];
      if (mine === null || mine.name !== profile.name || mine.avatar !== profile.avatar)
        enqueueOut(profilePayload(profile));
    }
    flush();
    changed();
  }

  function apply(msg: StoredMessage): void {
    const r = openAndApply(game, guard, key, msg);
    guard = r.guard;
    const o = r.outcome;
    if (!o.ok) return emit({ type: "rejected", from: msg.from, seq: msg.seq, code: o.code, message: o.message });
    game = o.applied.game;
    log.push(o.entry);
    emit({
      type: "applied",
      from: msg.from,
      seq: msg.seq,
      payload: o.entry.payload,
      ...(o.applied.trace !== undefined ? { trace: o.applied.trace } : {}),
      ...(o.applied.ended !== undefined ? { ended: o.applied.ended } : {}),
    });
  }

  // ---- The outgoing log. ----

  function flush(): void {
    // Only once caught up: what this seat sent before (on any device) is known, and the next number too.
    if (
      out.inflight ||
      retryTimer !== null ||
      out.top === null ||
      disposed ||
      status !== "seated" ||
      seat === null ||
      key === null ||
      !sync.caughtUp ||
      peer.token === "" ||
      !link.isOpen
    )
      return;
    if (out.items.length === 0) return changed();
    const s = seat;
    const k = key;
    out = sealHead(out, guard[s], (cseq, item) =>
      sealBox(k, { seat: s, seq: cseq, kind: item.kind, body: item.payload }, random),
    );
    const relay = relayOf(out, { room: roomId, seat: s, via: peer.via, tok: peer.token });
    if (relay === null) return;
    out = sent(out, request(relay, "relay"));
    if (relayTimer !== null) clock.clearTimeout(relayTimer);
    relayTimer = out.inflight
      ? clock.setTimeout(() => {
          relayTimer = null;
          if (!out.inflight) return;
          out = sent(out, false);
          relayLater();
        }, RELAY_TIMEOUT_MS)
      : null;
  }

  function enqueueOut(p: Payload): void {
    out = enqueue(out, p);
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
        out.items.filter((o) => o.kind === "chat").length,
      );
      if (flood !== null) return err(flood);
    }
    const probe = applyPayload(game, { from: seat, seq: inlog.applied + 1, at: clock.now(), payload: p });
    if (!probe.ok) return err(probe.error);
    enqueueOut(p);
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
        peer: peerView,
        requests: [...requests.values()],
        game,
        caughtUp: sync.caughtUp,
        unsent: out.items.length,
        applied: inlog.applied,
        codeSpent: door.spent,
        answered: door.answered,
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
      if (out.items.some((o) => o.payload.t === "move"))
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
        applied: inlog.applied,
        guard: [guard[0], guard[1]],
        nextCseq: out.nextCseq,
        log: [...log],
        outbox: out.items.map((o) => ({ payload: o.payload, kind: o.kind, cseq: o.cseq, box: o.box })),
        ...(code !== null && seat !== 1 ? { tries: { code, used: door.answered } } : {}),
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
