/**
 * Each mode's store read as a game table: the seats, names, scores, turn, legal pits and result the
 * table's components show. (The friend room's adapter is tested with its store in
 * state/createFriendRoom.test.ts.)
 */
import { createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import { newGame, playAll, score, toMove, type State } from "../../../../core/games/index.js";
import { makeDeviceKeys } from "../../../../core/identity.js";
import { createSeries } from "../../../../core/series.js";
import type { MatchView, RankedServerMessage } from "../../../../core/protocol/ranked.js";
import { replayRecord } from "../../../../core/records/index.js";
import { createInlineAi } from "../../ai/createAi.js";
import { LESSONS } from "../../content/lessons.js";
import { legalPits } from "../../present/moves.js";
import { createGame } from "../../state/createGame.js";
import { createLesson } from "../../state/createLesson.js";
import { createRanked } from "../../state/createRanked.js";
import { createSaves } from "../../state/createSaves.js";
import { createStats } from "../../state/createStats.js";
import { memoryStorage } from "../../lib/persist.js";
import type { SavedGame } from "../../state/records.js";
import { lessonTable } from "./lesson.js";
import { playTable } from "./play.js";
import { rankedTable } from "./ranked.js";
import { createReplayTable } from "./replay.js";

const until = async (ok: () => boolean, ms = 10_000): Promise<void> => {
  const t0 = Date.now();
  while (!ok()) {
    if (Date.now() - t0 > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
};

function position(game: "togyz" | "ayo" | "tsoro-wta", moves: readonly number[], options?: object): State {
  const s = newGame(game, options);
  if (!s.ok) throw new Error(s.error.message);
  const p = playAll(s.value, moves);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

describe("the local game as a table", () => {
  const saved = (opponent: "computer" | "local", moves: number[] = []): SavedGame => ({
    id: "t-1",
    setup: { game: "togyz", holes: 4, seeds: 1, opponent, level: "easy", speed: "fast", bestOf: 3 },
    names: ["Aigerim", opponent === "computer" ? "Computer (Easy)" : "Bola"],
    series: createSeries(3),
    moves,
    ended: null,
    recorded: false,
    createdAt: 1,
    updatedAt: 1,
  });
  const open = (rec: SavedGame) =>
    createRoot((dispose) => {
      const kv = memoryStorage();
      const saves = createSaves(kv);
      saves[1].put(rec);
      const game = createGame(rec, {
        ai: createInlineAi(),
        saves: saves[1],
        stats: createStats(kv)[1],
        speed: () => "fast",
        random: () => 0.5,
      });
      return { game, table: playTable(game), dispose: () => (game[1].dispose(), dispose()) };
    });

  test("against the computer: the player at the bottom, names spoken as You and Computer, a pick is a move", async () => {
    const { game, table, dispose } = open(saved("computer"));
    expect(table.bottom()).toBe(0);
    expect(table.names()).toEqual(["Aigerim", "Computer (Easy)"]);
    expect(table.spoken?.()).toEqual(["You", "Computer"]);
    expect(table.toMove()).toBe(0);
    expect(table.legal()).toEqual(legalPits(table.position() as State));
    table.move?.(table.legal()[0]);
    await until(() => game[0].record.moves.length === 2 && game[0].phase === "idle");
    const st = table.position() as State;
    expect(toMove(st)).toBe(0);
    expect([table.score(0), table.score(1)]).toEqual([score(st, 0), score(st, 1)]);
    table.pause?.(true);
    expect(table.legal()).toEqual([]);
    table.pause?.(false);
    expect(table.legal().length).toBeGreaterThan(0);
    dispose();
  });

  test("pass and play: the player to move sits at the bottom; a forfeit ends the game with the table's result", () => {
    const { game, table, dispose } = open(saved("local", [1]));
    expect(table.bottom()).toBe(1);
    expect(table.spoken?.()).toEqual(["Aigerim", "Bola"]);
    expect(table.result()).toBeNull();
    table.forfeit?.(false);
    expect(table.result()).toEqual({ winner: 0, reason: "forfeit" });
    expect(table.toMove()).toBeNull();
    expect(table.legal()).toEqual([]);
    expect(game[0].record.series.score).toEqual([1, 0]);
    dispose();
  });
});

describe("a ranked game as a table", () => {
  const keys = makeDeviceKeys(new Uint8Array(32).fill(9));
  const match = (extra: Partial<MatchView> = {}): MatchView => ({
    id: "m1",
    game: "tsoro-wta",
    options: { holes: 4, seeds: 1 },
    seats: [
      { playerId: "b", name: "Tendai", rating: 1620, provisional: false },
      { playerId: keys.playerId, name: "Aigerim", rating: 1500, provisional: true },
    ],
    moves: [],
    version: 0,
    toMove: 0,
    clocks: [5_000, 4_000],
    increment: 0,
    serverTime: 0,
    status: "active",
    result: null,
    rated: true,
    endOffer: null,
    graceUntil: [null, null],
    ...extra,
  });

  test("the player's seat at the bottom as You, the server's clocks, Winner Takes All scored by core", () => {
    let push: ((m: RankedServerMessage) => void) | null = null;
    const { store, table, dispose } = createRoot((dispose) => {
      const store = createRanked({
        keys,
        name: () => "Aigerim",
        speed: () => "fast",
        now: () => 0,
        connect: (h) => {
          push = (m) => h.onMessage(m);
          queueMicrotask(() => h.onOpen());
          return { send: () => true, dispose: () => undefined };
        },
      });
      return { store, table: rankedTable(store), dispose: () => (store[1].dispose(), dispose()) };
    });
    if (push === null) throw new Error("not connected");
    const send = push as (m: RankedServerMessage) => void;
    send({ type: "ranked.start", seat: 1, match: match() });
    expect(store[0].phase).toBe("playing");
    expect(table.bottom()).toBe(1);
    expect(table.names()).toEqual(["Tendai", "You"]);
    expect(table.toMove()).toBe(0);
    expect(table.legal()).toEqual([]);
    expect(table.clock?.(1)).toBe(4_000);
    const st = table.position() as State;
    expect([table.score(0), table.score(1)]).toEqual([score(st, 0), score(st, 1)]);
    // 4 holes a row, two rows a side, one seed each: 8 seeds on each side at the start.
    expect(table.score(1)).toBe(8);
    send({
      type: "ranked.end",
      seat: 1,
      match: match({ status: "finished", result: { winner: 1, reason: "forfeit" } }),
      changes: [
        { before: 1620, after: 1600, rd: 60 },
        { before: 1500, after: 1540, rd: 280 },
      ],
    });
    expect(table.result()).toEqual({ winner: 1, reason: "forfeit" });
    expect(table.toMove()).toBeNull();
    dispose();
  });
});

describe("a replay as a table", () => {
  test("steps through a record: one step forward is sown, a jump shown at once; nothing can be played", async () => {
    const moves = [3, 7, 2];
    const r = replayRecord({ game: "togyz", options: {}, moves, players: ["Ada", "Bola"] });
    if (!r.ok) throw new Error(r.error.message);
    const t = createRoot((dispose) => ({
      ...createReplayTable(r.value, { names: ["Ada", "Bola"], speed: () => "fast" }),
      dispose,
    }));
    const m = t.model;
    expect([t.step(), t.length]).toEqual([0, 3]);
    expect(m.legal()).toEqual([]);
    expect(m.move).toBeUndefined();
    t.go(1);
    expect(m.shown.animating).toBe(true);
    await until(() => !m.shown.animating);
    const after1 = position("togyz", moves.slice(0, 1));
    expect(m.shown.display.board).toEqual(Array.from(after1.buf.subarray(0, 18)));
    expect(m.toMove()).toBe(1);
    t.go(3);
    expect(m.shown.animating).toBe(false);
    const end = position("togyz", moves);
    expect([m.score(0), m.score(1)]).toEqual([score(end, 0), score(end, 1)]);
    t.turnBoard();
    expect(m.bottom()).toBe(1);
    t.dispose();
  });
});

describe("a lesson as a table", () => {
  test("the mover at the bottom as You; only the lesson's pit is legal once the prediction is made", async () => {
    const lesson = LESSONS.find((l) => l.game === "togyz");
    if (lesson === undefined) throw new Error("no lesson");
    const { s, act, table, dispose } = createRoot((dispose) => {
      const [s, act] = createLesson(lesson, () => "fast");
      return { s, act, table: lessonTable(s, act), dispose: () => (act.dispose(), dispose()) };
    });
    const mover = toMove(act.state());
    expect(table.bottom()).toBe(mover);
    expect(table.names()[mover]).toBe("You");
    expect(table.legal()).toEqual([]);
    act.predict(lesson.choices[0].text);
    expect(table.legal()).toEqual([s.target]);
    table.move?.(s.target);
    await until(() => s.step === "done");
    expect(table.toMove()).toBeNull();
    dispose();
  });
});
