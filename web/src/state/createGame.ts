/**
 * One match on the board: the engine state, what the board shows while a move is animated, the
 * computer's turns, pause, undo, hint, forfeit, agreed ends and the series. Every move is saved
 * before it is animated, so closing the page at any moment loses nothing.
 *
 * Seats: the engine's seat 0 always starts a game; the series' seat 0 is the device's player (or
 * "player 1" in pass and play). In game g the starter's series seat is `starterOf(series)`, so
 * engine seat s belongs to series seat `seatIn(starter, s)` (core/types.ts).
 */
import { batch } from "solid-js";
import { createStore, produce, type Store } from "solid-js/store";
import {
  newGame,
  outcome as outcomeOf,
  play,
  playAll,
  moveCount,
  toMove,
  legalMoves,
  type State,
  type TraceEvent,
  boardView,
  type BoardView,
} from "../../../core/games/index.js";
import { forfeit as forfeitSeries, recordGame, starterOf } from "../../../core/series.js";
import { seatIn, type Outcome, type Seat } from "../../../core/types.js";
import type { AiClient } from "../ai/protocol.js";
import { playTrace, prefersReducedMotion, stepMs, THINK_PAUSE_MS, type Cue, type Speed } from "../present/animate.js";
import { describeMove, whoOf } from "../present/speech.js";
import { legalPits, pitOfMove } from "../present/moves.js";
import { createTimers, makeAnnouncer, makeBoardStage, type Announcement, type Flight } from "../present/stage.js";
import type { StatsActions, GameResult } from "./createStats.js";
import type { SavesActions } from "./createSaves.js";
import { engineOptions, type SavedGame } from "./records.js";
import { t } from "../i18n/i18n.js";
import { engineErrorText } from "../i18n/errors.js";

type Phase = "idle" | "animating" | "thinking" | "over";

interface GameState {
  record: SavedGame;
  display: BoardView;
  toMove: Seat;
  moveCount: number;
  /** The current game's result, in engine seats. */
  outcome: Outcome | null;
  phase: Phase;
  paused: boolean;
  /** Board indices the device's player may sow from right now. */
  legal: readonly number[];
  hand: { readonly pit: number; readonly count: number } | null;
  flights: readonly Flight[];
  announce: Announcement | null;
  /** Board index the last move was sown from. */
  lastFrom: number | null;
  hint: number | null;
  thinkingHint: boolean;
  /** Seat shown along the bottom of the board. */
  bottom: Seat;
  /** Ayo between people: the seat that offered to end on the current score. */
  endOffer: Seat | null;
  showResults: boolean;
  /** The winner's store lights up before the results. */
  glow: Seat | null;
  /** Spoken by screen readers after each move. */
  said: string;
  error: string | null;
}

interface GameActions {
  pick(pit: number): boolean;
  togglePause(): void;
  canUndo(): boolean;
  undo(): void;
  askHint(): void;
  forfeit(whole: boolean): void;
  offerEnd(): void;
  answerEnd(agree: boolean): void;
  nextGame(): void;
  /** After an error: asks the computer again, or clears the message. */
  retry(): void;
  /** Engine seat of the device's player (vs computer), or null in pass and play. */
  humanSeat(): Seat | null;
  /** Name of an engine seat's player. */
  nameOf(seat: Seat): string;
  /** Series seat (0: the device's player or player 1) of an engine seat in the current game. */
  seriesSeat(seat: Seat): Seat;
  engineState(): State;
  dispose(): void;
}

export type GameStore = readonly [Store<GameState>, GameActions];

export interface GameDeps {
  readonly ai: AiClient;
  readonly saves: SavesActions;
  readonly stats: StatsActions;
  readonly speed: () => Speed;
  readonly cue?: (cue: Cue, n: number) => void;
  readonly now?: () => number;
  readonly random?: () => number;
}

/** How long a captured "+n" stays in the air, and the winner's glow before the results. */
const GLOW_MS: { readonly [S in Speed]: number } = { slow: 1600, normal: 1100, fast: 150 };

function replay(rec: SavedGame): { state: State; moves: number[]; lastFrom: number | null } {
  const start = newGame(rec.setup.game, engineOptions(rec.setup));
  if (!start.ok) throw new Error(`saved match has bad options: ${start.error.message}`);
  const all = playAll(start.value, rec.moves);
  // A damaged tail of moves is dropped; everything before it is kept.
  const moves = all.ok ? [...rec.moves] : rec.moves.slice(0, all.error.at);
  const state = all.ok ? all.value : (playAll(start.value, moves) as { ok: true; value: State }).value;
  let lastFrom: number | null = null;
  if (moves.length > 0) {
    const before = (playAll(start.value, moves.slice(0, -1)) as { ok: true; value: State }).value;
    lastFrom = pitOfMove(before, moves[moves.length - 1]);
  }
  return { state, moves, lastFrom };
}

export function createGame(initial: SavedGame, deps: GameDeps): GameStore {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  let restored = replay(initial);
  let current = restored.state;
  let generation = 0;
  let disposed = false;
  const timers = createTimers();
  const later = timers.later;
  let resumeWaiters: (() => void)[] = [];

  const starter = (): Seat =>
    state.record.recorded ? (state.record.series.games.at(-1)?.starter ?? 0) : starterOf(state.record.series);
  const humanSeat = (): Seat | null => (state.record.setup.opponent === "computer" ? starter() : null);
  const isHumanTurn = (): boolean => humanSeat() === null || toMove(current) === humanSeat();
  const nameOf = (seat: Seat): string => state.record.names[seatIn(starter(), seat)];
  const bottomFor = (): Seat => humanSeat() ?? toMove(current);

  const [state, setState] = createStore<GameState>({
    record: { ...initial, moves: restored.moves },
    display: boardView(current),
    toMove: toMove(current),
    moveCount: moveCount(current),
    outcome: outcomeOf(current) ?? initial.ended,
    phase: "idle",
    paused: false,
    legal: [],
    hand: null,
    flights: [],
    announce: null,
    lastFrom: restored.lastFrom,
    hint: null,
    thinkingHint: false,
    bottom: 0,
    endOffer: null,
    showResults: false,
    glow: null,
    said: "",
    error: null,
  });
  setState("bottom", bottomFor());

  const save = (rec: SavedGame): void => {
    const stamped = { ...rec, updatedAt: now() };
    setState("record", stamped);
    if (!deps.saves.put(stamped)) setState("error", t("error.storageFull"));
  };

  const wait = (ms: number): Promise<boolean> => {
    const g = generation;
    return new Promise<boolean>((resolve) => {
      const done = async (): Promise<void> => {
        while (state.paused && g === generation && !disposed) {
          await new Promise<void>((r) => resumeWaiters.push(r));
        }
        resolve(g === generation && !disposed);
      };
      if (ms <= 0 && !state.paused) {
        queueMicrotask(() => void done());
        return;
      }
      later(ms, () => void done());
    });
  };

  const seatSide = (seat: Seat): "bottom" | "top" => (seat === state.bottom ? "bottom" : "top");

  const stage = makeBoardStage(state, setState, {
    pitsPerSide: () => current.engine.pits / 2,
    later,
    announce: makeAnnouncer({
      current: () => state.announce,
      set: (a) => setState("announce", a),
      later,
      side: seatSide,
      tuzdyk: (seat) => {
        const h = humanSeat();
        return h === null
          ? t("announce.tuzdykOf", { name: nameOf(seat) })
          : seat === h
            ? t("announce.tuzdyk")
            : t("announce.computerTuzdyk");
      },
      pass: (seat) => t("announce.pass", { name: nameOf(seat) }),
    }),
    cue: deps.cue,
  });

  const refresh = (): void => {
    setState(
      produce((s) => {
        s.display = boardView(current);
        s.toMove = toMove(current);
        s.moveCount = moveCount(current);
        s.outcome = outcomeOf(current) ?? s.record.ended;
        s.hand = null;
        s.flights = [];
      }),
    );
  };

  const describe = (seat: Seat, move: number, trace: readonly TraceEvent[]): string =>
    describeMove(current.engine.game, spokenName(seat), seat, move, trace);
  /** Against the computer, screen readers hear "You" and "Computer". */
  const spokenName = (seat: Seat): string => {
    const h = humanSeat();
    return h === null ? nameOf(seat) : seat === h ? t("common.you") : t("common.computer");
  };

  const pitName = (move: number): string => String(current.engine.game.startsWith("tsoro") ? move + 1 : move);

  const finish = (o: Outcome): void => {
    let rec = state.record;
    if (!rec.recorded) {
      const st = starterOf(rec.series);
      const series = recordGame(rec.series, {
        winner: o.winner === null ? null : seatIn(st, o.winner),
        reason: o.reason,
      });
      rec = { ...rec, series, recorded: true };
      const h = humanSeat();
      if (h !== null) {
        const result: GameResult = o.winner === null ? "draw" : o.winner === h ? "win" : "loss";
        deps.stats.record(rec.setup.game, rec.setup.level, result);
      }
      save(rec);
    }
    setState(
      produce((s) => {
        s.phase = "over";
        s.outcome = o;
        s.legal = [];
        s.hint = null;
        s.glow = o.winner;
      }),
    );
    const g = generation;
    later(GLOW_MS[deps.speed()], () => {
      if (g === generation) setState("showResults", true);
    });
  };

  const afterMove = (): void => {
    const o = outcomeOf(current) ?? state.record.ended;
    if (o !== null) {
      finish(o);
      return;
    }
    setState("bottom", bottomFor());
    if (!isHumanTurn()) {
      void computerTurn();
      return;
    }
    const moves = legalMoves(current);
    if (moves.length === 1 && moves[0] === 0 && current.engine.game === "ayo") {
      // Nothing to sow: the pass is played for the player, after a moment to see why.
      setState(
        produce((s) => {
          s.phase = "thinking";
          s.legal = [];
        }),
      );
      const g = generation;
      void wait(THINK_PAUSE_MS[deps.speed()] + 200).then((alive) => {
        if (alive && g === generation) void doMove(0);
      });
      return;
    }
    setState(
      produce((s) => {
        s.phase = "idle";
        s.legal = legalPits(current);
      }),
    );
  };

  const doMove = async (move: number): Promise<void> => {
    const before = current;
    const r = play(before, move);
    if (!r.ok) {
      setState("error", engineErrorText(r.error.code));
      return;
    }
    const g = ++generation;
    const seat = toMove(before);
    current = r.value.state;
    save({ ...state.record, moves: [...state.record.moves, move] });
    setState(
      produce((s) => {
        s.phase = "animating";
        s.legal = [];
        s.hint = null;
        s.lastFrom = pitOfMove(before, move);
        // The turn label and move count change once the sowing has been shown (see refresh).
        s.error = null;
      }),
    );
    const trace = r.value.trace;
    const finished = await playTrace(trace, stage, stepMs(deps.speed(), trace, prefersReducedMotion()), wait);
    if (!finished || g !== generation || disposed) return;
    // One update: the new turn, the spoken move and what comes next are shown together.
    batch(() => {
      refresh();
      setState("said", describe(seat, move, trace));
      afterMove();
    });
  };

  const computerTurn = async (): Promise<void> => {
    const g = ++generation;
    setState(
      produce((s) => {
        s.phase = "thinking";
        s.legal = [];
      }),
    );
    const alive = await wait(THINK_PAUSE_MS[deps.speed()]);
    if (!alive) return;
    let move: number;
    try {
      move = await deps.ai.move({
        game: state.record.setup.game,
        options: engineOptions(state.record.setup),
        moves: state.record.moves,
        level: state.record.setup.level,
        seed: Math.floor(random() * 2 ** 31),
      });
    } catch (e) {
      if (g === generation && !disposed) {
        setState("error", t("error.computer"));
      }
      return;
    }
    if (g !== generation || disposed) return;
    if (!(await wait(0))) return;
    await doMove(move);
  };

  const start = (): void => {
    setState("bottom", bottomFor());
    const o = outcomeOf(current) ?? state.record.ended;
    if (o !== null) {
      finish(o);
      return;
    }
    afterMove();
  };

  const actions: GameActions = {
    pick(pit) {
      if (state.phase !== "idle" || state.paused || !state.legal.includes(pit) || !isHumanTurn()) return false;
      void doMove(current.engine.pitToMove(toMove(current), pit));
      return true;
    },
    togglePause() {
      if (state.phase === "over") return;
      const paused = !state.paused;
      setState("paused", paused);
      if (!paused) {
        const ws = resumeWaiters;
        resumeWaiters = [];
        for (const w of ws) w();
      }
    },
    canUndo() {
      const h = humanSeat();
      if (state.phase === "over" || state.phase === "animating") return false;
      // Pass and play: the last move, whoever made it.
      if (h === null) return state.record.moves.length > 0;
      return moversOf().some((seat) => seat === h);
    },
    undo() {
      if (!actions.canUndo()) return;
      const h = humanSeat();
      const movers = moversOf();
      let keep = movers.length;
      if (h !== null) {
        while (keep > 0 && movers[keep - 1] !== h) keep--;
        if (keep === 0) return;
      }
      keep--; // take back the player's own move too (pass and play: the last move)
      // Pass and play: a forced pass taken back would be played again at once, so the move before goes too.
      if (h === null && keep > 0 && state.record.moves[keep] === 0 && current.engine.game === "ayo") keep--;
      generation++;
      const rec = { ...state.record, moves: state.record.moves.slice(0, keep) };
      restored = replay(rec);
      current = restored.state;
      save(rec);
      setState(
        produce((s) => {
          s.lastFrom = restored.lastFrom;
          s.hint = null;
          s.flights = [];
          s.said = t("speech.undone");
        }),
      );
      refresh();
      afterMove();
    },
    askHint() {
      if (state.phase !== "idle" || state.paused || !isHumanTurn() || state.thinkingHint) return;
      const g = generation;
      setState("thinkingHint", true);
      deps.ai
        .hint({
          game: state.record.setup.game,
          options: engineOptions(state.record.setup),
          moves: state.record.moves,
          level: "hard",
          seed: 1,
        })
        .then(
          (move) => {
            setState("thinkingHint", false);
            if (g !== generation || disposed) return;
            const pit = pitOfMove(current, move);
            setState("hint", pit);
            setState("said", pit === null ? t("speech.hintPass") : t("speech.hintPit", { n: pitName(move) }));
          },
          () => setState("thinkingHint", false),
        );
    },
    forfeit(whole) {
      if (state.phase === "over" || state.record.recorded) return;
      generation++;
      const loser = humanSeat() ?? toMove(current);
      const winner = (1 - loser) as Seat;
      const st = starterOf(state.record.series);
      const series = forfeitSeries(state.record.series, seatIn(st, loser), whole);
      const ended: Outcome = { winner, reason: "forfeit" };
      if (humanSeat() !== null) deps.stats.record(state.record.setup.game, state.record.setup.level, "loss");
      save({ ...state.record, series, ended, recorded: true });
      refresh();
      const said = { who: whoOf(spokenName(loser)), name: spokenName(loser) };
      setState(
        "said",
        whole && state.record.series.bestOf > 1 ? t("speech.forfeitedSeries", said) : t("speech.forfeited", said),
      );
      finish(ended);
    },
    offerEnd() {
      if (current.engine.game !== "ayo" || humanSeat() !== null || state.phase !== "idle") return;
      setState("endOffer", toMove(current));
    },
    answerEnd(agree) {
      const by = state.endOffer;
      setState("endOffer", null);
      if (!agree || by === null || state.phase === "over") return;
      generation++;
      const [a, b] = state.display.stores;
      const ended: Outcome = { winner: a > b ? 0 : b > a ? 1 : null, reason: "agreed" };
      save({ ...state.record, ended });
      refresh();
      finish(ended);
    },
    nextGame() {
      if (!state.record.recorded || state.record.series.over) return;
      generation++;
      const rec: SavedGame = { ...state.record, moves: [], ended: null, recorded: false };
      restored = replay(rec);
      current = restored.state;
      save(rec);
      setState(
        produce((s) => {
          s.lastFrom = null;
          s.showResults = false;
          s.glow = null;
          s.outcome = null;
          s.flights = [];
          s.hint = null;
          s.said = "";
        }),
      );
      refresh();
      start();
    },
    retry() {
      setState("error", null);
      if (state.phase !== "over" && state.phase !== "animating") afterMove();
    },
    humanSeat,
    nameOf,
    seriesSeat: (seat) => seatIn(starter(), seat),
    engineState: () => current,
    dispose() {
      disposed = true;
      generation++;
      timers.clear();
      const ws = resumeWaiters;
      resumeWaiters = [];
      for (const w of ws) w();
    },
  };

  /** Engine seat that made each move of the current game. */
  function moversOf(): Seat[] {
    const start0 = newGame(state.record.setup.game, engineOptions(state.record.setup));
    if (!start0.ok) return [];
    let s = start0.value;
    const out: Seat[] = [];
    for (const m of state.record.moves) {
      out.push(toMove(s));
      const r = play(s, m);
      if (!r.ok) break;
      s = r.value.state;
    }
    return out;
  }

  start();
  return [state, actions];
}
