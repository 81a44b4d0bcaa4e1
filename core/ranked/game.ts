/**
 * Pure transitions of a ranked game, kept on the server as its match record (`MatchRecord`, the
 * `functions/matches` domain stores it): what a move, a resignation, an abort or an offer to end
 * does to it, and what the clocks and the grace periods say at a given time. No I/O: the server
 * reads a record, calls one of these, and writes the result with a condition on `rev`. Every
 * transition also sets `dueAt`, the moment the timer must look at the match next, so the one write
 * of a move also moves the match's entry in the deadline index.
 *
 * Checks run in a fixed order and stop at the first failure: player of the match → match open →
 * duplicate of the last applied move → seat to move → stale version → legality.
 */
import { chargeClock } from "./clock.js";
import { decode, encode, newGame, outcome, play, toMove, view } from "../games/index.js";
import { isProvisional } from "../ratings.js";
import type { MatchView, RankedErrorCode } from "../protocol/ranked.js";
import { err, ok, type GameId, type Outcome, type Result, type Seat } from "../types.js";
import type { ClockSetting, MatchRecord, RatingChange, SeatRecord } from "./types.js";
import type { TimePreset } from "./presets.js";

/** The default time a side has to make its first move before the match is aborted, unrated. */
export const FIRST_MOVE_MS = 60_000;

export interface MatchError {
  readonly code: RankedErrorCode;
  readonly message: string;
  readonly version: number;
}

function fail(m: MatchRecord, code: RankedErrorCode, message: string): { ok: false; error: MatchError } {
  return err({ code, message, version: m.version });
}

export function otherSeat(s: Seat): Seat {
  return s === 0 ? 1 : 0;
}

export function seatOf(m: MatchRecord, playerId: string): Seat | null {
  if (m.seats[0].playerId === playerId) return 0;
  if (m.seats[1].playerId === playerId) return 1;
  return null;
}

export interface NewMatch {
  readonly id: string;
  readonly game: GameId;
  readonly options: Readonly<Record<string, number | boolean>>;
  readonly seats: readonly [SeatRecord, SeatRecord];
  readonly conns: readonly [string | null, string | null];
  readonly clock: ClockSetting;
  readonly now: number;
  readonly firstMoveMs?: number;
  readonly preset?: TimePreset;
  /** Casual: ends like any game but is never rated. */
  readonly casual?: boolean;
  /** A tournament's pairing: the tournament's id. */
  readonly tournament?: string;
}

export function makeMatch(n: NewMatch): MatchRecord {
  const g = newGame(n.game, n.options);
  if (!g.ok) throw new Error(`options were validated before pairing: ${g.error.message}`);
  return withDue({
    id: n.id,
    game: n.game,
    options: g.value.engine.options,
    seats: n.seats,
    moves: [],
    position: encode(g.value),
    version: 0,
    rev: 0,
    toMove: toMove(g.value),
    clocks: [n.clock.initialMs, n.clock.initialMs],
    increment: n.clock.incrementMs,
    firstMoveMs: n.firstMoveMs ?? FIRST_MOVE_MS,
    turnStartedAt: n.now,
    createdAt: n.now,
    movesBy: [0, 0],
    lastMove: null,
    endOffer: null,
    conns: n.conns,
    graceUntil: [null, null],
    status: "active",
    result: null,
    rated: false,
    ...(n.preset !== undefined ? { preset: n.preset } : {}),
    ...(n.casual === true ? { casual: true } : {}),
    ...(n.tournament !== undefined ? { tournament: n.tournament } : {}),
    endedAt: null,
    settled: false,
    changes: null,
    dueAt: null,
  });
}

/** Time left on each clock at `now` (the running clock charged). */
function clocksAt(m: MatchRecord, now: number): [number, number] {
  const c: [number, number] = [m.clocks[0], m.clocks[1]];
  if (m.status === "active") c[m.toMove] = chargeClock(c[m.toMove], now - m.turnStartedAt);
  return c;
}

export function makeMatchView(m: MatchRecord, now: number): MatchView {
  const seat = (s: SeatRecord) => ({
    playerId: s.playerId,
    name: s.name,
    rating: Math.round(s.rating),
    provisional: isProvisional(s),
  });
  return {
    id: m.id,
    game: m.game,
    options: { ...m.options },
    seats: [seat(m.seats[0]), seat(m.seats[1])],
    moves: [...m.moves],
    version: m.version,
    toMove: m.toMove,
    clocks: clocksAt(m, now),
    increment: m.increment,
    serverTime: now,
    status: m.status,
    result: m.result,
    rated: m.rated,
    preset: m.preset ?? null,
    casual: m.casual === true,
    endOffer: m.endOffer !== null && m.endOffer.version === m.version ? m.endOffer.seat : null,
    graceUntil: [m.graceUntil[0], m.graceUntil[1]],
  };
}

/** Whether both sides have made a move: a game in which one side has not is never rated. */
function bothMoved(movesBy: readonly [number, number]): boolean {
  return movesBy[0] > 0 && movesBy[1] > 0;
}

/**
 * The match ended at `now` with `result`; with no result, or while a side has not made its first
 * move (whoever ends it, resignation included), it ends aborted and unrated.
 */
function ended(m: MatchRecord, result: Outcome | null, now: number): MatchRecord {
  const counted = result !== null && bothMoved(m.movesBy) ? result : null;
  return withDue({
    ...m,
    clocks: clocksAt(m, now),
    status: counted === null ? "aborted" : "finished",
    result: counted,
    rated: counted !== null && m.casual !== true,
    endedAt: now,
    endOffer: null,
    version: m.version + 1,
    rev: m.rev + 1,
  });
}

function firstMoveOf(m: MatchRecord): number {
  return typeof m.firstMoveMs === "number" ? m.firstMoveMs : FIRST_MOVE_MS;
}

/** The record with `dueAt` brought in line with its state. */
function withDue(m: MatchRecord): MatchRecord {
  const dueAt =
    m.status === "active" ? nextDeadline(m, firstMoveOf(m)) : m.settled ? null : (m.endedAt ?? m.turnStartedAt);
  return m.dueAt === dueAt ? m : { ...m, dueAt };
}

/** Marks an ended match as settled with the rating changes it made: it leaves the deadline index. */
export function applySettled(m: MatchRecord, changes: readonly [RatingChange, RatingChange] | null): MatchRecord {
  return { ...m, settled: true, changes, dueAt: null, rev: m.rev + 1 };
}

/**
 * What time says about an active match at `now`: a side out of time loses, a dropped side past its
 * grace period loses, a side that has not made its first move in time (or runs out of time or grace
 * before moving at all) gets the match aborted, unrated. Returns the ended record, or null.
 */
export function applyTime(m: MatchRecord, now: number, firstMoveMs: number = firstMoveOf(m)): MatchRecord | null {
  if (m.status !== "active") return null;
  const s = m.toMove;
  const elapsed = now - m.turnStartedAt;
  if (m.movesBy[s] === 0 && elapsed >= firstMoveMs) return ended(m, null, now);
  if (elapsed >= m.clocks[s])
    return ended(m, m.movesBy[s] === 0 ? null : { winner: otherSeat(s), reason: "timeout" }, now);
  const g0 = m.graceUntil[0];
  const g1 = m.graceUntil[1];
  const late0 = g0 !== null && now >= g0;
  const late1 = g1 !== null && now >= g1;
  if (!late0 && !late1) return null;
  // Both gone: the one whose grace ran out first loses.
  const loser: Seat = late0 && late1 ? ((g0 as number) <= (g1 as number) ? 0 : 1) : late0 ? 0 : 1;
  if (late0 && late1 && (m.movesBy[0] === 0 || m.movesBy[1] === 0)) return ended(m, null, now);
  return ended(m, m.movesBy[loser] === 0 ? null : { winner: otherSeat(loser), reason: "abandoned" }, now);
}

/** The earliest time at which `applyTime` could end the match (for the timer), or null. */
export function nextDeadline(m: MatchRecord, firstMoveMs: number = firstMoveOf(m)): number | null {
  if (m.status !== "active") return null;
  const s = m.toMove;
  let t = m.turnStartedAt + m.clocks[s];
  if (m.movesBy[s] === 0) t = Math.min(t, m.turnStartedAt + firstMoveMs);
  for (const g of m.graceUntil) if (g !== null) t = Math.min(t, g);
  return t;
}

function checkOpen(m: MatchRecord, playerId: string): Result<Seat, MatchError> {
  const seat = seatOf(m, playerId);
  if (seat === null) return fail(m, "ranked/not_player", "this match is not yours");
  if (m.status !== "active") return fail(m, "ranked/over", "the match has ended");
  return ok(seat);
}

/** Applies a move sent by `playerId` against `version`. */
export function applyMove(
  m: MatchRecord,
  playerId: string,
  version: number,
  move: number,
  now: number,
): Result<MatchRecord, MatchError> {
  const seat = seatOf(m, playerId);
  if (seat === null) return fail(m, "ranked/not_player", "this match is not yours");
  const last = m.lastMove;
  if (last !== null && last.seat === seat && last.version === version && last.move === move) {
    return fail(m, "ranked/duplicate", "this move was already played");
  }
  if (m.status !== "active") return fail(m, "ranked/over", "the match has ended");
  if (m.toMove !== seat) return fail(m, "ranked/not_your_turn", "it is the other player's turn");
  if (version !== m.version) return fail(m, "ranked/stale", `the match is at version ${m.version}`);
  const state = decode(m.position);
  if (!state.ok) throw new Error(`stored position of match ${m.id} does not decode: ${state.error.message}`);
  const played = play(state.value, move);
  if (!played.ok) return fail(m, "move/illegal", played.error.message);
  const next = played.value.state;
  const clocks: [number, number] = [m.clocks[0], m.clocks[1]];
  clocks[seat] = chargeClock(clocks[seat], now - m.turnStartedAt) + m.increment;
  const movesBy: [number, number] = [m.movesBy[0], m.movesBy[1]];
  movesBy[seat]++;
  const result = outcome(next);
  return ok(
    withDue({
      ...m,
      moves: [...m.moves, move],
      moveMs: [...(m.moveMs ?? []), Math.max(0, now - m.turnStartedAt)],
      position: encode(next),
      version: m.version + 1,
      rev: m.rev + 1,
      toMove: toMove(next),
      clocks,
      turnStartedAt: now,
      movesBy,
      lastMove: { seat, move, version },
      endOffer: null,
      ...(result !== null
        ? bothMoved(movesBy)
          ? { status: "finished" as const, result, rated: m.casual !== true, endedAt: now }
          : { status: "aborted" as const, result: null, rated: false, endedAt: now }
        : {}),
    }),
  );
}

export function applyResign(m: MatchRecord, playerId: string, now: number): Result<MatchRecord, MatchError> {
  const seat = checkOpen(m, playerId);
  if (!seat.ok) return seat;
  return ok(ended(m, { winner: otherSeat(seat.value), reason: "forfeit" }, now));
}

/** Either player may abort, unrated, while one side has not moved yet. */
export function applyAbort(m: MatchRecord, playerId: string, now: number): Result<MatchRecord, MatchError> {
  const seat = checkOpen(m, playerId);
  if (!seat.ok) return seat;
  if (bothMoved(m.movesBy)) return fail(m, "ranked/cannot_abort", "both sides have moved: resign instead");
  return ok(ended(m, null, now));
}

/**
 * Ayo between people: either player may offer to end on the current score and the other must agree
 * (docs/rules.md). An offer stands until the next move; the opponent's agreement at the same version ends
 * the game, more captured seeds winning and equal scores drawing.
 */
export function applyAgreeEnd(
  m: MatchRecord,
  playerId: string,
  version: number,
  now: number,
): Result<{ match: MatchRecord; ended: boolean }, MatchError> {
  const seat = checkOpen(m, playerId);
  if (!seat.ok) return seat;
  if (m.game !== "ayo") return fail(m, "ranked/not_allowed", "only Ayo games can end on the score by agreement");
  if (version !== m.version) return fail(m, "ranked/stale", `the match is at version ${m.version}`);
  const offer = m.endOffer;
  if (offer !== null && offer.version === m.version && offer.seat !== seat.value) {
    const state = decode(m.position);
    if (!state.ok) throw new Error(`stored position of match ${m.id} does not decode`);
    const [a, b] = view(state.value).stores;
    const winner: Seat | null = a > b ? 0 : b > a ? 1 : null;
    return ok({ match: ended(m, { winner, reason: "agreed" }, now), ended: true });
  }
  return ok({ match: { ...m, endOffer: { seat: seat.value, version: m.version }, rev: m.rev + 1 }, ended: false });
}

/** Marks a seat's connection as gone, starting its grace period (no-op if already dropped). */
export function applyDrop(
  m: MatchRecord,
  seat: Seat,
  connId: string | null,
  now: number,
  graceMs: number,
): MatchRecord | null {
  if (m.status !== "active" || m.graceUntil[seat] !== null) return null;
  if (connId !== null && m.conns[seat] !== connId) return null;
  const graceUntil: [number | null, number | null] = [m.graceUntil[0], m.graceUntil[1]];
  graceUntil[seat] = now + graceMs;
  return withDue({ ...m, graceUntil, rev: m.rev + 1 });
}

/** Attaches a (new) connection to a seat and ends its grace period. */
export function applyAttach(m: MatchRecord, seat: Seat, connId: string): MatchRecord | null {
  if (m.conns[seat] === connId && m.graceUntil[seat] === null) return null;
  const conns: [string | null, string | null] = [m.conns[0], m.conns[1]];
  const graceUntil: [number | null, number | null] = [m.graceUntil[0], m.graceUntil[1]];
  conns[seat] = connId;
  if (m.status === "active") graceUntil[seat] = null;
  return withDue({ ...m, conns, graceUntil, rev: m.rev + 1 });
}
