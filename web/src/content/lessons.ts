/**
 * Lessons: a position, a question to answer before moving, the move to try, and a worked answer.
 * The right answer is never written down here: each question reads it off the engine's result of
 * the move, so a lesson cannot teach something the rules do not do.
 */
import type { Setup, State, TraceEvent } from "../../../core/games/index.js";
import type { GameId, Seat } from "../../../core/types.js";
import type { Family } from "./games.js";

export interface Tried {
  readonly before: State;
  readonly after: State;
  readonly trace: readonly TraceEvent[];
  readonly mover: Seat;
}

export interface Lesson {
  readonly id: string;
  readonly family: Family;
  readonly title: string;
  readonly game: GameId;
  readonly options?: Readonly<Record<string, number | boolean>>;
  readonly position: Setup;
  /** The move to try, RULES.md numbering. */
  readonly move: number;
  readonly prompt: string;
  readonly question: string;
  readonly choices: readonly string[];
  /** The choice that is true after the move. */
  truth(r: Tried): string;
  readonly answer: string;
}

export function capturedBy(r: Tried): number {
  let n = 0;
  for (const e of r.trace) if ((e.t === "capture" && e.seat === r.mover) || e.t === "take") n += e.count;
  return n;
}

export function liftCount(r: Tried): number {
  return r.trace.filter((e) => e.t === "lift").length;
}

/** Pits (board indices) whose count went up, the origin excluded. */
export function grownPits(r: Tried): number[] {
  const out: number[] = [];
  for (let i = 0; i < r.before.engine.pits; i++) if (r.after.buf[i] > r.before.buf[i]) out.push(i);
  return out;
}

export function seedsOwned(s: State, seat: Seat): number {
  const half = s.engine.pits / 2;
  let n = 0;
  for (let i = seat * half; i < seat * half + half; i++) n += s.buf[i];
  return n;
}

const TSORO4 = { holes: 4, seeds: 2 } as const;

export const LESSONS: readonly Lesson[] = [
  {
    id: "ayo-capture-seven",
    family: "ayo",
    title: "Capture seven seeds",
    game: "ayo",
    position: { board: [4, 4, 4, 4, 4, 3, 1, 2, 1, 4, 4, 4], stores: [0, 9], toMove: 0 },
    move: 6,
    prompt: "You own pits 1–6. Predict where the 3 seeds in pit 6 will land, then try it.",
    question: "How many seeds will you capture?",
    choices: ["0", "2", "5", "7"],
    truth: (r) => String(capturedBy(r)),
    answer:
      "Pit 6 sows into pits 7, 8 and 9, which become 2, 3 and 2. Pit 9 ends with 2 seeds: captured. Walking backward, pit 8 has 3 and pit 7 has 2: both captured too, 7 in all. Pit 6 is your side, so the chain stops.",
  },
  {
    id: "ayo-safe-opening",
    family: "ayo",
    title: "Make a safe opening",
    game: "ayo",
    position: { board: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], toMove: 0 },
    move: 1,
    prompt: "On a fresh board, try the 4 seeds in pit 1.",
    question: "Which pits will change?",
    choices: ["Pits 2–5", "Pits 2–6", "Pits 1–5"],
    truth: (r) => {
      const g = grownPits(r);
      return `Pits ${g[0] + 1}–${g[g.length - 1] + 1}`;
    },
    answer:
      "Pits 2–5 each become 5 and pit 1 is left empty. The last seed stays on your side, so nothing is captured, and you leave no pit holding 1 or 2 for your opponent to aim at.",
  },
  {
    id: "ayo-capture-stops",
    family: "ayo",
    title: "Find where a capture stops",
    game: "ayo",
    position: { board: [4, 4, 4, 4, 5, 4, 4, 4, 4, 1, 4, 4], stores: [1, 1], toMove: 0 },
    move: 5,
    prompt: "Try the 5 seeds in pit 5. The last one lands in pit 10.",
    question: "Will the capture reach past pit 10?",
    choices: ["Yes: pit 9 is taken too", "No: only pit 10 is taken"],
    truth: (r) =>
      r.trace.some((e) => e.t === "capture" && e.pit === 8) ? "Yes: pit 9 is taken too" : "No: only pit 10 is taken",
    answer:
      "Pit 10 becomes 2 and is captured. Pit 9 becomes 5, which stops the chain: a capture never jumps over a pit with the wrong count.",
  },
  {
    id: "ayo-skip-start",
    family: "ayo",
    title: "Skip the starting pit",
    game: "ayo",
    position: { board: [3, 3, 3, 3, 3, 3, 12, 4, 4, 3, 4, 3], toMove: 1 },
    move: 7,
    prompt: "You own pits 7–12 in this exercise. Try the 12 seeds in pit 7 and watch the wrap.",
    question: "Which pit gets two seeds from this move?",
    choices: ["Pit 7", "Pit 8", "Pit 1"],
    truth: (r) => {
      for (let i = 0; i < 12; i++) if (r.after.buf[i] - r.before.buf[i] === 2) return `Pit ${i + 1}`;
      return "none";
    },
    answer:
      "A lap visits the other 11 pits and skips pit 7. The twelfth seed goes on to pit 8, which gets two seeds in all. The starting pit stays empty.",
  },
  {
    id: "togyz-even",
    family: "togyz",
    title: "Make it even",
    game: "togyz",
    position: { board: [9, 9, 9, 9, 9, 9, 5, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9], stores: [2, 2], toMove: 0 },
    move: 7,
    prompt: "Your pit 7 holds 5 stones. The first goes back into pit 7, so the last lands 4 pits further on.",
    question: "How many stones will you capture?",
    choices: ["None", "9", "10", "11"],
    truth: (r) => (capturedBy(r) === 0 ? "None" : String(capturedBy(r))),
    answer:
      "The stones go into your pits 7, 8, 9, then the opponent's pits 1 and 2. Their pit 2 goes from 9 to 10, an even number, so you take all 10.",
  },
  {
    id: "togyz-tuzdyk",
    family: "togyz",
    title: "Claim a tuzdyk",
    game: "togyz",
    position: { board: [9, 9, 9, 9, 9, 9, 9, 9, 3, 9, 2, 9, 9, 9, 9, 9, 9, 9], stores: [7, 6], toMove: 0 },
    move: 9,
    prompt: "The opponent's pit 2 holds two stones. Your pit 9 holds 3.",
    question: "What happens at the opponent's pit 2?",
    choices: ["It becomes your tuzdyk", "You capture it as an even pit", "Nothing"],
    truth: (r) =>
      r.trace.some((e) => e.t === "tuzdyk")
        ? "It becomes your tuzdyk"
        : capturedBy(r) > 0
          ? "You capture it as an even pit"
          : "Nothing",
    answer:
      "Pit 9 keeps one stone and sends two on: the opponent's pits 1 and 2. Pit 2 now holds exactly 3, so it becomes your tuzdyk: the 3 stones go to your kazan, and every stone that falls there later is yours.",
  },
  {
    id: "togyz-ninth",
    family: "togyz",
    title: "The ninth pit is never a tuzdyk",
    game: "togyz",
    position: { board: [9, 9, 9, 9, 9, 9, 9, 9, 10, 9, 9, 9, 9, 9, 9, 9, 9, 2], stores: [3, 3], toMove: 0 },
    move: 9,
    prompt: "Your pit 9 holds 10 stones; the last one reaches the opponent's pit 9, which holds 2.",
    question: "Will their pit 9 become your tuzdyk?",
    choices: ["Yes", "No: the three stones stay"],
    truth: (r) => (r.trace.some((e) => e.t === "tuzdyk") ? "Yes" : "No: the three stones stay"),
    answer:
      "The last stone makes their pit 9 hold 3, but the ninth pit can never become a tuzdyk. Three is odd, so nothing is captured either: the stones stay where they are.",
  },
  {
    id: "tsoro-relay",
    family: "tsoro",
    title: "Relay sowing",
    game: "tsoro-classic",
    options: TSORO4,
    position: { board: [2, 0, 1, 0, 0, 1, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2], stores: [6, 5], toMove: 0 },
    move: 0,
    prompt: "Tsoro Classic, 4 holes a row. Sow the 2 seeds from the left hole of your bottom row.",
    question: "How many times will the hand lift seeds?",
    choices: ["1", "2", "3"],
    truth: (r) => String(liftCount(r)),
    answer:
      "The two seeds fall into the next two holes. The last lands where one seed already was, so that hole (now 2) is lifted and sown on: a relay. Its last seed lands in an empty hole of your top row, and the move stops: two lifts.",
  },
  {
    id: "tsoro-capture",
    family: "tsoro",
    title: "Capture across the board",
    game: "tsoro-classic",
    options: TSORO4,
    position: { board: [1, 0, 0, 2, 1, 1, 0, 0, 2, 2, 2, 2, 2, 2, 3, 2], stores: [5, 5], toMove: 0 },
    move: 3,
    prompt: "Sow the 2 seeds from the right hole of your bottom row. They climb into your top row.",
    question: "How many seeds will you capture?",
    choices: ["0", "3", "5", "7"],
    truth: (r) => String(capturedBy(r)),
    answer:
      "The last seed lands in your top row in a hole that already had a seed. The opponent's top hole facing it holds 3, so you take it and the bottom hole behind it (2): 5 seeds leave the board for you, and your turn ends.",
  },
  {
    id: "tsoro-take",
    family: "tsoro",
    title: "Take and sow on",
    game: "tsoro-wta",
    options: TSORO4,
    position: { board: [1, 0, 0, 2, 1, 1, 0, 0, 3, 2, 4, 4, 4, 4, 3, 3], toMove: 0 },
    move: 3,
    prompt: "Winner Takes All, 4 holes a row. Sow the 2 seeds from the right hole of your bottom row.",
    question: "How many seeds will you own after the move?",
    choices: ["5", "8", "10", "12"],
    truth: (r) => String(seedsOwned(r.after, r.mover)),
    answer:
      "You land in your top row on a hole with a seed, facing a top hole with 3. You take it and the hole behind it (2) and sow those 5 on from the next hole. The last lands in an empty hole, so the move stops: you now own 10 seeds.",
  },
];

export function lessonById(id: string | null): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
