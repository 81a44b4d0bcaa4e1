/**
 * A small seeded generator (mulberry32) so that every random choice of the computer player is
 * repeatable under a seed. Pure: no platform randomness, no clock.
 */
export interface Rng {
  /** A 32-bit unsigned integer. */
  nextU32(): number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
}

export function makeRng(seed: number): Rng {
  let a = seed | 0;
  const nextU32 = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    nextU32,
    next: () => nextU32() / 4294967296,
    below: (n) => Math.floor((nextU32() / 4294967296) * n),
  };
}

/** Mixes two integers into a seed (for per-move seeds derived from a game seed and a ply). */
export function mixSeed(a: number, b: number): number {
  let h = Math.imul((a | 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul((b | 0) + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x27d4eb2f);
  return (h ^ (h >>> 15)) | 0;
}
