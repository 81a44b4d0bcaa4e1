/**
 * Lessons: a position, a question to answer before moving, the move to try, and a worked answer.
 * No answer is written down here: each choice states a fact about the move (`Claim`), and the
 * engine's result of the move decides which choice is true (`outcomeOf`, `claimHolds`). The worked
 * answer states its facts the same way, so a lesson cannot teach something the rules do not do.
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

/** What a move did, read off the engine. Pits are docs/rules.md board indices. */
export interface Outcome {
  /** Seeds the mover captured (Togyz, Ayo, Tsoro Classic) or took (Tsoro Winner Takes All). */
  readonly captured: number;
  /** Pits captured or taken from, ascending. */
  readonly takenFrom: readonly number[];
  /** Pits whose count differs after the move, ascending (the pit sown from included). */
  readonly changed: readonly number[];
  /** Pits that received exactly two more seeds, ascending. */
  readonly gotTwo: readonly number[];
  /** The pit that became the mover's tuzdyk, or null. */
  readonly tuzdyk: number | null;
  /** Times the hand lifted seeds: the chosen pit and every relay. */
  readonly lifts: number;
  /** Seeds on the mover's side after the move. */
  readonly owned: number;
}

/** A statement about a move: every fact it gives must match the outcome; `counts` are pit counts after it. */
export interface Claim extends Partial<Outcome> {
  readonly counts?: Readonly<Record<number, number>>;
}

export interface Choice {
  readonly text: string;
  readonly claim: Claim;
}

export interface Lesson {
  readonly id: string;
  readonly family: Family;
  readonly title: string;
  readonly game: GameId;
  readonly options?: Readonly<Record<string, number | boolean>>;
  readonly position: Setup;
  /** The move to try, docs/rules.md numbering. */
  readonly move: number;
  readonly prompt: string;
  readonly question: string;
  readonly choices: readonly Choice[];
  readonly answer: string;
  /** What the worked answer says happens. */
  readonly answerClaim: Claim;
}

function seedsOwned(s: State, seat: Seat): number {
  const half = s.engine.pits / 2;
  let n = 0;
  for (let i = seat * half; i < seat * half + half; i++) n += s.buf[i];
  return n;
}

export function outcomeOf(r: Tried): Outcome {
  let captured = 0;
  const taken = new Set<number>();
  let tuzdyk: number | null = null;
  let lifts = 0;
  for (const e of r.trace) {
    if (e.t === "capture" && e.seat === r.mover) {
      captured += e.count;
      taken.add(e.pit);
    } else if (e.t === "take") {
      captured += e.count;
      for (const p of e.pits) taken.add(p);
    } else if (e.t === "tuzdyk" && e.seat === r.mover) tuzdyk = e.pit;
    else if (e.t === "lift") lifts++;
  }
  const changed: number[] = [];
  const gotTwo: number[] = [];
  for (let i = 0; i < r.before.engine.pits; i++) {
    const d = r.after.buf[i] - r.before.buf[i];
    if (d !== 0) changed.push(i);
    if (d === 2) gotTwo.push(i);
  }
  return {
    captured,
    takenFrom: [...taken].sort((a, b) => a - b),
    changed,
    gotTwo,
    tuzdyk,
    lifts,
    owned: seedsOwned(r.after, r.mover),
  };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function claimHolds(claim: Claim, r: Tried): boolean {
  const o = outcomeOf(r);
  for (const [key, value] of Object.entries(claim) as [keyof Claim, unknown][]) {
    if (key === "counts") {
      for (const [pit, n] of Object.entries(value as Record<string, number>))
        if (r.after.buf[Number(pit)] !== n) return false;
    } else if (!same(o[key], value)) return false;
  }
  return true;
}

/** The choices that are true after the move (a well-made lesson has exactly one). */
export function trueChoices(lesson: Lesson, r: Tried): Choice[] {
  return lesson.choices.filter((c) => claimHolds(c.claim, r));
}

const TSORO4 = { holes: 4, seeds: 2 } as const;

const LESSON_LIST = [
  {
    id: "ayo-capture-seven",
    family: "ayo",
    title: "Capture seven seeds",
    game: "ayo",
    position: { board: [4, 4, 4, 4, 4, 3, 1, 2, 1, 4, 4, 4], stores: [0, 9], toMove: 0 },
    move: 6,
    prompt: "You own pits 1–6. Predict where the 3 seeds in pit 6 will land, then try it.",
    question: "How many seeds will you capture?",
    choices: [
      { text: "0", claim: { captured: 0 } },
      { text: "2", claim: { captured: 2 } },
      { text: "5", claim: { captured: 5 } },
      { text: "7", claim: { captured: 7 } },
    ],
    answer:
      "Pit 9 ends with 2 seeds. Walking backward, pit 8 has 3 and pit 7 has 2: all three are captured, for 7. Pit 6 is your side, so the chain stops.",
    answerClaim: { captured: 7, takenFrom: [6, 7, 8] },
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
    choices: [
      {
        text: "Pits 1–5: pit 1 empties, pits 2–5 become 5",
        claim: { changed: [0, 1, 2, 3, 4], counts: { 0: 0, 1: 5, 2: 5, 3: 5, 4: 5 } },
      },
      {
        text: "Pits 1–6: pit 1 empties, pits 2–6 become 5",
        claim: { changed: [0, 1, 2, 3, 4, 5], counts: { 0: 0, 1: 5, 2: 5, 3: 5, 4: 5, 5: 5 } },
      },
      { text: "Only pits 2–5: pit 1 keeps a seed", claim: { changed: [1, 2, 3, 4] } },
    ],
    answer:
      "Pits 2–5 each become 5, and pit 1 is left empty. The last seed stays on your side, so there is no capture. Leaving no pits holding 1 or 2 avoids an immediate capture target for your opponent.",
    answerClaim: { changed: [0, 1, 2, 3, 4], counts: { 0: 0, 1: 5, 2: 5, 3: 5, 4: 5 }, captured: 0 },
  },
  {
    id: "ayo-capture-stops",
    family: "ayo",
    title: "Find where a capture stops",
    game: "ayo",
    position: { board: [4, 4, 4, 4, 5, 4, 4, 4, 4, 1, 4, 4], stores: [1, 1], toMove: 0 },
    move: 5,
    prompt: "Try the 5 seeds in pit 5.",
    question: "Will the capture reach past pit 10?",
    choices: [
      { text: "Yes: pit 9 is taken too", claim: { takenFrom: [8, 9] } },
      { text: "No: only pit 10 is taken", claim: { takenFrom: [9] } },
    ],
    answer:
      "Pit 10 becomes 2 and is captured. Pit 9 becomes 5, which stops the chain. A capture does not jump over a pit with the wrong count.",
    answerClaim: { takenFrom: [9], captured: 2, counts: { 8: 5 } },
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
    choices: [
      { text: "Pit 7", claim: { gotTwo: [6] } },
      { text: "Pit 8", claim: { gotTwo: [7] } },
      { text: "Pit 1", claim: { gotTwo: [0] } },
    ],
    answer:
      "A lap visits the other 11 pits, skipping pit 7. The twelfth seed returns to pit 8, which receives two seeds in total. The starting pit remains empty.",
    answerClaim: { gotTwo: [7], counts: { 6: 0 } },
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
    choices: [
      { text: "None", claim: { captured: 0 } },
      { text: "9", claim: { captured: 9 } },
      { text: "10", claim: { captured: 10 } },
      { text: "11", claim: { captured: 11 } },
    ],
    answer:
      "The stones go into your pits 7, 8, 9, then the opponent's pits 1 and 2. Their pit 2 goes from 9 to 10, an even number, so you take all 10.",
    answerClaim: { captured: 10, takenFrom: [10] },
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
    choices: [
      { text: "It becomes your tuzdyk", claim: { tuzdyk: 10 } },
      { text: "You capture it as an even pit", claim: { tuzdyk: null, takenFrom: [10] } },
      { text: "Nothing", claim: { tuzdyk: null, captured: 0 } },
    ],
    answer:
      "Pit 9 keeps one stone and sends two on: the opponent's pits 1 and 2. Pit 2 now holds exactly 3, so it becomes your tuzdyk: the 3 stones go to your kazan, and every stone that falls there later is yours.",
    answerClaim: { tuzdyk: 10, captured: 3, counts: { 8: 1, 9: 10 } },
  },
  {
    id: "togyz-ninth",
    family: "togyz",
    title: "The ninth pit is never a tuzdyk",
    game: "togyz",
    position: { board: [9, 9, 9, 9, 9, 9, 9, 9, 10, 9, 9, 9, 9, 9, 9, 9, 9, 2], stores: [3, 3], toMove: 0 },
    move: 9,
    prompt:
      "Your pit 9 holds 10 stones; the last one reaches the opponent's pit 9, the last one before your row, which holds 2.",
    question: "Will their pit 9 become your tuzdyk?",
    choices: [
      { text: "Yes", claim: { tuzdyk: 17 } },
      { text: "No: the three stones stay", claim: { tuzdyk: null, counts: { 17: 3 } } },
    ],
    answer:
      "The last stone makes their pit 9 hold 3, but the ninth pit can never become a tuzdyk. Three is odd, so nothing is captured either: the stones stay where they are.",
    answerClaim: { tuzdyk: null, captured: 0, counts: { 17: 3 } },
  },
  {
    id: "tsoro-relay",
    family: "tsoro",
    title: "Relay sowing",
    game: "tsoro-classic",
    options: TSORO4,
    position: { board: [2, 0, 1, 0, 0, 1, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2], stores: [6, 5], toMove: 0 },
    move: 0,
    prompt:
      "Tsoro Classic, 4 holes a row. Your holes are numbered in sowing order. Sow the 2 seeds from hole 1, the left hole of your bottom row.",
    question: "How many times will the hand lift seeds?",
    choices: [
      { text: "1", claim: { lifts: 1 } },
      { text: "2", claim: { lifts: 2 } },
      { text: "3", claim: { lifts: 3 } },
    ],
    answer:
      "The two seeds fall into holes 2 and 3. Hole 3 already had a seed, so it (now 2) is lifted and sown on: a relay. Its last seed lands in hole 5, an empty hole of your top row, and the move stops: two lifts.",
    answerClaim: { lifts: 2, captured: 0, counts: { 0: 0, 1: 1, 2: 0, 3: 1, 4: 1 } },
  },
  {
    id: "tsoro-capture",
    family: "tsoro",
    title: "Capture across the board",
    game: "tsoro-classic",
    options: TSORO4,
    position: { board: [1, 0, 0, 2, 1, 1, 0, 0, 2, 2, 2, 2, 2, 2, 3, 2], stores: [5, 5], toMove: 0 },
    move: 3,
    prompt: "Sow the 2 seeds from hole 4, the right hole of your bottom row. They climb into your top row.",
    question: "How many seeds will you capture?",
    choices: [
      { text: "0", claim: { captured: 0 } },
      { text: "3", claim: { captured: 3 } },
      { text: "5", claim: { captured: 5 } },
      { text: "7", claim: { captured: 7 } },
    ],
    answer:
      "The last seed lands in hole 6, in your top row, which already had a seed. The opponent's top hole facing it holds 3, so you take it and the bottom hole behind it (2): 5 seeds leave the board for you, and your turn ends.",
    answerClaim: { captured: 5, takenFrom: [9, 14], counts: { 5: 2 } },
  },
  {
    id: "tsoro-take",
    family: "tsoro",
    title: "Take and sow on",
    game: "tsoro-wta",
    options: TSORO4,
    position: { board: [1, 0, 0, 2, 1, 1, 0, 0, 3, 2, 4, 4, 4, 4, 3, 3], toMove: 0 },
    move: 3,
    prompt: "Winner Takes All, 4 holes a row. Sow the 2 seeds from hole 4, the right hole of your bottom row.",
    question: "How many seeds will you own after the move?",
    choices: [
      { text: "5", claim: { owned: 5 } },
      { text: "8", claim: { owned: 8 } },
      { text: "10", claim: { owned: 10 } },
      { text: "12", claim: { owned: 12 } },
    ],
    answer:
      "You land in hole 6, in your top row, on a hole with a seed, facing a top hole with 3. You take it and the hole behind it (2) and sow those 5 on from hole 7. The last lands in an empty hole, so the move stops: you now own 10 seeds.",
    answerClaim: { owned: 10, captured: 5, takenFrom: [9, 14] },
  },
] as const satisfies readonly Lesson[];

export const LESSONS: readonly Lesson[] = LESSON_LIST;

/** A family's lessons as written (ids and choice counts are known to the type checker, for translations). */
export type LessonOf<F extends Family> = Extract<(typeof LESSON_LIST)[number], { readonly family: F }>;

export function lessonById(id: string | null): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}

/** The words of the lesson screens; `{name}` places are filled by the screen (content/text.ts). */
export const LESSON_TEXT = {
  title: "Lessons",
  heading: "Try a move—no account needed",
  intro:
    "Choose a lesson, predict the result, then tap the marked pit on your side. This uses the same rules as the game; nothing is saved or ranked.",
  tap: "Your prediction: {prediction}. Now tap {target}, marked with a white ring and an arrow, and watch.",
  notThat: "That is {other}. This lesson tries {target}, marked with a white ring and an arrow: tap it to sow.",
  targetLabel: "the one to try in this lesson",
  tuzdyk: "TUZDYK!",
  right: "Right!",
  notQuite: "Not quite.",
  verdict: "You said {prediction}; the answer is {truth}.",
  tryAgain: "Try again",
  next: "Next lesson",
  all: "All lessons",
  worked: "Read the worked answer",
  you: "You",
  opponent: "Opponent",
  /** A pit named in the lesson text, by game and by whose side it is on. */
  pit: {
    togyz: { own: "your pit {n}", theirs: "the opponent's pit {n}" },
    ayo: { own: "pit {n}", theirs: "pit {n}" },
    tsoro: { own: "your hole {n}", theirs: "the opponent's hole {n}" },
  },
  /** Ayo's captions around the board (the seed's "Try a move"). */
  ayoTop: "Pits {from}–{to} · sow right to left",
  ayoBottom: "Pits {from}–{to} · sow left to right",
  ayoSide: "Your side: pits {from}–{to}. Captured scores before this move: {mine}–{theirs}.",
} as const;
