import { describe, expect, test } from "vitest";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isLegal, newGame, playAll } from "../core/games/index.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsx = join(root, "node_modules", ".bin", "tsx");

function runEngine(input: string): string[] {
  const r = spawnSync(tsx, [join(root, "scripts", "engine.ts")], { input, encoding: "utf8", timeout: 60_000 });
  expect(r.status).toBe(0);
  return r.stdout.trim().split("\n");
}

describe("engine line protocol", () => {
  test("plays legal moves from the given position and answers bad input with an error", () => {
    const out = runEngine(
      [
        "isready",
        "new togyz",
        "moves 3 4",
        "level hard",
        "go 20000",
        "moves 3 10",
        'new tsoro-classic {"holes":4,"seeds":2}',
        "go 20",
        "new chess",
        "level impossible",
        "frobnicate",
        "quit",
        "go 10",
      ].join("\n") + "\n",
    );
    expect(out[0]).toBe("readyok");
    const best = /^bestmove (\d+) score (-?\d+) depth (\d+) nodes (\d+)$/.exec(out[1]);
    expect(best).not.toBeNull();
    const togyz = newGame("togyz");
    if (!togyz.ok) throw new Error("no togyz");
    const after = playAll(togyz.value, [3, 4]);
    if (!after.ok) throw new Error("bad moves");
    expect(isLegal(after.value, Number(best?.[1]))).toBe(true);
    expect(Number(best?.[3])).toBe(7); // hard searches seven plies (the time is only its cap)
    expect(out[2]).toMatch(/^error move 2 \(10\)/);
    const tsoro = /^bestmove (\d+) /.exec(out[3]);
    expect(Number(tsoro?.[1])).toBeLessThan(8);
    expect(out[4]).toMatch(/^error /);
    expect(out[5]).toMatch(/^error level must be one of/);
    expect(out[6]).toMatch(/^error unknown command/);
    expect(out).toHaveLength(7); // nothing after quit
  });
});
