/**
 * What a device keeps to pick a friend game up again without replaying it from the server: the
 * applied log (decrypted), the replay guard, and what was not yet acknowledged. Plain JSON; a saved
 * log that does not replay cleanly under the engine is not taken (the server has it all).
 */
import type { ReplayGuard } from "../../crypto/envelope.js";
import type { Seat } from "../../types.js";
import { applyPayload, createFriendGame, type FriendGame, type LogEntry } from "./game.js";
import type { Payload } from "../payload.js";
import type { OutItem } from "./outbox.js";

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

/** The game state a snapshot gives back. */
export interface Restored {
  readonly game: FriendGame;
  readonly log: readonly LogEntry[];
  readonly applied: number;
  readonly guard: ReplayGuard;
  readonly nextCseq: number;
  readonly seat: Seat | null;
  readonly outbox: readonly OutItem[];
}

/** The snapshot's game rebuilt by the engine from its log, or null when the log does not replay. */
export function restoreSnapshot(snap: SessionSnapshot): Restored | null {
  let game = createFriendGame();
  for (const e of snap.log) {
    const r = applyPayload(game, e);
    if (!r.ok) return null;
    game = r.value.game;
  }
  return {
    game,
    log: [...snap.log],
    applied: snap.applied,
    guard: [snap.guard[0], snap.guard[1]],
    nextCseq: snap.nextCseq,
    seat: snap.seat,
    outbox: snap.outbox.map((o) => ({ payload: o.payload, kind: o.kind, cseq: o.cseq, box: o.box })),
  };
}

/** The owner's count of answered exchanges, if the snapshot kept it for this very code. */
export function triesFor(snap: SessionSnapshot | null, code: string | null): number | null {
  if (snap?.tries === undefined || code === null || snap.tries.code !== code) return null;
  return Math.max(0, Math.floor(snap.tries.used));
}
