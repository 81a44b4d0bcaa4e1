/**
 * The public shape of a friend session (core/online/friend/session.ts): its options, what the player sees
 * (`SessionView`), the events it tells, and its methods. Kept apart so that the parts of the
 * session (this folder) and the session itself share one definition without importing each other.
 */
import type { Result, Seat } from "../../types.js";
import type { TraceEvent } from "../../games/index.js";
import type { RoomCode } from "../../crypto/code.js";
import type { ErrorCode } from "../../protocol/errors.js";
import type { PacerOptions } from "../pacer.js";
import type { Payload } from "../payload.js";
import type { FinishedGame, FriendGame, Profile, Settings } from "./game.js";
import type { TimerPort } from "../timer.js";
import type { Backoff, SocketFactory } from "../transport.js";
import type { ConnectionOptions, ConnectionState } from "../connection.js";
import type { SessionSnapshot } from "./snapshot.js";

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

export type SessionEvent =
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

export interface SessionError {
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
  readonly clock?: TimerPort;
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
