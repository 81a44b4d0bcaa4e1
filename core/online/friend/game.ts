/**
 * The game two friends play, as a pure reducer over the room's ordered log of decrypted payloads.
 * Both clients apply the same messages in the same (server) order, so they reach the same state; a
 * message the rules or the state do not allow is refused identically on both sides and changes
 * nothing. The creator's `setup` fixes the game; room seat `starter` plays engine seat 0 in the
 * current game (players take turns to start, core/series.ts).
 */
import { err, ok, type BySeat, type Outcome, type Result, type Seat } from "../../types.js";
import {
  newGame,
  outcome,
  play,
  toMove,
  moveCount,
  view,
  type State,
  type TraceEvent,
  type GameOptions,
} from "../../games/index.js";
import {
  createSeries,
  forfeit as forfeitSeries,
  recordGame,
  starterOf,
  type BestOf,
  type Series,
} from "../../series.js";
import type { Payload } from "../payload.js";
import { chatFlood } from "../../protocol/chat.js";
import type { GameId } from "../../types.js";

export interface Settings {
  readonly game: GameId;
  readonly options: GameOptions;
  readonly bestOf: BestOf;
}

export interface Profile {
  readonly name: string;
  readonly avatar?: string;
}

export interface ChatLine {
  readonly seat: Seat;
  readonly text: string;
  /** Server time the line was stored (epoch ms). */
  readonly at: number;
  readonly seq: number;
}

/** A finished game, in room seats. */
export interface FinishedGame {
  readonly series: number;
  readonly index: number;
  readonly starter: Seat;
  readonly moves: readonly number[];
  readonly outcome: Outcome;
  readonly final: State;
}

export interface FriendGame {
  readonly settings: Settings | null;
  readonly profiles: BySeat<Profile | null>;
  /** 0 for the first series, +1 for each rematch. */
  readonly seriesNo: number;
  readonly series: Series | null;
  /** The game being played (or the last one, once the series is over). */
  readonly state: State | null;
  /** Room seat that plays engine seat 0 (moves first) in the current game. */
  readonly starter: Seat;
  readonly moves: readonly number[];
  readonly paused: boolean;
  /** Standing offers: a pause (or carry-on) request, a rematch, an agreed end (Ayo). */
  readonly offers: {
    readonly pause: { readonly seat: Seat; readonly on: boolean } | null;
    readonly rematch: Seat | null;
    readonly end: Seat | null;
  };
  readonly chat: readonly ChatLine[];
  readonly finished: readonly FinishedGame[];
}

export interface Applied {
  readonly game: FriendGame;
  /** The move's trace, for animation, when the payload was a move. */
  readonly trace?: readonly TraceEvent[];
  /** Set when this payload ended a game. */
  readonly ended?: FinishedGame;
}

export interface RuleError {
  readonly code: "peer/illegal" | "chat/flood";
  readonly message: string;
}

export interface LogEntry {
  readonly from: Seat;
  readonly seq: number;
  readonly at: number;
  readonly payload: Payload;
}

const other = (s: Seat): Seat => (s === 0 ? 1 : 0);
const illegal = (message: string) => err<RuleError>({ code: "peer/illegal", message });

export function createFriendGame(): FriendGame {
  return {
    settings: null,
    profiles: [null, null],
    seriesNo: 0,
    series: null,
    state: null,
    starter: 0,
    moves: [],
    paused: false,
    offers: { pause: null, rematch: null, end: null },
    chat: [],
    finished: [],
  };
}

/** The engine seat room seat `seat` plays in the current game. */
export function engineSeat(g: FriendGame, seat: Seat): Seat {
  return (seat ^ g.starter) as Seat;
}

/** Whether a game is being played right now (set up, series not over, game not over). */
export function isPlaying(g: FriendGame): boolean {
  return g.state !== null && g.series !== null && !g.series.over && outcome(g.state) === null;
}

/** The room seat whose turn it is, or null when no game is being played. */
export function seatToMove(g: FriendGame): Seat | null {
  if (!isPlaying(g) || g.state === null) return null;
  return (toMove(g.state) ^ g.starter) as Seat;
}

function fresh(settings: Settings): State {
  const s = newGame(settings.game, settings.options);
  if (!s.ok) throw new Error(`settings were checked at setup: ${s.error.message}`);
  return s.value;
}

/** Records `o` (engine seats) for the current game and starts the next one if the series goes on. */
function finishGame(
  g: FriendGame,
  o: Outcome,
  final: State,
  forfeitBy: { seat: Seat; whole: boolean } | null,
): Applied {
  const settings = g.settings as Settings;
  const series0 = g.series as Series;
  const roomOutcome: Outcome =
    forfeitBy !== null
      ? { winner: other(forfeitBy.seat), reason: "forfeit" }
      : { winner: o.winner === null ? null : ((o.winner ^ g.starter) as Seat), reason: o.reason };
  const series =
    forfeitBy !== null ? forfeitSeries(series0, forfeitBy.seat, forfeitBy.whole) : recordGame(series0, roomOutcome);
  const ended: FinishedGame = {
    series: g.seriesNo,
    index: series0.games.length,
    starter: g.starter,
    moves: g.moves,
    outcome: roomOutcome,
    final,
  };
  const base: FriendGame = {
    ...g,
    series,
    paused: false,
    offers: { pause: null, rematch: null, end: null },
    finished: [...g.finished, ended],
  };
  if (series.over) return { game: { ...base, state: final }, ended };
  return { game: { ...base, state: fresh(settings), starter: starterOf(series), moves: [] }, ended };
}

/** Series 0 is started by room seat 0; each rematch by the other seat than the series before. */
function startSeries(g: FriendGame, settings: Settings, seriesNo: number): FriendGame {
  const series = createSeries(settings.bestOf, (seriesNo % 2) as Seat);
  return {
    ...g,
    settings,
    seriesNo,
    series,
    state: fresh(settings),
    starter: starterOf(series),
    moves: [],
    paused: false,
    offers: { pause: null, rematch: null, end: null },
  };
}

function agreedEnd(g: FriendGame): Applied {
  const st = g.state as State;
  const [a, b] = view(st).stores;
  return finishGame(g, { winner: a > b ? 0 : b > a ? 1 : null, reason: "agreed" }, st, null);
}

/** Applies one payload from `from` (already decrypted, replay-checked and schema-checked). */
export function applyPayload(g: FriendGame, e: LogEntry): Result<Applied, RuleError> {
  const p = e.payload;
  const from = e.from;
  if (p.t === "profile") {
    const profile: Profile = p.avatar !== undefined ? { name: p.name, avatar: p.avatar } : { name: p.name };
    return ok({ game: { ...g, profiles: from === 0 ? [profile, g.profiles[1]] : [g.profiles[0], profile] } });
  }
  if (p.t === "chat") {
    const flood = chatFlood(
      g.chat.filter((c) => c.seat === from).map((c) => c.at),
      e.at,
    );
    if (flood !== null) return err(flood);
    return ok({ game: { ...g, chat: [...g.chat, { seat: from, text: p.text, at: e.at, seq: e.seq }] } });
  }
  if (p.t === "setup") {
    if (from !== 0) return illegal("only the player who made the game sets it up");
    if (g.settings !== null) return illegal("the game is already set up");
    const probe = newGame(p.game, p.options);
    if (!probe.ok) return illegal(probe.error.message);
    return ok({ game: startSeries(g, { game: p.game, options: probe.value.engine.options, bestOf: p.bestOf }, 0) });
  }
  if (g.settings === null || g.series === null || g.state === null) return illegal("the game is not set up yet");
  const settings = g.settings;
  switch (p.t) {
    case "move": {
      if (!isPlaying(g)) return illegal("no game is being played");
      if (g.paused) return illegal("the game is paused");
      if (p.series !== g.seriesNo || p.game !== g.series.games.length)
        return illegal("that move belongs to another game");
      if (p.ply !== moveCount(g.state))
        return illegal(`stale move: made at move ${p.ply}, the game is at move ${moveCount(g.state)}`);
      if (toMove(g.state) !== engineSeat(g, from)) return illegal("not your turn");
      const r = play(g.state, p.move);
      if (!r.ok) return illegal(r.error.message);
      const next: FriendGame = {
        ...g,
        state: r.value.state,
        moves: [...g.moves, p.move],
        offers: { ...g.offers, end: null },
      };
      const o = outcome(r.value.state);
      if (o === null) return ok({ game: next, trace: r.value.trace });
      const fin = finishGame(next, o, r.value.state, null);
      return ok({ ...fin, trace: r.value.trace });
    }
    case "pause": {
      if (!isPlaying(g)) return illegal("no game is being played");
      if (p.on === g.paused) return illegal(p.on ? "the game is already paused" : "the game is not paused");
      const offer = g.offers.pause;
      if (offer !== null && offer.seat !== from && offer.on === p.on) {
        return ok({ game: { ...g, paused: p.on, offers: { ...g.offers, pause: null } } });
      }
      return ok({ game: { ...g, offers: { ...g.offers, pause: { seat: from, on: p.on } } } });
    }
    case "answer": {
      if (p.what === "pause") {
        const offer = g.offers.pause;
        if (offer === null || offer.seat === from) return illegal("there is no pause request to answer");
        const paused = p.accept ? offer.on : g.paused;
        return ok({ game: { ...g, paused, offers: { ...g.offers, pause: null } } });
      }
      if (p.what === "rematch") {
        if (g.offers.rematch === null || g.offers.rematch === from)
          return illegal("there is no rematch offer to answer");
        if (!p.accept) return ok({ game: { ...g, offers: { ...g.offers, rematch: null } } });
        return ok({ game: startSeries(g, settings, g.seriesNo + 1) });
      }
      if (g.offers.end === null || g.offers.end === from) return illegal("there is no offer to end the game");
      if (!p.accept) return ok({ game: { ...g, offers: { ...g.offers, end: null } } });
      if (!isPlaying(g)) return illegal("no game is being played");
      return ok(agreedEnd(g));
    }
    case "rematch": {
      if (!g.series.over) return illegal("a rematch starts once the series is over");
      if (g.offers.rematch === other(from)) return ok({ game: startSeries(g, settings, g.seriesNo + 1) });
      if (g.offers.rematch === from) return illegal("you already offered a rematch");
      return ok({ game: { ...g, offers: { ...g.offers, rematch: from } } });
    }
    case "forfeit": {
      if (!isPlaying(g)) return illegal("no game is being played");
      return ok(
        finishGame(g, { winner: other(engineSeat(g, from)), reason: "forfeit" }, g.state, {
          seat: from,
          whole: p.whole,
        }),
      );
    }
    case "end": {
      if (settings.game !== "ayo") return illegal("only an Ayo game can be ended by agreement");
      if (!isPlaying(g)) return illegal("no game is being played");
      if (g.offers.end === other(from)) return ok(agreedEnd(g));
      if (g.offers.end === from) return illegal("you already offered to end the game");
      return ok({ game: { ...g, offers: { ...g.offers, end: from } } });
    }
  }
}
