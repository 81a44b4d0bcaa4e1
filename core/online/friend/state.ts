/**
 * A friend session's state as one explicit record: who and where (room, key, code, seat secret,
 * seat), the other seat, the key exchanges (the owner's door, the guest's knock, the requests shown),
 * and the room's log (the game as applied, what came in, what goes out, the catch-up). The session's
 * parts (this folder) read and move it; `viewOf` and `snapshotOf` are what the player and the device
 * get of it. Made from the options and the device's snapshot by `initialState`.
 */
import type { Seat } from "../../types.js";
import { createReplayGuard, generateSecret, type ReplayGuard } from "../../crypto/envelope.js";
import { makeBase64Url, parseBase64Url } from "../../crypto/base64.js";
import type { RoomCode } from "../../crypto/code.js";
import type { ConnectionState } from "../connection.js";
import { createFriendGame, type FriendGame, type LogEntry, type Profile, type Settings } from "./game.js";
import { CATCHING_UP, type CatchUp } from "./catchup.js";
import { createDoor, type Door } from "./door.js";
import { createInLog, type InLog } from "./inlog.js";
import type { Knock } from "./knock.js";
import { createOutbox, type Outbox } from "./outbox.js";
import { NO_PEER, type Peer } from "./peer.js";
import { restoreSnapshot, triesFor, type SessionSnapshot } from "./snapshot.js";
import type { FriendSessionOptions, JoinRequestView, SessionStatus, SessionView } from "./types.js";

export interface SessionState {
  roomId: string;
  key: Uint8Array | null;
  code: RoomCode | null;
  secret: string;
  profile: Profile;
  status: SessionStatus;
  /** The room exists (joining, restored, or created on the server). */
  created: boolean;
  seat: Seat | null;
  /** The other seat, and this connection's seat token naming it (peer.ts). */
  peer: Peer;
  /** What the view shows of the other seat (a new object only when it changes). */
  peerView: { readonly seated: boolean; readonly online: boolean };
  /** The owner's side of the key exchanges (door.ts) and the guest's (knock.ts). */
  door: Door;
  knock: Knock | null;
  requests: Map<string, JoinRequestView>;
  game: FriendGame;
  guard: ReplayGuard;
  log: LogEntry[];
  /** What came in (inlog.ts), what goes out (outbox.ts), the catch-up (catchup.ts). */
  inlog: InLog;
  out: Outbox;
  sync: CatchUp;
  disposed: boolean;
  /** The creator's game, sent once the room is first caught up with its key. */
  readonly setup: Settings | undefined;
  readonly gapWaitMs: number;
}

export function initialState(opts: FriendSessionOptions, random: (n: number) => Uint8Array): SessionState {
  const snap = opts.snapshot !== undefined && opts.snapshot.v === 2 ? opts.snapshot : null;
  const saved = snap !== null && (opts.roomId === undefined || snap.roomId === opts.roomId) ? snap : null;
  const restored = saved === null ? null : restoreSnapshot(saved);
  const code: RoomCode | null = (saved?.code as RoomCode | null | undefined) ?? opts.code ?? null;
  return {
    roomId: saved?.roomId ?? opts.roomId ?? (opts.mode === "create" ? makeBase64Url(random(32)) : ""),
    key: opts.key ?? (saved?.key != null ? parseBase64Url(saved.key) : null),
    code,
    secret: saved?.secret ?? opts.secret ?? (opts.mode === "create" ? generateSecret(random) : ""),
    profile: opts.profile,
    status: "connecting",
    created: opts.mode === "join" || restored !== null,
    seat: restored?.seat ?? null,
    peer: NO_PEER,
    peerView: { seated: false, online: false },
    door: createDoor(triesFor(saved, code) ?? 0),
    knock: null,
    requests: new Map(),
    game: restored?.game ?? createFriendGame(),
    guard: restored?.guard ?? createReplayGuard(),
    log: restored !== null ? [...restored.log] : [],
    inlog: createInLog(restored?.applied ?? 0),
    out: createOutbox(restored?.outbox ?? [], restored?.nextCseq ?? 0),
    sync: CATCHING_UP,
    disposed: false,
    setup: opts.setup,
    gapWaitMs: opts.gapWaitMs ?? 400,
  };
}

export function seePeer(s: SessionState, p: Peer): void {
  s.peer = p;
  if (p.seated !== s.peerView.seated || p.online !== s.peerView.online)
    s.peerView = { seated: p.seated, online: p.online };
}

export function viewOf(s: SessionState, link: { readonly isOpen: boolean; state(): ConnectionState }): SessionView {
  return {
    status: s.status,
    connected: link.isOpen,
    link: link.state(),
    roomId: s.roomId,
    code: s.code,
    keyed: s.key !== null,
    seat: s.seat,
    peer: s.peerView,
    requests: [...s.requests.values()],
    game: s.game,
    caughtUp: s.sync.caughtUp,
    unsent: s.out.items.length,
    applied: s.inlog.applied,
    codeSpent: s.door.spent,
    answered: s.door.answered,
  };
}

export function snapshotOf(s: SessionState): SessionSnapshot {
  return {
    v: 2,
    roomId: s.roomId,
    secret: s.secret,
    code: s.code,
    key: s.key === null ? null : makeBase64Url(s.key),
    seat: s.seat,
    applied: s.inlog.applied,
    guard: [s.guard[0], s.guard[1]],
    nextCseq: s.out.nextCseq,
    log: [...s.log],
    outbox: s.out.items.map((o) => ({ payload: o.payload, kind: o.kind, cseq: o.cseq, box: o.box })),
    ...(s.code !== null && s.seat !== 1 ? { tries: { code: s.code, used: s.door.answered } } : {}),
  };
}
