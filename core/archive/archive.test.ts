import { describe, expect, test } from "vitest";
import { legalMoves, newGame, outcome, play, type State } from "../games/index.js";
import { makeMatch } from "../ranked/game.js";
import type { MatchRecord } from "../ranked/types.js";
import {
  makeArchivedGame,
  makeArchivedResponse,
  makePlayerGameRow,
  outcomeFor,
  rankLive,
  type LiveGame,
} from "./archive.js";

const seat = (playerId: string, rating: number) => ({ playerId, name: playerId, rating, rd: 80, vol: 0.06, games: 30 });

/** A whole Togyz game of first legal moves, ended, as the match record the server keeps. */
function longTogyz(): MatchRecord {
  let s: State = (newGame("togyz") as { ok: true; value: State }).value;
  const moves: number[] = [];
  while (outcome(s) === null && moves.length < 400) {
    const m = legalMoves(s)[moves.length % legalMoves(s).length];
    moves.push(m);
    s = (play(s, m) as { ok: true; value: { state: State } }).value.state;
  }
  const m = makeMatch({
    id: "abcdefghijklmnop",
    game: "togyz",
    options: {},
    seats: [seat("A".repeat(43), 1700), seat("B".repeat(43), 1650)],
    conns: [null, null],
    clock: { initialMs: 600_000, incrementMs: 5_000 },
    now: 1_000,
  });
  return {
    ...m,
    moves,
    moveMs: moves.map((_, i) => 1000 + ((i * 7919) % 30_000)),
    status: "finished",
    result: outcome(s),
    rated: true,
    endedAt: 2_000_000,
  };
}

describe("the archive's records", () => {
  test("a whole Togyz game's archive item stays small: its size, and what each move adds", () => {
    const m = longTogyz();
    const changes = [
      { before: 1700, after: 1710, rd: 78 },
      { before: 1650, after: 1640, rd: 78 },
    ] as const;
    const g = makeArchivedGame(m, changes, { initialMs: 600_000, incrementMs: 5_000 });
    const bytes = JSON.stringify(g).length;
    const empty = JSON.stringify({ ...g, moves: [], moveMs: [] }).length;
    const perMove = (bytes - empty) / g.moves.length;
    // docs/archive.md: about 650 bytes of JSON without the moves, under 8 a move (a move and its time).
    expect(g.moves.length).toBeGreaterThan(50);
    expect(perMove).toBeLessThan(8);
    expect(empty).toBeLessThan(1024);
    expect(g.seats[0]).toMatchObject({ ratingBefore: 1700, ratingAfter: 1710, rdAfter: 78 });
    const r = makeArchivedResponse(g);
    expect(r.notation).toHaveLength(g.moves.length);
    expect(r.playok?.startsWith('[Date "1970.01.01"]')).toBe(true);
  });

  test("a player's row is told from their side", () => {
    const g = makeArchivedGame(longTogyz(), null, { initialMs: 1, incrementMs: 0 });
    const w = g.result?.winner;
    expect(w === 0 || w === 1).toBe(true);
    const row0 = makePlayerGameRow(g, 0);
    const row1 = makePlayerGameRow(g, 1);
    expect([row0.outcome, row1.outcome].sort()).toEqual(["loss", "win"]);
    expect(row0.opponent.playerId).toBe("B".repeat(43));
    expect(row0).toMatchObject({ rated: false, ratingAfter: null });
    expect(outcomeFor(null, 0)).toBe("aborted");
    expect(outcomeFor({ winner: null, reason: "kazan-draw" }, 1)).toBe("draw");
  });

  test("live games rank by the pair's summed rating, then the newer", () => {
    const live = (id: string, a: number, b: number, at: number): LiveGame => ({
      id,
      game: "ayo",
      preset: null,
      seats: [
        { playerId: "a", name: "a", rating: a },
        { playerId: "b", name: "b", rating: b },
      ],
      createdAt: at,
    });
    expect(
      rankLive([live("x", 1500, 1500, 1), live("y", 1900, 1200, 2), live("z", 1600, 1500, 0)]).map((g) => g.id),
    ).toEqual(["y", "z", "x"]);
  });
});
