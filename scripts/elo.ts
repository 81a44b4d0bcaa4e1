/**
 * Elo difference from a match score, with a 95% interval. The spread is taken over pairs of games
 * (the arena plays each opening twice, sides swapped), which is the honest unit when the openings
 * differ in how drawish or sharp they are; a lone last game counts as its own pair.
 */
export interface EloSummary {
  /** Points of A per game, 0..1. */
  readonly score: number;
  /** Elo of A over B; null when A won or lost every point (unbounded). */
  readonly elo: number | null;
  /** 95% interval of the Elo difference; an end is null when unbounded. */
  readonly elo95: readonly [number | null, number | null];
  /** Standard error of the score per game. */
  readonly se: number;
}

export function eloOf(score: number): number | null {
  if (score <= 0 || score >= 1) return null;
  return -400 * Math.log10(1 / score - 1) + 0; // + 0: no negative zero at an even score
}

/** `points` are A's points per game in order (1, 0.5 or 0); games 2k and 2k+1 share an opening. */
export function eloSummary(points: readonly number[]): EloSummary {
  const n = points.length;
  if (n === 0) return { score: 0.5, elo: null, elo95: [null, null], se: 0 };
  const pairs: number[] = [];
  for (let i = 0; i < n; i += 2) pairs.push(i + 1 < n ? (points[i] + points[i + 1]) / 2 : points[i]);
  const score = points.reduce((a, b) => a + b, 0) / n;
  let se: number;
  if (pairs.length > 1) {
    const mean = pairs.reduce((a, b) => a + b, 0) / pairs.length;
    const v = pairs.reduce((a, b) => a + (b - mean) ** 2, 0) / (pairs.length - 1);
    se = Math.sqrt(v / pairs.length);
  } else {
    se = Math.sqrt((score * (1 - score)) / n);
  }
  const round = (x: number | null): number | null => (x === null ? null : Math.round(x * 10) / 10);
  const lo = score - 1.96 * se;
  const hi = score + 1.96 * se;
  return {
    score: Math.round(score * 10000) / 10000,
    elo: round(eloOf(score)),
    elo95: [lo <= 0 ? null : round(eloOf(Math.min(lo, score))), hi >= 1 ? null : round(eloOf(Math.max(hi, score)))],
    se: Math.round(se * 10000) / 10000,
  };
}
