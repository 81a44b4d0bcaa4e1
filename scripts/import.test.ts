import { describe, expect, test } from "vitest";
import { spawnSync } from "node:child_process";

function npmRun(script: string, args: string[], input: string): { stdout: string; status: number | null } {
  const r = spawnSync("npm", ["run", "-s", script, "--", ...args], { input, encoding: "utf8", timeout: 60_000 });
  return { stdout: r.stdout, status: r.status };
}

const lines = (out: string): unknown[] =>
  out
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as unknown);

const PLAYOK = `[White "Aigerim"]
[Black "Daulet"]
[Result "*"]

1. 76(10) 87(2) 2. 99 91 *

[White "Saule"]
[Black "Yerlan"]
[Result "0-1"]

1. 76(10) 87(2) 0-1
`;

describe("import", () => {
  test("PlayOK records: one JSON record a game, which replay reads", () => {
    const r = npmRun("import", ["--format", "playok"], PLAYOK);
    expect(r.status).toBe(0);
    const out = lines(r.stdout);
    expect(out).toEqual([
      { game: "togyz", options: {}, moves: [7, 8, 9, 9], players: ["Aigerim", "Daulet"] },
      {
        game: "togyz",
        options: {},
        moves: [7, 8],
        result: { winner: 1, reason: "forfeit" },
        players: ["Saule", "Yerlan"],
      },
    ]);
    const replayed = lines(npmRun("replay", [], r.stdout).stdout);
    expect(replayed[0]).toMatchObject({ game: "togyz", stores: [10, 2], moveCount: 4, toMove: 0 });
    expect(replayed[1]).toMatchObject({ stores: [10, 2], moveCount: 2 });
  });

  test("a bad game names its first bad move; the others still come out; exit code 1", () => {
    const r = npmRun("import", ["--format", "playok"], PLAYOK.replace("2. 99 91", "2. 99 92"));
    expect(r.status).toBe(1);
    const out = lines(r.stdout);
    expect(out[0]).toEqual({ error: "game 1, move 2... 92: the last stone lands in pit 1, not 2", game: 1, ply: 3 });
    expect(out[1]).toMatchObject({ moves: [7, 8] });
  });

  test("JSON records are checked the same way, and options are normalised", () => {
    const input =
      '{"game":"tsoro-classic","options":{"holes":4,"seeds":1},"moves":[0]}\n{"game":"ayo","moves":[1,1]}\n';
    const r = npmRun("import", ["--format", "json"], input);
    expect(r.status).toBe(1);
    expect(lines(r.stdout)).toEqual([
      { game: "tsoro-classic", options: { holes: 4, seeds: 1 }, moves: [0] },
      { error: "game 2, move 2 (1): it is not a legal move there", game: 2, ply: 1 },
    ]);
    expect(npmRun("import", ["--format", "pgn"], input).status).toBe(2);
  });
});
