/** A match kept on the device: its setup, the series so far and the moves of the current game. */
import * as v from "valibot";
import { BEST_OF, type BestOf, type Series } from "../../../core/series.js";
import { END_REASONS, GAMES, type GameId, type Outcome } from "../../../core/types.js";
import { SPEEDS, type Speed } from "../game/animate.js";
import { LEVEL_IDS, type LevelId } from "../game/levels.js";

const OPPONENTS = ["computer", "local"] as const;
type Opponent = (typeof OPPONENTS)[number];

export interface MatchSetup {
  readonly game: GameId;
  /** Tsoro only: holes per row (4..12) and seeds per hole (1..10). */
  readonly holes: number;
  readonly seeds: number;
  readonly opponent: Opponent;
  readonly level: LevelId;
  readonly speed: Speed;
  readonly bestOf: BestOf;
}

export interface SavedGame {
  readonly id: string;
  readonly setup: MatchSetup;
  /** Names of series seat 0 (the device's player, or "player 1") and seat 1. */
  readonly names: readonly [string, string];
  readonly series: Series;
  /** Moves of the game in progress, docs/rules.md numbering. */
  readonly moves: readonly number[];
  /** The current game ended outside the rules (forfeit, agreed end), in engine seats. */
  readonly ended: Outcome | null;
  /** The current game's result is already in the series and the statistics. */
  readonly recorded: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export const DEFAULT_SETUP: MatchSetup = {
  game: "togyz",
  holes: 8,
  seeds: 2,
  opponent: "computer",
  level: "easy",
  speed: "normal",
  bestOf: 1,
};

export function engineOptions(setup: MatchSetup): Record<string, number | boolean> | undefined {
  if (setup.game === "ayo") return { vsComputer: setup.opponent === "computer" };
  if (setup.game === "tsoro-classic" || setup.game === "tsoro-wta") return { holes: setup.holes, seeds: setup.seeds };
  return undefined;
}

const Int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const SeatSchema = v.picklist([0, 1] as const);
const WinnerSchema = v.nullable(SeatSchema);

const SetupSchema = v.object({
  game: v.picklist(GAMES),
  holes: Int(4, 12),
  seeds: Int(1, 10),
  opponent: v.picklist(OPPONENTS),
  level: v.picklist(LEVEL_IDS),
  speed: v.fallback(v.picklist(SPEEDS), "normal"),
  bestOf: v.picklist(BEST_OF),
});

const SeriesSchema = v.object({
  bestOf: v.picklist(BEST_OF),
  games: v.array(v.object({ starter: SeatSchema, winner: WinnerSchema, reason: v.picklist(END_REASONS) })),
  score: v.tuple([Int(0, 99), Int(0, 99)]),
  draws: Int(0, 99),
  over: v.boolean(),
  winner: WinnerSchema,
  end: v.nullable(v.picklist(["majority", "cap", "forfeit"] as const)),
  first: v.optional(SeatSchema),
});

const Name = v.pipe(v.string(), v.maxLength(40));

const SavedGameSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{4,40}$/)),
  setup: SetupSchema,
  names: v.tuple([Name, Name]),
  series: SeriesSchema,
  moves: v.pipe(v.array(Int(0, 23)), v.maxLength(5000)),
  ended: v.nullable(v.object({ winner: WinnerSchema, reason: v.picklist(END_REASONS) })),
  recorded: v.boolean(),
  createdAt: v.number(),
  updatedAt: v.number(),
});

export function parseSavedGame(raw: unknown): SavedGame | null {
  const r = v.safeParse(SavedGameSchema, raw);
  return r.success ? (r.output as SavedGame) : null;
}

export function makeSavedGame(g: SavedGame): Record<string, unknown> {
  return JSON.parse(JSON.stringify(g)) as Record<string, unknown>;
}

export function newGameId(now: number, random: () => number = Math.random): string {
  return `${now.toString(36)}-${Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, "0")}`;
}
