/**
 * The archive of server-run games, as plain data: what is kept of a game when it ends (players,
 * ratings before and after, preset, every move with the time it took, result and how it ended), the
 * rows of a player's game list and rating history, the live list and the featured game, and the one
 * answer of `GET /api/games/{id}` for a game still in play or archived. Pure: the server
 * (functions/archive) stores and reads these, the client (web/src/lib/archive.ts) reads the answers.
 *
 * Moves are in the project's numbering (docs/rules.md, as records and `npm run replay` take them);
 * a Togyz game also carries them in PlayOK's notation, written by the export's own code
 * (core/records/playok.ts).
 */
import { isProvisional } from "../ratings.js";
import { makePlayOk, makeMoveToken, marksOf } from "../records/playok.js";
import { makeRecord, replayRecord } from "../records/record.js";
import type { ClockSetting, MatchRecord, RatingChange } from "../ranked/types.js";
import type { GameId, Outcome, Seat } from "../types.js";

interface ArchivedSeat {
  readonly playerId: string;
  readonly name: string;
  /** Rating and deviation when the game was made. */
  readonly ratingBefore: number;
  readonly rdBefore: number;
  /** After the game: null when it changed no rating (aborted, casual). */
  readonly ratingAfter: number | null;
  readonly rdAfter: number | null;
  /** Whether the rating was provisional when the game was made. */
  readonly provisional: boolean;
}

/** One finished or aborted server-run game as the archive keeps it (no expiry). */
export interface ArchivedGame {
  readonly id: string;
  readonly game: GameId;
  readonly options: Readonly<Record<string, number | boolean>>;
  /** The time-control preset the game was made with, when it had one (absent: the game's fixed clock). */
  readonly preset: string | null;
  /** Whether the game changed the players' ratings. */
  readonly rated: boolean;
  readonly status: "finished" | "aborted";
  readonly seats: readonly [ArchivedSeat, ArchivedSeat];
  readonly clock: ClockSetting;
  readonly moves: readonly number[];
  /** Milliseconds each move took (same length as `moves`; older games may have none). */
  readonly moveMs: readonly number[];
  /** The end: null for an aborted game. */
  readonly result: Outcome | null;
  readonly createdAt: number;
  readonly endedAt: number;
}

/** The preset a match record names, if the lobby gave it one (a string id, or an object with an `id`). */
function presetOf(m: MatchRecord): string | null {
  const p = (m as MatchRecord & { readonly preset?: unknown }).preset;
  if (typeof p === "string") return p;
  if (typeof p === "object" && p !== null && typeof (p as { id?: unknown }).id === "string")
    return (p as { id: string }).id;
  return null;
}

/** The archive's record of an ended match; `clock` is the clock it was played with. */
export function makeArchivedGame(
  m: MatchRecord,
  changes: readonly [RatingChange, RatingChange] | null,
  clock: ClockSetting,
): ArchivedGame {
  const seat = (s: Seat): ArchivedSeat => {
    const r = m.seats[s];
    const c = changes?.[s] ?? null;
    return {
      playerId: r.playerId,
      name: r.name,
      ratingBefore: r.rating,
      rdBefore: r.rd,
      ratingAfter: c === null ? null : c.after,
      rdAfter: c === null ? null : c.rd,
      provisional: isProvisional(r),
    };
  };
  return {
    id: m.id,
    game: m.game,
    options: { ...m.options },
    preset: presetOf(m),
    rated: changes !== null,
    status: m.status === "finished" ? "finished" : "aborted",
    seats: [seat(0), seat(1)],
    clock: { initialMs: clock.initialMs, incrementMs: clock.incrementMs },
    moves: [...m.moves],
    moveMs: [...(m.moveMs ?? [])],
    result: m.result,
    createdAt: m.createdAt,
    endedAt: m.endedAt ?? m.turnStartedAt,
  };
}

// ---- GET /api/games/{id} ----

interface GameSeat {
  readonly playerId: string;
  readonly name: string;
  /** Rating when the game was made, rounded. */
  readonly rating: number;
  readonly rd: number;
  readonly provisional: boolean;
  readonly ratingAfter: number | null;
  readonly rdAfter: number | null;
}

export interface GameResponse {
  readonly id: string;
  readonly game: GameId;
  readonly options: Readonly<Record<string, number | boolean>>;
  readonly preset: string | null;
  readonly rated: boolean;
  readonly status: "active" | "finished" | "aborted";
  readonly seats: readonly [GameSeat, GameSeat];
  readonly clock: ClockSetting;
  readonly moves: readonly number[];
  readonly moveMs: readonly number[];
  /** Togyz: each move in PlayOK's notation (`76(10)`, `92X`); null for the other games. */
  readonly notation: readonly string[] | null;
  /** Togyz: the whole game in PlayOK's notation, as the export writes it; null for the other games. */
  readonly playok: string | null;
  readonly result: Outcome | null;
  readonly createdAt: number;
  readonly endedAt: number | null;
  /** While in play: time left on each clock at `serverTime`, the seat to move; null once over. */
  readonly live: {
    readonly clocks: readonly [number, number];
    readonly toMove: Seat;
    readonly serverTime: number;
  } | null;
}

const round = (x: number): number => Math.round(x);

function notationOf(
  game: GameId,
  options: Readonly<Record<string, number | boolean>>,
  moves: readonly number[],
  result: Outcome | null,
  names: readonly [string, string],
  tags: readonly (readonly [string, string])[],
): { notation: string[] | null; playok: string | null } {
  if (game !== "togyz") return { notation: null, playok: null };
  const rec = makeRecord(game, options, moves, { result, players: names });
  if (!rec.ok) return { notation: null, playok: null };
  const r = replayRecord(rec.value);
  if (!r.ok) return { notation: null, playok: null };
  const notation = moves.map((mv, i) => makeMoveToken(marksOf(r.value.states[i], mv, r.value.traces[i])));
  return { notation, playok: makePlayOk(r.value, tags) };
}

function dateTag(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replace(/-/g, ".");
}

/** The answer for an archived game. */
export function makeArchivedResponse(g: ArchivedGame): GameResponse {
  const seat = (s: ArchivedSeat): GameSeat => ({
    playerId: s.playerId,
    name: s.name,
    rating: round(s.ratingBefore),
    rd: round(s.rdBefore),
    provisional: s.provisional,
    ratingAfter: s.ratingAfter === null ? null : round(s.ratingAfter),
    rdAfter: s.rdAfter === null ? null : round(s.rdAfter),
  });
  const names = [g.seats[0].name, g.seats[1].name] as const;
  return {
    id: g.id,
    game: g.game,
    options: g.options,
    preset: g.preset,
    rated: g.rated,
    status: g.status,
    seats: [seat(g.seats[0]), seat(g.seats[1])],
    clock: g.clock,
    moves: g.moves,
    moveMs: g.moveMs,
    ...notationOf(g.game, g.options, g.moves, g.result, names, [["Date", dateTag(g.createdAt)]]),
    result: g.result,
    createdAt: g.createdAt,
    endedAt: g.endedAt,
    live: null,
  };
}

/** The answer for a match still in play (or ended and not yet archived), as of `now`. */
export function makeLiveResponse(m: MatchRecord, clock: ClockSetting, now: number): GameResponse {
  if (m.status !== "active") return makeArchivedResponse(makeArchivedGame(m, m.changes, clock));
  const g = makeArchivedGame(m, null, clock);
  const clocks: [number, number] = [m.clocks[0], m.clocks[1]];
  clocks[m.toMove] = Math.max(0, clocks[m.toMove] - (now - m.turnStartedAt));
  return {
    ...makeArchivedResponse(g),
    status: "active",
    endedAt: null,
    live: { clocks, toMove: m.toMove, serverTime: now },
  };
}

// ---- a player's games and ratings ----

export type PlayerOutcome = "win" | "loss" | "draw" | "aborted";

/** One game in a player's list (`GET /api/players/{id}/games`), from that player's side. */
export interface PlayerGameRow {
  readonly id: string;
  readonly game: GameId;
  readonly endedAt: number;
  readonly seat: Seat;
  readonly opponent: { readonly playerId: string; readonly name: string; readonly rating: number };
  readonly outcome: PlayerOutcome;
  readonly reason: Outcome["reason"] | null;
  readonly rated: boolean;
  readonly preset: string | null;
  readonly moves: number;
  readonly ratingBefore: number;
  readonly ratingAfter: number | null;
  readonly rdAfter: number | null;
}

export function outcomeFor(result: Outcome | null, seat: Seat): PlayerOutcome {
  if (result === null) return "aborted";
  return result.winner === null ? "draw" : result.winner === seat ? "win" : "loss";
}

export function makePlayerGameRow(g: ArchivedGame, seat: Seat): PlayerGameRow {
  const me = g.seats[seat];
  const them = g.seats[seat === 0 ? 1 : 0];
  return {
    id: g.id,
    game: g.game,
    endedAt: g.endedAt,
    seat,
    opponent: { playerId: them.playerId, name: them.name, rating: round(them.ratingBefore) },
    outcome: outcomeFor(g.result, seat),
    reason: g.result?.reason ?? null,
    rated: g.rated,
    preset: g.preset,
    moves: g.moves.length,
    ratingBefore: round(me.ratingBefore),
    ratingAfter: me.ratingAfter === null ? null : round(me.ratingAfter),
    rdAfter: me.rdAfter === null ? null : round(me.rdAfter),
  };
}

export interface PlayerGamesResponse {
  readonly playerId: string;
  readonly game: GameId;
  /** Newest first. */
  readonly games: readonly PlayerGameRow[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  readonly next: string | null;
}

/** One point of a rating history: the rating and deviation after a rated game. */
export interface RatingPoint {
  readonly at: number;
  readonly rating: number;
  readonly rd: number;
  readonly gameId: string;
}

export interface PlayerRatingsResponse {
  readonly playerId: string;
  readonly game: GameId;
  /** Oldest first (the chart's order), at most RATING_POINTS_MAX of the latest. */
  readonly points: readonly RatingPoint[];
}

/** The most rating points one answer holds (the latest ones). */
export const RATING_POINTS_MAX = 500;

export function ratingPointOf(row: PlayerGameRow): RatingPoint | null {
  return row.rated && row.ratingAfter !== null && row.rdAfter !== null
    ? { at: row.endedAt, rating: row.ratingAfter, rd: row.rdAfter, gameId: row.id }
    : null;
}

// ---- live games and the featured one ----

export interface LiveGame {
  readonly id: string;
  readonly game: GameId;
  readonly preset: string | null;
  readonly seats: readonly [
    { readonly playerId: string; readonly name: string; readonly rating: number },
    { readonly playerId: string; readonly name: string; readonly rating: number },
  ];
  readonly createdAt: number;
}

export function makeLiveGame(m: MatchRecord): LiveGame {
  const seat = (s: Seat) => ({
    playerId: m.seats[s].playerId,
    name: m.seats[s].name,
    rating: round(m.seats[s].rating),
  });
  return { id: m.id, game: m.game, preset: presetOf(m), seats: [seat(0), seat(1)], createdAt: m.createdAt };
}

export interface LiveResponse {
  readonly game: GameId;
  /** The strongest pairings first. */
  readonly games: readonly LiveGame[];
}

export interface TvResponse {
  readonly game: GameId;
  /** The featured live game (the highest-rated pairing in progress), or null when none is. */
  readonly featured: GameResponse | null;
}

/** Live games best first: the higher pair's summed rating, then the newer game. */
export function rankLive(games: readonly LiveGame[]): LiveGame[] {
  const strength = (g: LiveGame): number => g.seats[0].rating + g.seats[1].rating;
  return [...games].sort((a, b) => strength(b) - strength(a) || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
}
