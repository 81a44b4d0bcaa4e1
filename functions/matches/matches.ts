/**
 * Running ranked matches: attaching a connection to its seat, one action at a time (move, resign,
 * abort, offer to end), presence, and time. Each action reads the match item, applies the pure
 * rules of core/ranked/game.ts, writes once with a condition on `rev`, and only then pushes one
 * message to each player (save, then broadcast). A write that loses a race is retried from a fresh
 * read, where the checks run again.
 *
 * Time is enforced lazily on every action and by `tick`, which reads only the matches whose
 * deadline has come (the store's deadline index), never all active ones.
 */
import type { MatchError } from "../../core/ranked/game.js";
import {
  applyAttach,
  applyDrop,
  applySettled,
  applyTime,
  makeMatchView,
  otherSeat,
  seatOf,
} from "../../core/ranked/game.js";
import type { MatchRecord, RatingChange } from "../../core/ranked/types.js";
import type { RankedErrorCode, RankedServerMessage } from "../../core/protocol/ranked.js";
import type { Seat } from "../../core/types.js";
import type { MatchStore } from "./store.js";

type Rid = string | number | undefined;

interface MatchGateway {
  /** Sends to a connection; false when the connection is gone. */
  send(connId: string, msg: RankedServerMessage): Promise<boolean>;
}

export interface MatchDeps {
  readonly store: MatchStore;
  readonly gateway: MatchGateway;
  readonly now: () => number;
  readonly graceMs: number;
  /**
   * Brings the other domains in line with an ended match (profiles, ratings, names) and returns
   * the rating changes; must be idempotent, since a crash can make it run again.
   */
  readonly onEnded: (m: MatchRecord) => Promise<readonly [RatingChange, RatingChange] | null>;
  /** Pushes a change to the match's spectators, after its players have it (functions/spectate). */
  readonly watched?: (m: MatchRecord) => Promise<void>;
  /**
   * Web Push (functions/push): told after a move is stored and pushed ("turn") and after an ended
   * match is settled ("end"); it notifies only a player with no connection to the match. A failure
   * is logged, never the action's.
   */
  readonly notify?: (m: MatchRecord, event: "turn" | "end") => Promise<unknown>;
}

/** The acting player for a match as read, or null when the connection has not proven an identity. */
export type PlayerOf = (m: MatchRecord) => Promise<string | null>;

export type ActResult =
  { ok: true; value: { match: MatchRecord; notify: "update" | "offer" | "end" } } | { ok: false; error: MatchError };

export interface Matches {
  attach(connId: string, rid: Rid, playerId: string, matchId: string): Promise<void>;
  /**
   * One action on a match by the player `who` names, given the match as read: usually the id the
   * caller already knows, or, with no identity in hand, the player whose seat this connection holds
   * (the match item says so), so an action needs no read beyond the match item.
   */
  act(
    connId: string,
    rid: Rid,
    who: PlayerOf,
    matchId: string,
    apply: (m: MatchRecord, now: number, playerId: string) => ActResult,
  ): Promise<void>;
  dropSeat(matchId: string, seat: Seat, connId: string | null): Promise<void>;
  enforceTime(m: MatchRecord): Promise<MatchRecord>;
  /** Ends and settles what is due at `now`; returns how many due matches it read and how many ended. */
  tick(limit?: number): Promise<{ due: number; ended: number }>;
}

const MAX_RETRIES = 8;
/** Due matches a tick handles at once. */
const TICK_PARALLEL = 16;

function rid(r: Rid): { rid?: string | number } {
  return r !== undefined ? { rid: r } : {};
}

export function createMatches(d: MatchDeps): Matches {
  const { store, gateway } = d;

  const error = (
    connId: string,
    r: Rid,
    code: RankedErrorCode,
    message: string,
    extra: { matchId?: string; version?: number } = {},
  ): Promise<boolean> => gateway.send(connId, { type: "ranked.error", ...rid(r), code, message, ...extra });

  /** Sends to one seat; a gone connection starts that seat's grace period. */
  async function pushSeat(m: MatchRecord, seat: Seat, build: (seat: Seat) => RankedServerMessage): Promise<void> {
    const conn = m.conns[seat];
    if (conn === null) return;
    const delivered = await gateway.send(conn, build(seat));
    if (!delivered && m.status === "active") await dropSeat(m.id, seat, conn);
  }

  async function tellPush(m: MatchRecord, event: "turn" | "end"): Promise<void> {
    try {
      await d.notify?.(m, event);
    } catch (e) {
      console.error("push notification failed", e);
    }
  }

  async function pushBoth(m: MatchRecord, build: (seat: Seat) => RankedServerMessage): Promise<void> {
    await Promise.all([pushSeat(m, 0, build), pushSeat(m, 1, build)]);
  }

  async function dropSeat(matchId: string, seat: Seat, connId: string | null): Promise<void> {
    for (let i = 0; i < MAX_RETRIES; i++) {
      const m = await store.getMatch(matchId);
      if (m === null) return;
      const next = applyDrop(m, seat, connId, d.now(), d.graceMs);
      if (next === null) return;
      if (await store.putMatch(next, m.rev)) {
        const conn = next.conns[otherSeat(seat)];
        if (conn !== null)
          await gateway.send(conn, {
            type: "ranked.presence",
            matchId,
            seat,
            connected: false,
            graceUntil: next.graceUntil[seat],
          });
        return;
      }
    }
  }

  /** Settles an ended match once (the other domains, then the match leaves the deadline index). */
  async function settle(m: MatchRecord): Promise<{ match: MatchRecord; settledNow: boolean }> {
    let cur = m;
    for (let i = 0; i < MAX_RETRIES; i++) {
      if (cur.status === "active" || cur.settled) return { match: cur, settledNow: false };
      const changes = await d.onEnded(cur);
      const next = applySettled(cur, changes);
      if (await store.putMatch(next, cur.rev)) return { match: next, settledNow: true };
      const again = await store.getMatch(cur.id);
      if (again === null) throw new Error(`match ${cur.id} vanished`);
      cur = again;
    }
    throw new Error(`match ${m.id} kept changing while settling`);
  }

  function endMessage(m: MatchRecord, r: Rid, ridSeat: Seat | null): (seat: Seat) => RankedServerMessage {
    const view = makeMatchView(m, d.now());
    const changes = m.changes === null ? null : ([m.changes[0], m.changes[1]] as [RatingChange, RatingChange]);
    return (seat) => ({ type: "ranked.end", ...(seat === ridSeat ? rid(r) : {}), seat, match: view, changes });
  }

  async function finish(m: MatchRecord, r: Rid, ridSeat: Seat | null): Promise<MatchRecord> {
    const { match, settledNow } = await settle(m);
    if (settledNow) {
      await pushBoth(match, endMessage(match, r, ridSeat));
      await d.watched?.(match);
      await tellPush(match, "end");
    } else if (ridSeat !== null && r !== undefined) {
      // The timer settled it between this request's write and its own settling, and told both players
      // without this request's id: the requester still gets its answer.
      await pushSeat(match, ridSeat, endMessage(match, r, ridSeat));
    }
    return match;
  }

  async function enforceTime(m: MatchRecord): Promise<MatchRecord> {
    let cur = m;
    for (let i = 0; i < MAX_RETRIES; i++) {
      if (cur.status !== "active") return cur.settled ? cur : finish(cur, undefined, null);
      const ended = applyTime(cur, d.now());
      if (ended === null) return cur;
      if (await store.putMatch(ended, cur.rev)) return finish(ended, undefined, null);
      const again = await store.getMatch(cur.id);
      if (again === null) return cur;
      cur = again;
    }
    return cur;
  }

  async function attach(connId: string, r: Rid, playerId: string, matchId: string): Promise<void> {
    for (let i = 0; i < MAX_RETRIES; i++) {
      let m = await store.getMatch(matchId);
      if (m === null) {
        await error(connId, r, "ranked/not_found", "no such match", { matchId });
        return;
      }
      const seat = seatOf(m, playerId);
      if (seat === null) {
        await error(connId, r, "ranked/not_player", "this match is not yours", { matchId });
        return;
      }
      m = await enforceTime(m);
      const next = applyAttach(m, seat, connId);
      if (next !== null && !(await store.putMatch(next, m.rev))) continue;
      const cur = next ?? m;
      const view = makeMatchView(cur, d.now());
      if (cur.status === "active") {
        await gateway.send(connId, { type: "ranked.start", ...rid(r), seat, match: view });
        const other = cur.conns[otherSeat(seat)];
        if (next !== null && other !== null)
          await gateway.send(other, { type: "ranked.presence", matchId, seat, connected: true, graceUntil: null });
      } else {
        const changes =
          cur.changes === null ? null : ([cur.changes[0], cur.changes[1]] as [RatingChange, RatingChange]);
        await gateway.send(connId, { type: "ranked.end", ...rid(r), seat, match: view, changes });
      }
      return;
    }
    await error(connId, r, "ranked/conflict", "the match kept changing; try again", { matchId });
  }

  async function act(
    connId: string,
    r: Rid,
    who: PlayerOf,
    matchId: string,
    apply: (m: MatchRecord, now: number, playerId: string) => ActResult,
  ): Promise<void> {
    for (let i = 0; i < MAX_RETRIES; i++) {
      const read = await store.getMatch(matchId);
      if (read === null) {
        await error(connId, r, "ranked/not_found", "no such match", { matchId });
        return;
      }
      const playerId = await who(read);
      if (playerId === null) {
        await error(connId, r, "auth/required", "prove your identity first (auth.hello)");
        return;
      }
      if (seatOf(read, playerId) === null) {
        await error(connId, r, "ranked/not_player", "this match is not yours", { matchId, version: read.version });
        return;
      }
      const m = await enforceTime(read);
      const res = apply(m, d.now(), playerId);
      if (!res.ok) {
        await error(connId, r, res.error.code, res.error.message, { matchId: m.id, version: res.error.version });
        return;
      }
      const { match: next, notify } = res.value;
      if (!(await store.putMatch(next, m.rev))) continue;
      const seat = seatOf(next, playerId) as Seat;
      if (notify === "end" || next.status !== "active") {
        await finish(next, r, seat);
      } else if (notify === "offer") {
        await pushBoth(next, () => ({ type: "ranked.offer", matchId, seat, version: next.version }));
        await d.watched?.(next);
      } else {
        const view = makeMatchView(next, d.now());
        const last = next.lastMove === null ? null : { seat: next.lastMove.seat, move: next.lastMove.move };
        await pushBoth(next, (s) => ({
          type: "ranked.update",
          ...(s === seat ? rid(r) : {}),
          seat: s,
          match: view,
          last,
        }));
        await d.watched?.(next);
        await tellPush(next, "turn");
      }
      return;
    }
    const latest = await store.getMatch(matchId);
    await error(connId, r, "ranked/conflict", "the match kept changing; try again", {
      matchId,
      ...(latest !== null ? { version: latest.version } : {}),
    });
  }

  async function tick(limit = 1000): Promise<{ due: number; ended: number }> {
    const due = await store.listDue(d.now(), limit);
    let ended = 0;
    // A few at a time: each ended match settles in a dozen sequential calls, and a busy second may hold many.
    for (let i = 0; i < due.length; i += TICK_PARALLEL) {
      const done = await Promise.all(
        due.slice(i, i + TICK_PARALLEL).map(async (m) => {
          // The index is read eventually consistent: a stale entry fails its conditional write and is read again.
          const after = await enforceTime(m);
          return m.status === "active" && after.status !== "active";
        }),
      );
      ended += done.filter(Boolean).length;
    }
    return { due: due.length, ended };
  }

  return { attach, act, dropSeat, enforceTime, tick };
}
