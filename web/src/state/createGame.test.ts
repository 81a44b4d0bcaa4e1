import { createEffect, createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import { newGame, playAll, toMove, view, type State, boardView } from "../../../core/games/index.js";
import { createSeries, type BestOf } from "../../../core/series.js";
import { createInlineAi } from "../ai/createAi.js";
import { createGame, type GameStore } from "./createGame.js";
import { createSaves } from "./createSaves.js";
import { createStats } from "./createStats.js";
import { memoryStorage, type KeyValue } from "./persist.js";
import { engineOptions, type MatchSetup, type SavedGame } from "./records.js";

function until(pred: () => boolean, ms = 10_000): Promise<void> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const tick = (): void => {
      if (pred()) resolve();
      else if (Date.now() - t0 > ms) reject(new Error("timed out"));
      else setTimeout(tick, 5);
    };
    tick();
  });
}

function record(setup: Partial<MatchSetup>, moves: number[] = [], bestOf: BestOf = 1): SavedGame {
  const full: MatchSetup = {
    game: "togyz",
    holes: 4,
    seeds: 1,
    opponent: "computer",
    level: "easy",
    speed: "fast",
    bestOf,
    ...setup,
  };
  return {
    id: "test-0001",
    setup: full,
    names: ["Aigerim", "Computer (Easy)"],
    series: createSeries(bestOf),
    moves,
    ended: null,
    recorded: false,
    createdAt: 1,
    updatedAt: 1,
  };
}

interface Rig {
  readonly game: GameStore;
  readonly kv: KeyValue;
  readonly saves: ReturnType<typeof createSaves>;
  readonly stats: ReturnType<typeof createStats>;
  dispose(): void;
}

function rig(rec: SavedGame, kv: KeyValue = memoryStorage()): Rig {
  return createRoot((dispose) => {
    const saves = createSaves(kv);
    const stats = createStats(kv);
    saves[1].put(rec);
    const game = createGame(rec, {
      ai: createInlineAi(),
      saves: saves[1],
      stats: stats[1],
      speed: () => "fast",
      random: () => 0.5,
    });
    return {
      game,
      kv,
      saves,
      stats,
      dispose() {
        game[1].dispose();
        dispose();
      },
    };
  });
}

function replayOf(rec: SavedGame): State {
  const s = newGame(rec.setup.game, engineOptions(rec.setup));
  if (!s.ok) throw new Error(s.error.message);
  const r = playAll(s.value, rec.moves);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("createGame against the computer", () => {
  test("a move is saved, animated, answered by the computer, and the board shows the engine's position", async () => {
    const r = rig(record({ game: "togyz" }));
    const [g, act] = r.game;
    expect(g.phase).toBe("idle");
    expect(g.legal).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(act.pick(11)).toBe(false); // not the player's pit
    expect(act.pick(2)).toBe(true);
    // Saved before the animation starts.
    expect(r.saves[0].games[0].moves).toEqual([3]);
    expect(g.phase).toBe("animating");
    await until(() => g.phase === "idle" && g.record.moves.length === 2);
    const saved = r.saves[1].get("test-0001");
    expect(saved?.moves.length).toBe(2);
    const s = replayOf(saved as SavedGame);
    expect(g.display).toEqual(boardView(s));
    expect(g.toMove).toBe(toMove(s));
    // The last move is the computer's, marked on its side.
    expect(g.lastFrom).toBeGreaterThanOrEqual(9);
    expect(g.said).toContain("Computer");
    r.dispose();
  });

  test('the turn stays with the mover until the sowing has been shown; no "+n" is left when the pits take a move', async () => {
    const r = rig(record({ game: "togyz" }));
    const [g, act] = r.game;
    const seen: { toMove: number; phase: string; legal: number; flights: number }[] = [];
    const stop = createRoot((dispose) => {
      createEffect(() =>
        seen.push({ toMove: g.toMove, phase: g.phase, legal: g.legal.length, flights: g.flights.length }),
      );
      return dispose;
    });
    // Pit 7 ends in the computer's pit 6, making it even: a capture, so a "+10" flies.
    expect(act.pick(6)).toBe(true);
    await until(
      () => (g.phase === "idle" && g.record.moves.length >= 3) || (g.phase === "idle" && g.record.moves.length === 2),
    );
    stop();
    const animating = seen.filter((x) => x.phase === "animating");
    expect(animating.length).toBeGreaterThan(0);
    // While the player's own move is animated the turn is still the player's.
    const firstComputer = seen.findIndex((x) => x.toMove === 1);
    expect(seen.slice(0, firstComputer).some((x) => x.phase === "animating" && x.flights > 0)).toBe(true);
    expect(seen[firstComputer].phase).not.toBe("animating");
    expect(seen.filter((x) => x.legal > 0 && x.flights > 0)).toEqual([]);
    expect(g.said).toMatch(/^Computer sowed from pit \d/);
    r.dispose();
  });

  test("undo takes back the computer's reply and the player's move", async () => {
    const r = rig(record({ game: "ayo" }));
    const [g, act] = r.game;
    expect(act.canUndo()).toBe(false);
    act.pick(1);
    await until(() => g.phase === "idle" && g.record.moves.length === 2);
    expect(act.canUndo()).toBe(true);
    act.undo();
    expect(g.record.moves).toEqual([]);
    expect(r.saves[1].get("test-0001")?.moves).toEqual([]);
    expect(g.display.board).toEqual(Array(12).fill(4));
    expect(g.lastFrom).toBeNull();
    expect(g.phase).toBe("idle");
    r.dispose();
  });

  test("pause holds the computer's move until play", async () => {
    const r = rig(record({ game: "togyz" }));
    const [g, act] = r.game;
    act.pick(0);
    act.togglePause();
    await new Promise((res) => setTimeout(res, 150));
    expect(g.record.moves.length).toBe(1);
    expect(g.paused).toBe(true);
    act.togglePause();
    await until(() => g.record.moves.length === 2 && g.phase === "idle");
    r.dispose();
  });

  test("forfeiting the whole series loses it, counts a loss once, and shows the results", async () => {
    const r = rig(record({ game: "togyz" }, [], 3));
    const [g, act] = r.game;
    act.forfeit(true);
    expect(g.record.series.over).toBe(true);
    expect(g.record.series.winner).toBe(1);
    expect(g.record.series.end).toBe("forfeit");
    expect(g.outcome).toEqual({ winner: 1, reason: "forfeit" });
    expect(r.stats[1].get("togyz", "easy")).toMatchObject({ losses: 1, wins: 0, streak: 0 });
    await until(() => g.showResults);
    act.forfeit(true);
    expect(r.stats[1].get("togyz", "easy").losses).toBe(1);
    r.dispose();
  });

  test("in a series the starter alternates: game 2 is opened by the computer, the player's side stays at the bottom", async () => {
    const r = rig(record({ game: "ayo" }, [], 3));
    const [g, act] = r.game;
    act.forfeit(false);
    expect(g.record.series.over).toBe(false);
    expect(g.record.series.score).toEqual([0, 1]);
    await until(() => g.showResults);
    act.nextGame();
    expect(act.humanSeat()).toBe(1);
    expect(g.bottom).toBe(1);
    await until(() => g.record.moves.length === 1 && g.phase === "idle");
    expect(g.legal.every((p) => p >= 6)).toBe(true);
    expect(act.nameOf(1)).toBe("Aigerim");
    r.dispose();
  });

  test("a saved game comes back where it was, with its last move marked", () => {
    const kv = memoryStorage();
    const rec = record({ game: "togyz" }, [3, 5, 7, 1]);
    const r = rig(rec, kv);
    const [g] = r.game;
    const s = replayOf(rec);
    expect(g.display).toEqual(boardView(s));
    expect(g.lastFrom).toBe(9); // seat 1's pit 1, the fourth move
    expect(g.moveCount).toBe(4);
    r.dispose();
  });

  test("a whole small Tsoro game to the end: the result and the statistics are recorded once", async () => {
    const r = rig(record({ game: "tsoro-classic", holes: 4, seeds: 1 }));
    const [g, act] = r.game;
    let i = 0;
    while (g.phase !== "over") {
      await until(() => g.phase === "idle" || g.phase === "over", 20_000);
      if (g.phase === "idle") act.pick(g.legal[i++ % g.legal.length]);
    }
    await until(() => g.showResults);
    const s = replayOf(r.saves[1].get("test-0001") as SavedGame);
    const v = view(s);
    expect(v.result).not.toBeNull();
    expect(g.outcome).toEqual(v.result);
    const st = r.stats[1].get("tsoro-classic", "easy");
    expect(st.wins + st.losses + st.draws).toBe(1);
    expect(st.wins).toBe(v.result?.winner === 0 ? 1 : 0);
    expect(g.record.series.over).toBe(true);
    r.dispose();
  });
});

describe("createGame between two people", () => {
  test("the board turns to whoever is to move", async () => {
    const r = rig({ ...record({ game: "ayo", opponent: "local" }), names: ["Ade", "Bisi"] });
    const [g, act] = r.game;
    expect(g.bottom).toBe(0);
    act.pick(0);
    await until(() => g.phase === "idle");
    expect(g.bottom).toBe(1);
    expect(g.legal.every((p) => p >= 6)).toBe(true);
    act.pick(g.legal[0]);
    await until(() => g.phase === "idle" && g.record.moves.length === 2);
    expect(g.bottom).toBe(0);
    r.dispose();
  });

  test("pass and play: Undo takes back the last move, whoever made it, and the board turns back", async () => {
    const r = rig({ ...record({ game: "ayo", opponent: "local" }), names: ["Ade", "Bisi"] });
    const [g, act] = r.game;
    expect(act.canUndo()).toBe(false);
    act.pick(0);
    await until(() => g.phase === "idle" && g.record.moves.length === 1);
    expect(g.bottom).toBe(1);
    expect(act.canUndo()).toBe(true);
    act.undo();
    expect(g.record.moves).toEqual([]);
    expect(g.bottom).toBe(0);
    expect(g.display.board).toEqual(Array(12).fill(4));
    expect(g.lastFrom).toBeNull();
    act.pick(2);
    await until(() => g.phase === "idle" && g.record.moves.length === 1);
    act.pick(g.legal[0]);
    await until(() => g.phase === "idle" && g.record.moves.length === 2);
    act.undo();
    expect(g.record.moves).toEqual([3]);
    expect(g.toMove).toBe(1);
    r.dispose();
  });

  test("Ayo: either player may offer to end on the current score; the other decides", async () => {
    const r = rig({ ...record({ game: "ayo", opponent: "local" }), names: ["Ade", "Bisi"] });
    const [g, act] = r.game;
    act.offerEnd();
    expect(g.endOffer).toBe(0);
    act.answerEnd(false);
    expect(g.endOffer).toBeNull();
    expect(g.phase).toBe("idle");
    act.offerEnd();
    act.answerEnd(true);
    expect(g.outcome).toEqual({ winner: null, reason: "agreed" });
    // A drawn game counts for neither player: the series goes on to a replay.
    expect(g.record.series).toMatchObject({ over: false, draws: 1, score: [0, 0] });
    expect(r.stats[1].get("ayo", "easy")).toMatchObject({ wins: 0, losses: 0, draws: 0 });
    r.dispose();
  });
});
