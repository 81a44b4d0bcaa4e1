/**
 * Togyz's WebAssembly copy-make (togyz.wat, run by togyz-wasm.ts) against `playInto`: the same
 * position, cell for cell, after every move of random games, ends included; the search finds the
 * same move, score and node count with it as without it; the shipped bytes are the assembly of the
 * `.wat` file.
 */
import { describe, expect, test } from "vitest";
import { createSearcher } from "../ai/search.js";
import { evaluatorFor } from "../ai/levels.js";
import { togyzEngine } from "./togyz.js";
import { workspaceFor } from "./workspace.js";
import { perft } from "./perft.js";
import { TOGYZ_WASM_BASE64 } from "./togyz-wasm-bytes.js";
import { giveSlots, takeSlots } from "./togyz-wasm.js";
import { assembleTogyzWat } from "../../scripts/wasm-assemble.js";
import { makeRng } from "../ai/rng.js";

const e = togyzEngine;

describe("Togyz workspace", () => {
  test("every move of 3,000 random games gives playInto's position, cell for cell, game ends included", () => {
    const ws = workspaceFor(e, 3);
    expect(ws).not.toBeNull();
    const [cur, got] = ws!.bufs;
    const want = new Int32Array(e.size);
    const list = new Int32Array(9);
    const rng = makeRng(17);
    let moves = 0;
    let ends = 0;
    let laps = 0; // moves from a pit of 18 or more, which go round the board
    let withTuzdyk = 0;
    for (let g = 0; g < 3000; g++) {
      e.init(cur);
      for (;;) {
        const n = e.generate(cur, list);
        if (n === 0) break;
        if (cur[e.pits + 5] !== -1 || cur[e.pits + 6] !== -1) withTuzdyk++;
        for (let i = 0; i < n; i++) {
          if (cur[cur[e.pits + 2] * 9 + list[i] - 1] >= 18) laps++;
          got.fill(-5); // stale contents the move must overwrite
          want.fill(-7);
          e.playInto(cur, want, list[i]);
          ws!.play(0, 1, list[i]);
          moves++;
          if (want[e.pits + 7] !== 0) ends++;
          if (got.some((x, j) => x !== want[j])) expect([...got]).toEqual([...want]);
        }
        e.playInto(cur, cur, list[rng.below(n)]);
      }
    }
    expect(moves).toBeGreaterThan(1_000_000);
    expect(ends).toBeGreaterThan(3000);
    expect(laps).toBeGreaterThan(10_000);
    expect(withTuzdyk).toBeGreaterThan(10_000);
  });

  test("a slot outside the workspace is refused, not written", () => {
    const ws = workspaceFor(e, 2)!;
    e.init(ws.bufs[0]);
    expect(() => ws.play(0, 2, 1)).toThrow(RangeError);
    expect(() => ws.play(-1, 1, 1)).toThrow(RangeError);
    expect(workspaceFor(e, 0)).toBeNull();
    expect(workspaceFor(e, 1e9)).toBeNull(); // more than the memory holds
  });

  test("the search finds the same move, score and node count with the workspace as with playInto", () => {
    const fast = createSearcher(e, 16);
    const slow = createSearcher(e, 16, false);
    const rng = makeRng(5);
    const pos = new Int32Array(e.size);
    const list = new Int32Array(9);
    for (let g = 0; g < 12; g++) {
      e.init(pos);
      const plies = 10 + rng.below(60);
      for (let p = 0; p < plies; p++) {
        const n = e.generate(pos, list);
        if (n === 0) break;
        e.playInto(pos, pos, list[rng.below(n)]);
      }
      if (e.generate(pos, list) === 0) continue;
      const params = {
        maxDepth: 64,
        deadline: Infinity,
        maxNodes: 30_000,
        shouldStop: null,
        evaluate: evaluatorFor(e, "learned"),
        seed: g,
        solve: false,
        solveShare: 0.3,
        selective: true,
      };
      const a = fast.search(pos, params);
      const b = slow.search(pos, params);
      expect({ move: a.move, score: a.score, nodes: a.nodes, pv: a.pv }).toEqual({
        move: b.move,
        score: b.score,
        nodes: b.nodes,
        pv: b.pv,
      });
    }
  });

  test("runs of slots are taken first-fit and given back merged, in any order", () => {
    const free: [number, number][] = [[0, 100]];
    const a = takeSlots(free, 30);
    const b = takeSlots(free, 30);
    const c = takeSlots(free, 30);
    expect([a, b, c]).toEqual([0, 30, 60]);
    expect(takeSlots(free, 11)).toBe(-1);
    giveSlots(free, b, 30);
    expect(takeSlots(free, 31)).toBe(-1);
    expect(takeSlots(free, 20)).toBe(30); // first fit: the hole left by b
    giveSlots(free, 30, 20);
    giveSlots(free, c, 30);
    expect(free).toEqual([[30, 70]]);
    giveSlots(free, a, 30);
    expect(free).toEqual([[0, 100]]);
  });

  test("perft counts the same with the workspace as with playInto", () => {
    const start = new Int32Array(e.size);
    e.init(start);
    expect(perft(e, start, 6, false)).toBe(perft(e, start, 6, false, false));
    expect(perft(e, start, 6, false)).toBe(360035);
  });

  test("the shipped bytes are the assembly of togyz.wat (npm run -s wasm)", async () => {
    const bytes = await assembleTogyzWat();
    expect(Buffer.from(bytes).toString("base64")).toBe(TOGYZ_WASM_BASE64);
  });
});
