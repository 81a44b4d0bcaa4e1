import { describe, expect, test } from "vitest";
import { spawnSync } from "node:child_process";
import { legalMoves, newGame, play, view } from "../core/games/index.js";

function npmRun(script: string, args: string[], input = ""): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync("npm", ["run", "-s", script, "--", ...args], { input, encoding: "utf8", timeout: 60_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

function lines(out: string): unknown[] {
  return out
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

describe("replay", () => {
  test("reports the final position of each record, and goes on after bad ones", () => {
    const input = [
      { game: "togyz", options: {}, moves: [1] },
      { game: "ayo", moves: [5, 11] },
      { game: "tsoro-wta", options: { holes: 4, seeds: 2 }, moves: [0, 1] },
      { game: "tsoro-classic", options: { holes: 4, seeds: 1 }, moves: [] },
      { game: "ayo", moves: [7] },
      { game: "chess", moves: [] },
      { game: "tsoro-classic", options: { holes: 13 }, moves: [] },
    ]
      .map((r) => JSON.stringify(r))
      .concat(["{not json", ""])
      .join("\n");
    const r = npmRun("replay", [], input);
    expect(r.status).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(8);
    expect(out[0]).toEqual({
      game: "togyz",
      board: [1, 10, 10, 10, 10, 10, 10, 10, 10, 9, 9, 9, 9, 9, 9, 9, 9, 9],
      stores: [0, 0],
      toMove: 1,
      moveCount: 1,
      result: null,
      tuzdyk: [null, null],
    });
    expect(out[1]).toEqual({
      game: "ayo",
      board: [5, 5, 5, 4, 0, 5, 5, 5, 5, 4, 0, 5],
      stores: [0, 0],
      toMove: 0,
      moveCount: 2,
      result: null,
    });
    expect(out[2]).toEqual({ error: "illegal move", at: 1 });
    expect(out[3]).toMatchObject({
      game: "tsoro-classic",
      board: new Array(16).fill(1),
      stores: [0, 0],
      toMove: 0,
      moveCount: 0,
    });
    expect(out[4]).toEqual({ error: "illegal move", at: 0 });
    expect(out[5]).toMatchObject({ error: "unknown game" });
    expect(out[6]).toMatchObject({ error: "invalid options" });
    expect(out[7]).toMatchObject({ error: "invalid json" });
  });

  test("whole games: the tool agrees with the engine, and a move after the end is illegal", () => {
    const records: { game: string; options?: object; moves: number[] }[] = [];
    const expected: unknown[] = [];
    const variants: [string, object | undefined][] = [
      ["togyz", undefined],
      ["ayo", { vsComputer: true }],
      ["tsoro-classic", { holes: 4, seeds: 1 }],
      ["tsoro-wta", { holes: 5, seeds: 3 }],
    ];
    for (const [game, options] of variants) {
      const g = newGame(game, options);
      if (!g.ok) throw new Error(g.error.message);
      let s = g.value;
      const moves: number[] = [];
      for (let i = 0; legalMoves(s).length > 0; i++) {
        const ms = legalMoves(s);
        const m = ms[(i * 7 + 3) % ms.length];
        moves.push(m);
        const r = play(s, m);
        if (!r.ok) throw new Error(r.error.message);
        s = r.value.state;
      }
      const v = view(s);
      expect(v.result).not.toBeNull();
      records.push({ game, options, moves }, { game, options, moves: [...moves, moves[0]] });
      expected.push(JSON.parse(JSON.stringify(v)), { error: "illegal move", at: moves.length });
    }
    const out = lines(npmRun("replay", [], records.map((r) => JSON.stringify(r)).join("\n")).stdout);
    expect(out).toEqual(expected);
  });
});

describe("perft", () => {
  test("prints one line per depth", () => {
    const r = npmRun("perft", ["--game", "togyz", "--depth", "3"]);
    expect(r.status).toBe(0);
    const out = lines(r.stdout) as { depth: number; nodes: number; ms: number }[];
    expect(out.map((l) => [l.depth, l.nodes])).toEqual([
      [1, 9],
      [2, 73],
      [3, 613],
    ]);
    expect(out.every((l) => typeof l.ms === "number" && l.ms >= 0)).toBe(true);
    expect(out.every((l) => (l as { bulk?: unknown }).bulk === true)).toBe(true);
  });

  test("--no-bulk makes every leaf move and says so, with the same counts", () => {
    const r = npmRun("perft", ["--game", "togyz", "--depth", "4", "--no-bulk"]);
    expect(r.status).toBe(0);
    const out = lines(r.stdout) as { depth: number; nodes: number; bulk: boolean }[];
    expect(out.map((l) => [l.depth, l.nodes, l.bulk])).toEqual([
      [1, 9, false],
      [2, 73, false],
      [3, 613, false],
      [4, 5199, false],
    ]);
  });

  test("takes options and refuses bad ones", () => {
    const ok = npmRun("perft", ["--game", "tsoro-wta", "--options", '{"holes":4,"seeds":2}', "--depth", "2"]);
    expect((lines(ok.stdout) as { nodes: number }[]).map((l) => l.nodes)).toEqual([8, 42]);
    const bad = npmRun("perft", ["--game", "tsoro-wta", "--options", '{"holes":40}', "--depth", "2"]);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/holes/);
  });
});
