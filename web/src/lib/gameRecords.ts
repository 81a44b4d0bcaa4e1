/** Game records of the games this device knows: saved local games, friend rooms, ranked matches. */
import { starterOf } from "../../../core/series.js";
import {
  makeRecord,
  makeShareCode,
  OUTSIDE_REASONS,
  replayRecord,
  type GameRecord,
} from "../../../core/records/index.js";
import type { GameOptions } from "../../../core/games/index.js";
import { applyPayload, createFriendGame, isPlaying, type LogEntry } from "../../../core/online/friend/game.js";
import type { GameId, Outcome, Seat } from "../../../core/types.js";
import { engineOptions, type SavedGame } from "../state/records.js";
import { t } from "../i18n/i18n.js";

/**
 * A saved game's name as a record carries it: a record is read by others (a replay link), so the
 * device player who chose no name ("You" on this device) is "Player 1" or "Player 2" there.
 */
function recordName(name: string, at: Seat): string {
  return name === "You" || name === t("common.you") ? t(at === 0 ? "common.player1" : "common.player2") : name;
}

/** The current (or just finished) game of a saved match, with the names in engine seats. */
export function savedGameRecord(g: SavedGame): GameRecord | null {
  const starter: Seat = g.recorded ? (g.series.games.at(-1)?.starter ?? 0) : starterOf(g.series);
  const players: [string, string] = [recordName(g.names[starter], 0), recordName(g.names[(1 - starter) as Seat], 1)];
  const r = makeRecord(g.setup.game, engineOptions(g.setup), g.moves, { result: g.ended, players });
  return r.ok ? r.value : null;
}

/** A record from a game's moves (friend rooms and ranked matches keep the moves of the current game). */
function movesRecord(
  game: GameId,
  options: GameOptions | undefined,
  moves: readonly number[],
  players?: readonly [string, string],
  result?: Outcome | null,
): GameRecord | null {
  const r = makeRecord(game, options, moves, { result: result ?? null, ...(players !== undefined ? { players } : {}) });
  return r.ok ? r.value : null;
}

/** The address that opens the replay of `record`: the record is in the fragment, which no server sees. */
export function replayLink(record: GameRecord): string | null {
  const r = replayRecord(record);
  if (!r.ok) return null;
  return `${location.origin}${location.pathname}#/replay/${makeShareCode(r.value)}`;
}

export function replayCode(record: GameRecord): string | null {
  const r = replayRecord(record);
  return r.ok ? makeShareCode(r.value) : null;
}

/** Results that the moves alone do not explain (the rules' own end is read from the moves). */
function outsideResult(o: Outcome | null | undefined): Outcome | null {
  return o !== null && o !== undefined && OUTSIDE_REASONS.includes(o.reason) ? o : null;
}

/** A ranked match as the server reports it (engine seats throughout). */
export function matchRecord(m: {
  readonly game: GameId;
  readonly options: GameOptions;
  readonly moves: readonly number[];
  readonly seats: readonly [{ readonly name: string }, { readonly name: string }];
  readonly result: Outcome | null;
}): GameRecord | null {
  return movesRecord(m.game, m.options, m.moves, [m.seats[0].name, m.seats[1].name], outsideResult(m.result));
}

/**
 * A friend game: `outcome` in room seats (null while it is being played), `starter` the room seat
 * that moved first, and `nameOf` the name of a room seat.
 */
export function friendGameRecord(
  final: { readonly engine: { readonly game: GameId; readonly options: GameOptions } },
  moves: readonly number[],
  starter: Seat,
  outcome: Outcome | null,
  nameOf: (roomSeat: Seat) => string,
): GameRecord | null {
  const engineOutcome: Outcome | null =
    outcome === null
      ? null
      : { winner: outcome.winner === null ? null : ((outcome.winner ^ starter) as Seat), reason: outcome.reason };
  const players: [string, string] = [nameOf(starter), nameOf((1 - starter) as Seat)];
  return movesRecord(final.engine.game, final.engine.options, moves, players, outsideResult(engineOutcome));
}

/**
 * A friend game from the room's log kept on the device: the game being played, or the last one
 * finished when none is under way. Null when no move was made yet.
 */
export function friendLogRecord(log: readonly LogEntry[]): GameRecord | null {
  let g = createFriendGame();
  for (const e of log) {
    const r = applyPayload(g, e);
    if (r.ok) g = r.value.game;
  }
  const name = (s: Seat): string => g.profiles[s]?.name.trim() || `Player ${s + 1}`;
  if (g.state !== null && g.moves.length > 0 && isPlaying(g)) {
    return friendGameRecord(g.state, g.moves, g.starter, null, name);
  }
  const last = g.finished.at(-1);
  return last === undefined ? null : friendGameRecord(last.final, last.moves, last.starter, last.outcome, name);
}

/** A replay opened to run the engine review at once (one tap from a finished game's move list). */
let reviewWanted: string | null = null;

export function askReview(code: string): void {
  reviewWanted = code;
}

/** Whether the replay of `code` was opened for a review; asked once. */
export function takeReviewWish(code: string): boolean {
  const yes = reviewWanted === code;
  reviewWanted = null;
  return yes;
}
