import { describe, expect, test } from "vitest";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsx = join(root, "node_modules", ".bin", "tsx");

describe("arena", () => {
  test("plays the games with sides alternating and sums the points", () => {
    const r = spawnSync(
      tsx,
      [
        join(root, "scripts", "arena.ts"),
        "--game",
        "tsoro-classic",
        "--options",
        '{"holes":4,"seeds":2}',
        "--a",
        "normal",
        "--b",
        "easy",
        "--games",
        "4",
        "--seed",
        "3",
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(5);
    const games = lines.slice(0, 4);
    expect(games.map((g) => g.aSeat)).toEqual([0, 1, 0, 1]);
    expect(games[0].opening).toEqual(games[1].opening); // paired openings
    const summary = lines[4];
    expect(summary).toMatchObject({ a: "normal", b: "easy", games: 4 });
    const points = (who: string): number =>
      games.reduce((p, g) => p + (g.winner === who ? 1 : g.winner === null ? 0.5 : 0), 0);
    expect(summary.aPoints).toBe(points("a"));
    expect(summary.bPoints).toBe(points("b"));
    expect(summary.draws).toBe(games.filter((g) => g.winner === null).length);
  });

  test("plays against another command speaking the engine protocol, and reports Elo with its interval", () => {
    const cmd = `${JSON.stringify(tsx)} ${JSON.stringify(join(root, "scripts", "engine.ts"))}`;
    const r = spawnSync(
      tsx,
      [
        join(root, "scripts", "arena.ts"),
        "--game",
        "tsoro-classic",
        "--options",
        '{"holes":4,"seeds":2}',
        "--a",
        "normal",
        "--b",
        "easy",
        "--b-cmd",
        cmd,
        "--games",
        "4",
        "--seed",
        "5",
        "--balance",
        "0",
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(5);
    const games = lines.slice(0, 4);
    // The command's moves were played: its side made moves in every game (Easy's capture is depth 1).
    for (const g of games) expect((g.avgDepth as { b: number }).b).toBeGreaterThan(0);
    const summary = lines[4] as {
      b: string;
      aPoints: number;
      score: number;
      elo: number | null;
      elo95: (number | null)[];
    };
    expect(summary.b).toContain("easy (");
    expect(summary.score).toBeCloseTo(summary.aPoints / 4, 5);
    expect(summary.elo95).toHaveLength(2);
    if (summary.elo !== null && summary.elo95[0] !== null) expect(summary.elo95[0]).toBeLessThanOrEqual(summary.elo);
  });

  test("a command that does not speak the protocol ends the match with a clear error", () => {
    const r = spawnSync(
      tsx,
      [
        join(root, "scripts", "arena.ts"),
        "--game",
        "ayo",
        "--a",
        "easy",
        "--b-cmd",
        "echo hello",
        "--games",
        "2",
        "--balance",
        "0",
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/--b-cmd did not answer with a move/);
  });

  test("rejects an unknown level", () => {
    const r = spawnSync(
      tsx,
      [join(root, "scripts", "arena.ts"), "--game", "ayo", "--a", "grandmaster", "--b", "easy"],
      { encoding: "utf8" },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--a must be one of easy, normal, hard, crazy/);
  });
});
