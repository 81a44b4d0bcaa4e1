import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { legalMoves, newGame, play, view, type State } from "../games/index.js";
import { GAMES, type GameId } from "../types.js";
import {
  makeJsonRecord,
  makePlayOk,
  makeShareCode,
  parseJsonRecords,
  parsePlayOk,
  parseRecords,
  parseShareCode,
  replayRecord,
  type GameRecord,
} from "./index.js";

/** Two Togyz games written out in PlayOK's notation, each ending by atsyz, with tuzdyks and captures. */
const TWO_GAMES = `[Event "Club evening"]
[White "Aigerim"]
[Black "Daulet"]
[Result "1-0"]

1. 54(10) 11(10) 2. 21(12) 23 3. 56 23 4. 12 67(22) 5. 12 79(34) 6. 12 36 7. 12
94 8. 59 57(38) 9. 12 84 10. 92X 13 11. 66 12 12. 32 12 13. 92 12 14. 27(29) 58
15. 51 13 16. 88 12 17. 73(43) 95X 18. 16 91(44) 19. 25 12 20. 94(55) 56 21. 48
13 22. 12 12 23. 39 91 24. 12 79 25. 46 66(62) 26. 84(61) 67 27. 93 56 28. 89 67
29. 12 56 30. 27 12 31. 46 86 32. 45 89 33. 72 12 34. 12 93 35. 12 12 36. 78 37
37. 26 34 38. 45 45 39. 89 72(70) 40. 89 67 41. 38 45 42. 12 89 43. 78 57 44. 23
56 45. 45 79 46. 89 68 47. 61 89 48. 89 78 49. 89 78 50. 78 12 51. 67 81 52. 89
95 53. 78 67 54. 89 78 55. 35 89 56. 12 89 57. 23 92(76) 58. 12 91(78) 59. 23
1-0

[White "Saule"]
[Black "Yerlan"]
[Result "0-1"]

1. 98(10) 11(10) 2. 21(12) 23 3. 23 23 4. 77 71 5. 81 93 6. 24 78 7. 79 39(18)
8. 15 14 9. 12 41 10. 61 53 11. 67 65 12. 53 96(22) 13. 16 29 14. 87 59 15.
95(14) 18 16. 91(16) 25 17. 12 23 18. 89 56 19. 37 44 20. 77(30) 12 21. 59 12
22. 56 25 23. 12 66(28) 24. 12 23 25. 12 46 26. 93 67 27. 78 86 28. 12 52(48)
29. 12 56 30. 23 12 31. 78 12 32. 56 97(50) 33. 12 69 34. 91 12 35. 91 12 36. 23
45 37. 42(38) 12 38. 86X 12 39. 58 12 40. 89 82X 41. 12 57 42. 12 73(66) 43. 56
78 44. 89 25 45. 12 47 46. 45 94(70) 47. 12 57 48. 63(66) 78 49. 34 45 50. 67 82
51. 12 12 52. 89 78 53. 45 24 54. 72(68) 12 55. 56 45 56. 67 23 57. 56 34 58. 67
34 59. 97 12 60. 91 12 61. 79 78 62. 91 34 63. 78 47 64. 81(72) 59 65. 89 82 66.
12 24 67. 91 12 68. 91 12 0-1
`;

const GAME_1_MOVES = [
  5, 1, 2, 2, 5, 2, 1, 6, 1, 7, 1, 3, 1, 9, 5, 5, 1, 8, 9, 1, 6, 1, 3, 1, 9, 1, 2, 5, 5, 1, 8, 1, 7, 9, 1, 9, 2, 1, 9,
  5, 4, 1, 1, 1, 3, 9, 1, 7, 4, 6, 8, 6, 9, 5, 8, 6, 1, 5, 2, 1, 4, 8, 4, 8, 7, 1, 1, 9, 1, 1, 7, 3, 2, 3, 4, 4, 8, 7,
  8, 6, 3, 4, 1, 8, 7, 5, 2, 5, 4, 7, 8, 6, 6, 8, 8, 7, 8, 7, 7, 1, 6, 8, 8, 9, 7, 6, 8, 7, 3, 8, 1, 8, 2, 9, 1, 9, 2,
];
const GAME_2_MOVES = [
  9, 1, 2, 2, 2, 2, 7, 7, 8, 9, 2, 7, 7, 3, 1, 1, 1, 4, 6, 5, 6, 6, 5, 9, 1, 2, 8, 5, 9, 1, 9, 2, 1, 2, 8, 5, 3, 4, 7,
  1, 5, 1, 5, 2, 1, 6, 1, 2, 1, 4, 9, 6, 7, 8, 1, 5, 1, 5, 2, 1, 7, 1, 5, 9, 1, 6, 9, 1, 9, 1, 2, 4, 4, 1, 8, 1, 5, 1,
  8, 8, 1, 5, 1, 7, 5, 7, 8, 2, 1, 4, 4, 9, 1, 5, 6, 7, 3, 4, 6, 8, 1, 1, 8, 7, 4, 2, 7, 1, 5, 4, 6, 2, 5, 3, 6, 3, 9,
  1, 9, 1, 7, 7, 9, 3, 7, 4, 8, 5, 8, 8, 1, 2, 9, 1, 9, 1,
];

function expectError(text: string, pattern: RegExp, ply?: number): void {
  const r = parsePlayOk(text);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.message).toMatch(pattern);
  if (ply !== undefined) expect(r.error.ply).toBe(ply);
}

describe("PlayOK notation", () => {
  test("the opening of the example: 76(10) is pit 7 landing on Black's pit 6, captured into a kazan of 10", () => {
    const r = parsePlayOk("1. 76(10) 87(2) 2. 99 91 *");
    if (!r.ok) throw new Error(r.error.message);
    const [g] = r.value;
    expect(g.record.moves).toEqual([7, 8, 9, 9]);
    expect(view(g.states[1]).stores).toEqual([10, 0]);
    expect(view(g.states[2]).stores).toEqual([10, 2]);
    expect(g.outcome).toBeNull();
    // Written back the same way.
    expect(makePlayOk(g)).toContain("1. 76(10) 87(2) 2. 99 91 *");
  });

  test("a file of two games imports to the exact moves, with tuzdyks, captures and the end by atsyz", () => {
    const r = parsePlayOk(TWO_GAMES);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toHaveLength(2);
    const [a, b] = r.value;
    expect(a.record.moves).toEqual(GAME_1_MOVES);
    expect(b.record.moves).toEqual(GAME_2_MOVES);
    expect(a.record.players).toEqual(["Aigerim", "Daulet"]);
    expect(a.tags).toContainEqual(["Event", "Club evening"]);
    expect(a.outcome).toEqual({ winner: 0, reason: "atsyz" });
    expect(b.outcome).toEqual({ winner: 1, reason: "atsyz" });
    // 10. 92X: White's tuzdyk on Black's pit 2; 17... 95X: Black's on White's pit 5.
    expect(view(a.states[19]).tuzdyk).toEqual([2, null]);
    expect(view(a.states[34]).tuzdyk).toEqual([2, 5]);
    // No result in the record beyond the rules' own.
    expect(a.record.result).toBeUndefined();
    // Export gives back the same move text.
    const again = parsePlayOk(makePlayOk(a) + "\n" + makePlayOk(b));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.map((g) => g.record.moves)).toEqual([GAME_1_MOVES, GAME_2_MOVES]);
    expect(makePlayOk(a)).toContain("10. 92X 13");
  });

  test("moves glued to their numbers and comments are read", () => {
    const r = parsePlayOk("{opening} 1.76(10) 87(2) ; a capture each\n2.99 91 3.");
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value[0].record.moves).toEqual([7, 8, 9, 9]);
  });

  test("a game ended before the rules end it keeps the written result", () => {
    const r = parsePlayOk('[Result "0-1"]\n1. 76(10) 87(2) 0-1');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value[0].outcome).toEqual({ winner: 1, reason: "forfeit" });
    expect(r.value[0].record.result).toEqual({ winner: 1, reason: "forfeit" });
  });

  test("errors name the first move that cannot be read or played", () => {
    expectError("1. 76(10) 86(2) 2. 99 91", /move 1\.\.\. 86\(2\): the last stone lands in pit 7, not 6/, 1);
    expectError("1. 76(11) 87(2)", /move 1\. 76\(11\): White's kazan holds 10 after it, not 11/, 0);
    expectError("1. 76(10) 87(2) 2. 99(4) 91", /move 2\. 99\(4\): marked \(4\), but it captures nothing/, 2);
    expectError("1. 76X 87(2)", /move 1\. 76X: marked X, but it makes no tuzdyk/, 0);
    expectError("1. 76(10) 87(2) 2. 7a 91", /move 2\. 7a: cannot be read/, 2);
    expectError("1. 76(10) 87(2) 2. 99 91 3. 71 ", /move 3\. 71: the last stone lands in pit 8, not 1/, 4);
    expectError("1. 76(10) 61", /move 1\.\.\. 61: Black's pit 6 is empty/, 1);
    expectError("1. 76(10) 87(2) 3. 99 91", /move number 3\. where 2\. was expected/, 2);
    // The second game of a file is named as such.
    expectError(
      TWO_GAMES.replace("1. 98(10) 11(10)", "1. 98(10) 12(10)"),
      /game 2, move 1\.\.\. 12\(10\): the last stone lands in pit 1, not 2/,
      1,
    );
    // A result that contradicts the end by the rules.
    expectError(
      TWO_GAMES.replace("59. 23\n1-0", "59. 23\n0-1"),
      /game 1: the result 0-1 does not match the moves, which end 1-0 \(atsyz\)/,
    );
    // A move after the end.
    expectError(TWO_GAMES.replace("59. 23\n1-0", "59. 23 12 1-0"), /move 59\.\.\. 12: the game was already over/, 117);
  });
});

describe("JSON records", () => {
  test("JSON Lines, an array or one record; the error names the first illegal move", () => {
    const lines = '{"game":"togyz","options":{},"moves":[1,2]}\n{"game":"ayo","moves":[5,11]}\n';
    const r = parseJsonRecords(lines);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((x) => x.record.moves)).toEqual([
      [1, 2],
      [5, 11],
    ]);
    expect(r.value[1].record.options).toEqual({ vsComputer: false });
    const arr = parseRecords('[{"game":"tsoro-wta","options":{"holes":4,"seeds":2},"moves":[0]}]');
    if (!arr.ok) throw new Error(arr.error.message);
    expect(arr.value[0].record.options).toEqual({ holes: 4, seeds: 2 });
    const bad = parseJsonRecords('{"game":"ayo","moves":[5,11]}\n{"game":"ayo","moves":[1,1]}');
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.message).toBe("game 2, move 2 (1): it is not a legal move there");
      expect(bad.error.ply).toBe(1);
      expect(bad.error.gameIndex).toBe(1);
    }
    const unreadable = parseJsonRecords('{"game":"ayo","moves":[1,"x"]}');
    expect(!unreadable.ok && unreadable.error.message).toBe('game 1, move 2: "x" is not a move number');
    expect(parseJsonRecords("{oops").ok).toBe(false);
    expect(parseJsonRecords('{"game":"chess","moves":[]}').ok).toBe(false);
  });
});

interface Variant {
  game: GameId;
  options: Record<string, number | boolean> | undefined;
}

const variantArb: fc.Arbitrary<Variant> = fc.oneof(
  fc.constant<Variant>({ game: "togyz", options: undefined }),
  fc.boolean().map<Variant>((vsComputer) => ({ game: "ayo", options: { vsComputer } })),
  fc
    .tuple(
      fc.constantFrom<GameId>("tsoro-classic", "tsoro-wta"),
      fc.integer({ min: 4, max: 12 }),
      fc.integer({ min: 1, max: 10 }),
    )
    .map<Variant>(([game, holes, seeds]) => ({ game, options: { holes, seeds } })),
);

/** A game of random legal moves: to the end, or stopped after `stopAt` moves. */
function randomGame(v: Variant, picks: number[], stopAt: number): { record: GameRecord; final: State } {
  const g = newGame(v.game, v.options);
  if (!g.ok) throw new Error(g.error.message);
  let s = g.value;
  const moves: number[] = [];
  for (let i = 0; i < 500 && moves.length < stopAt; i++) {
    const ms = legalMoves(s);
    if (ms.length === 0) break;
    const m = ms[picks[i % picks.length] % ms.length];
    const r = play(s, m);
    if (!r.ok) throw new Error(r.error.message);
    moves.push(m);
    s = r.value.state;
  }
  return { record: { game: v.game, options: { ...s.engine.options }, moves }, final: s };
}

describe("round trips (property)", () => {
  test("every rule set: export as JSON, import, same moves and position; also through a share link", () => {
    expect(GAMES.length).toBe(4);
    fc.assert(
      fc.property(
        variantArb,
        fc.array(fc.nat(), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 500 }),
        fc.boolean(),
        (v, picks, stopAt, resigned) => {
          const { record, final } = randomGame(v, picks, stopAt);
          const over = view(final).result !== null;
          const rec: GameRecord =
            !over && resigned
              ? { ...record, result: { winner: 1, reason: "forfeit" }, players: ["Ana", 'Bo "B"'] }
              : record;
          const checked = replayRecord(rec);
          if (!checked.ok) throw new Error(checked.error.message);
          const back = parseJsonRecords(makeJsonRecord(checked.value.record));
          if (!back.ok) throw new Error(back.error.message);
          expect(back.value[0].record).toEqual(rec);
          expect(view(back.value[0].states[rec.moves.length])).toEqual(view(final));
          const shared = parseShareCode(makeShareCode(checked.value));
          if (!shared.ok) throw new Error(shared.error.message);
          expect(shared.value.record).toEqual(rec);
          expect(makeShareCode(checked.value)).toMatch(/^[A-Za-z0-9_-]+$/);
        },
      ),
      { numRuns: 150 },
    );
  });

  test("Togyz: export in PlayOK's notation, import, same moves, tuzdyks and result", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 0, max: 300 }),
        (picks, stopAt) => {
          const { record, final } = randomGame({ game: "togyz", options: undefined }, picks, stopAt);
          const checked = replayRecord({ ...record, players: ["White player", "Black"] });
          if (!checked.ok) throw new Error(checked.error.message);
          const text = makePlayOk(checked.value, [["Event", "Test"]]);
          const back = parsePlayOk(text);
          if (!back.ok) throw new Error(`${back.error.message}\n${text}`);
          expect(back.value).toHaveLength(1);
          expect(back.value[0].record.moves).toEqual(record.moves);
          expect(back.value[0].record.players).toEqual(["White player", "Black"]);
          expect(view(back.value[0].states[record.moves.length])).toEqual(view(final));
          expect(back.value[0].outcome).toEqual(view(final).result);
        },
      ),
      { numRuns: 150 },
    );
  });

  test("a broken share link is refused with a reason", () => {
    expect(parseShareCode("!!").ok).toBe(false);
    expect(parseShareCode("eyJnIjoiYXlvIn0").ok).toBe(true); // {"g":"ayo"}: an empty Ayo game
    const illegal = parseShareCode(btoa(JSON.stringify({ g: "ayo", m: "7" })).replace(/=+$/, ""));
    expect(!illegal.ok && illegal.error.message).toMatch(/move 1 \(7\): it is not a legal move there/);
  });
});

describe("bad input never crashes the readers", () => {
  test("any text: PlayOK and JSON readers return a result or a reason", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        for (const r of [parsePlayOk(text), parseJsonRecords(text), parseRecords(text)]) {
          if (!r.ok) expect(r.error.message.length).toBeGreaterThan(0);
        }
        const s = parseShareCode(text.replace(/[^A-Za-z0-9_-]/g, ""));
        if (!s.ok) expect(s.error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });

  test("a real record with one character changed: read exactly, or refused naming a game", () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(...'0123456789X()[]. \n"-/*'), (at, ch) => {
        const i = at % TWO_GAMES.length;
        const text = TWO_GAMES.slice(0, i) + ch + TWO_GAMES.slice(i + 1);
        const r = parsePlayOk(text);
        if (r.ok) {
          for (const g of r.value) expect(replayRecord(g.record).ok).toBe(true);
        } else {
          expect(r.error.message).toMatch(/^(game \d+|there is no game)/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
