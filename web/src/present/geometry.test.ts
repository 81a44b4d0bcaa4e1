import { describe, expect, test } from "vitest";
import { makeEngine } from "../../../core/games/index.js";
import { stepMs, MIN_STEP_MS, STEP_MS } from "./animate.js";
import { boardHeights, countAt, fitBoard, fitUpright, makeLayout, MIN_PIT_PX } from "./geometry.js";

const engineOf = (game: string, options?: unknown) => {
  const e = makeEngine(game, options);
  if (!e.ok) throw new Error(e.error.message);
  return e.value;
};

describe("board layouts", () => {
  test.each([
    ["togyz", undefined, 2, 11, 18, 2],
    ["ayo", undefined, 2, 8, 12, 2],
    ["tsoro-classic", { holes: 8, seeds: 2 }, 4, 10, 32, 2],
    ["tsoro-wta", { holes: 5, seeds: 2 }, 4, 5, 20, 0],
  ] as const)("%s: its rows and columns, every pit once", (game, options, rows, cols, pits, stores) => {
    const l = makeLayout(engineOf(game, options), 0, false);
    expect([l.rows, l.cols, l.pits.length, l.stores.length]).toEqual([rows, cols, pits, stores]);
    expect(new Set(l.pits.map((p) => p.index)).size).toBe(pits);
    const cells = new Set(l.pits.map((p) => `${p.row},${p.col}`));
    expect(cells.size).toBe(pits);
  });

  test("the viewer's pits run along the bottom row, sowing left to right, store on the right", () => {
    for (const bottom of [0, 1] as const) {
      const l = makeLayout(engineOf("togyz"), bottom, false);
      const mine = l.pits.filter((p) => p.owner === bottom).sort((a, b) => a.index - b.index);
      expect(mine.map((p) => p.row)).toEqual(Array(9).fill(1));
      expect(mine.map((p) => p.col)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      // The opponent's pit 1 sits across from the viewer's pit 9 (sowing continues counter-clockwise).
      const theirs = l.pits.filter((p) => p.owner !== bottom).sort((a, b) => a.index - b.index);
      expect(theirs[0].col).toBe(9);
      expect(l.stores.find((s) => s.seat === bottom)?.col).toBe(10);
    }
  });

  test("an upright phone turns the togyz board: the viewer's row on the left, their kazan at the bottom", () => {
    const l = makeLayout(engineOf("togyz"), 0, true);
    expect(l.turned).toBe(true);
    expect([l.rows, l.cols]).toEqual([11, 2]);
    const mine = l.pits.filter((p) => p.owner === 0).sort((a, b) => a.index - b.index);
    expect(new Set(mine.map((p) => p.col))).toEqual(new Set([0]));
    expect(mine.map((p) => p.row)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(l.stores.find((s) => s.seat === 0)?.row).toBe(10);
    // Ayo stands upright too (its six pits a row would be width-bound lying flat): stores above and below.
    const ayo = makeLayout(engineOf("ayo"), 0, true);
    expect([ayo.turned, ayo.rows, ayo.cols]).toEqual([true, 8, 2]);
    expect(ayo.stores.find((s) => s.seat === 0)?.row).toBe(7);
    expect(ayo.stores.find((s) => s.seat === 1)?.row).toBe(0);
    expect(new Set(ayo.pits.map((p) => `${p.row},${p.col}`)).size).toBe(12);
    // A square Tsoro board (4 holes a row) lies flat, its stores above and below.
    const tsoro = makeLayout(engineOf("tsoro-classic", { holes: 4, seeds: 2 }), 0, true);
    expect([tsoro.turned, tsoro.rows, tsoro.cols]).toEqual([false, 6, 4]);
    expect(tsoro.stores.find((s) => s.seat === 0)).toMatchObject({ row: 5, col: 0, colSpan: 4 });
  });

  test("on an upright phone the hole size is the board's share of the height: Small the smallest pits, Large the most", () => {
    for (const [game, options, least] of [
      ["togyz", undefined, 48],
      ["ayo", undefined, 44],
      ["tsoro-wta", { holes: 8, seeds: 2 }, 40],
    ] as const) {
      const l = makeLayout(engineOf(game, options), 0, true);
      const [small, medium, large] = (["small", "medium", "large"] as const).map((h) =>
        fitUpright(l, game, 374, 660, h),
      );
      expect(small.pit).toBeGreaterThanOrEqual(least);
      expect(small.pit).toBeLessThanOrEqual(least + 1);
      expect(medium.pit).toBeGreaterThan(small.pit);
      // Large grows past Medium where the height bounds the board (a board the width bounds cannot).
      expect(large.pit).toBeGreaterThanOrEqual(game === "tsoro-wta" ? medium.pit : medium.pit + 4);
      expect(large.pit).toBeGreaterThanOrEqual(small.pit + 8);
      // Medium leaves the move list its strip.
      expect(medium.height).toBeLessThanOrEqual(660 - 66);
      for (const s of [small, medium, large]) {
        expect(s.height).toBeLessThanOrEqual(660);
        expect(s.width).toBeLessThanOrEqual(374.5);
        // Room beside each pit for its count (and number), inside the board.
        expect(Math.min(...s.cols.filter((c, i) => l.pits.some((p) => p.col === i)))).toBeGreaterThanOrEqual(
          s.pit + s.beside,
        );
      }
    }
  });

  test.each([4, 7, 12])(
    "tsoro with %i holes: each top hole faces the opponent's capturable holes in its column",
    (n) => {
      const e = engineOf("tsoro-classic", { holes: n, seeds: 2 });
      const l = makeLayout(e, 1, false);
      const at = new Map(l.pits.map((p) => [p.index, p]));
      const ring = 2 * n;
      for (let k = 0; k < n; k++) {
        const mineTop = at.get(ring + n + k); // seat 1 at the bottom: its top hole n+k
        const facing = at.get(n + (n - 1 - k)); // seat 0's top hole across
        const behind = at.get(k); // and the bottom hole behind it
        expect(mineTop?.row).toBe(2);
        expect(facing?.row).toBe(1);
        expect(behind?.row).toBe(0);
        expect(new Set([mineTop?.col, facing?.col, behind?.col]).size).toBe(1);
      }
      // Own bottom row left to right is holes 0..n-1.
      expect(Array.from({ length: n }, (_, h) => at.get(ring + h)?.col)).toEqual(
        Array.from({ length: n }, (_, i) => i + 1),
      );
    },
  );
});

describe("the height a board asks of the screen", () => {
  test("Winner Takes All on 8 holes turns upright on a phone, so its pits keep 44 px or more", () => {
    const e = engineOf("tsoro-wta", { holes: 8, seeds: 2 });
    const l = makeLayout(e, 0, true);
    expect(l.turned).toBe(true);
    const h = boardHeights(l, "tsoro-wta", 370, true);
    const fit = fitBoard(l, "tsoro-wta", { width: 370, height: h.want }, "large", true);
    expect(fit.pit).toBeGreaterThanOrEqual(44);
    // Five holes a row stay flat.
    expect(makeLayout(engineOf("tsoro-wta", { holes: 5, seeds: 2 }), 0, true).turned).toBe(false);
  });

  test.each([
    ["togyz", 370],
    ["ayo", 370],
    ["tsoro-classic", 370],
    ["togyz", 900],
  ] as const)(
    "%s at %i px wide: the least height gives the smallest pit, the wanted height a larger one",
    (game, width) => {
      const e = engineOf(game, game === "tsoro-classic" ? { holes: 8, seeds: 2 } : undefined);
      const upright = width < 500;
      const l = makeLayout(e, 0, upright);
      const h = boardHeights(l, game, width, upright);
      expect(h.want).toBeGreaterThanOrEqual(h.need);
      const least = fitBoard(l, game, { width, height: h.need }, "small", upright);
      expect(least.pit).toBeGreaterThanOrEqual(Math.floor(MIN_PIT_PX[game]) - 1);
      expect(least.height).toBeLessThanOrEqual(h.need + 1);
      const most = fitBoard(l, game, { width, height: h.want }, "large", upright);
      expect(most.height).toBeLessThanOrEqual(h.want + 1);
      expect(most.pit).toBeGreaterThanOrEqual(least.pit);
    },
  );
});

describe("board sizes", () => {
  // The board area an upright 390×844 phone leaves, and a 1280×800 desktop's.
  const phone = { width: 370, height: 610 };
  const desktop = { width: 1072, height: 590 };

  test.each(["small", "medium", "large"] as const)(
    "togyz upright, %s holes: at least 85 percent of the phone's width, pits ≥48 px, fits",
    (hole) => {
      const l = makeLayout(engineOf("togyz"), 0, true);
      const z = fitBoard(l, "togyz", phone, hole, true);
      expect(z.width).toBeGreaterThanOrEqual(0.85 * 390);
      expect(z.width).toBeLessThanOrEqual(phone.width + 0.5);
      expect(z.height).toBeLessThanOrEqual(phone.height + 0.5);
      expect(z.pit).toBeGreaterThanOrEqual(MIN_PIT_PX.togyz);
    },
  );

  test("the hole size moves the pit between the smallest allowed and the largest that fits", () => {
    const l = makeLayout(engineOf("togyz"), 0, false);
    const [s, m, g] = (["small", "medium", "large"] as const).map((h) => fitBoard(l, "togyz", desktop, h, false).pit);
    expect(s).toBeGreaterThanOrEqual(48);
    expect(s).toBeLessThan(m);
    expect(m).toBeLessThan(g);
    expect(fitBoard(l, "togyz", desktop, "large", false).width).toBeLessThanOrEqual(desktop.width + 0.5);
  });

  test.each([[4], [8], [12]])("tsoro with %i holes keeps pits ≥40 px on a phone and a desktop", (n) => {
    const e = engineOf("tsoro-classic", { holes: n, seeds: 2 });
    for (const [space, upright] of [
      [phone, true],
      [desktop, false],
    ] as const) {
      const z = fitBoard(makeLayout(e, 0, upright), "tsoro-classic", space, "small", upright);
      expect(z.pit).toBeGreaterThanOrEqual(40);
      expect(z.width).toBeLessThanOrEqual(space.width + 0.5);
      expect(z.height).toBeLessThanOrEqual(space.height + 0.5);
    }
  });

  test("a space too small for the smallest pit gets the largest pit that fits", () => {
    const z = fitBoard(makeLayout(engineOf("togyz"), 0, false), "togyz", { width: 300, height: 200 }, "large", false);
    expect(z.width).toBeLessThanOrEqual(300.5);
    expect(z.pit).toBeLessThan(48);
  });
});

describe("sowing speed", () => {
  const sows = (n: number) => Array.from({ length: n }, (_, i) => ({ t: "sow" as const, pit: i % 18 }));
  test.each(["slow", "normal", "fast"] as const)(
    "%s: a short move at full speed, a long chain never under the minimum per seed",
    (speed) => {
      expect(stepMs(speed, sows(5))).toBe(STEP_MS[speed]);
      expect(stepMs(speed, sows(400))).toBe(MIN_STEP_MS[speed]);
      expect(MIN_STEP_MS.fast).toBeGreaterThanOrEqual(30);
    },
  );
  test("reduced motion shows a move at once", () => {
    expect(stepMs("slow", sows(5), true)).toBe(0);
  });
});

describe("counts beside the pits", () => {
  test("turned: the viewer's counts on the left, the opponent's on the right; flat: bottom row below, others above", () => {
    for (const [game, options] of [
      ["togyz", undefined],
      ["tsoro-classic", { holes: 12, seeds: 2 }],
    ] as const) {
      const l = makeLayout(engineOf(game, options), 0, true);
      expect(l.turned).toBe(true);
      for (const p of l.pits) expect(countAt(l, p)).toBe(p.owner === 0 ? "left" : "right");
    }
    const flat = makeLayout(engineOf("togyz"), 1, false);
    for (const p of flat.pits) expect(countAt(flat, p)).toBe(p.owner === 1 ? "below" : "above");
  });
});
