import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Edge, maxWeightMatching } from "./matching.js";

/** Every matching of the graph by exhaustion: the best (cardinality first when asked, then weight). */
function brute(n: number, edges: readonly Edge[], maxCardinality: boolean): { size: number; weight: number } {
  const w = new Map<string, number>();
  for (const [i, j, x] of edges) {
    const key = `${Math.min(i, j)},${Math.max(i, j)}`;
    w.set(key, Math.max(w.get(key) ?? -Infinity, x));
  }
  let best = { size: 0, weight: 0 };
  const used = Array<boolean>(n).fill(false);
  const walk = (v: number, size: number, weight: number): void => {
    if (v === n) {
      const better = maxCardinality
        ? size > best.size || (size === best.size && weight > best.weight)
        : weight > best.weight;
      if (better) best = { size, weight };
      return;
    }
    if (used[v]) return walk(v + 1, size, weight);
    walk(v + 1, size, weight);
    used[v] = true;
    for (let u = v + 1; u < n; u++) {
      const x = w.get(`${v},${u}`);
      if (x === undefined || used[u]) continue;
      used[u] = true;
      walk(v + 1, size + 1, weight + x);
      used[u] = false;
    }
    used[v] = false;
  };
  walk(0, 0, 0);
  return best;
}

const graph = fc.integer({ min: 2, max: 9 }).chain((n) =>
  fc.tuple(
    fc.constant(n),
    fc
      .uniqueArray(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })), {
        selector: ([a, b]) => `${Math.min(a, b)},${Math.max(a, b)}`,
        maxLength: (n * (n - 1)) / 2,
      })
      .map((pairs) => pairs.filter(([a, b]) => a !== b)),
    fc.array(fc.integer({ min: -5, max: 40 }), { minLength: 40, maxLength: 40 }),
  ),
);

describe("maxWeightMatching", () => {
  it("matches the reference's small worked cases", () => {
    expect(maxWeightMatching([[0, 1, 1]], false)).toEqual([1, 0]);
    expect(
      maxWeightMatching(
        [
          [1, 2, 10],
          [2, 3, 11],
        ],
        false,
      ),
    ).toEqual([-1, -1, 3, 2]);
    // A blossom with a pendant edge (mwmatching's test 20).
    expect(
      maxWeightMatching(
        [
          [1, 2, 8],
          [1, 3, 9],
          [2, 3, 10],
          [3, 4, 7],
        ],
        false,
      ),
    ).toEqual([-1, 2, 1, 4, 3]);
    // Maximum cardinality over weight.
    expect(
      maxWeightMatching(
        [
          [1, 2, 2],
          [1, 3, -2],
          [2, 3, 1],
          [2, 4, -1],
          [3, 4, -6],
        ],
        true,
      ),
    ).toEqual([-1, 3, 4, 1, 2]);
  });

  it("finds the best matching an exhaustive search finds", () => {
    fc.assert(
      fc.property(graph, fc.boolean(), ([n, pairs, ws], card) => {
        const edges: Edge[] = pairs.map(([a, b], k) => [a, b, ws[k % ws.length]]);
        const mate = maxWeightMatching(edges, card);
        // A matching: symmetric, over existing edges.
        let size = 0;
        let weight = 0;
        mate.forEach((u, v) => {
          if (u < 0) return;
          expect(mate[u]).toBe(v);
          if (v < u) {
            const e = edges.find(([a, b]) => (a === v && b === u) || (a === u && b === v));
            expect(e).toBeDefined();
            size++;
            weight += e?.[2] ?? 0;
          }
        });
        const best = brute(n, edges, card);
        if (card) expect(size).toBe(best.size);
        expect(weight).toBe(best.weight);
      }),
      { numRuns: 3000 },
    );
  });
});
