/**
 * Round-robin pairings by Berger tables (FIDE Handbook C.05, Annex 1), for small classes: every
 * player meets every other once. Players are numbered 1..n in the given order; with an odd number a
 * dummy makes it even and whoever meets it has the round off. Each round's first board is the last
 * player's (second in odd rounds, first in even ones); on the other boards the player listed first
 * moves first.
 */
export interface RoundRobinBoard {
  readonly round: number;
  readonly board: number;
  readonly first: string;
  /** null: the round off (an odd number of players). */
  readonly second: string | null;
}

export function bergerRounds(ids: readonly string[]): RoundRobinBoard[] {
  const n = ids.length + (ids.length % 2);
  if (ids.length < 2) return [];
  const who = (k: number): string | null => (k <= ids.length ? ids[k - 1] : null);
  // Players 1..n-1 on a circle; player n stays put. Each round the circle turns n/2 - 1 places right.
  let circle = Array.from({ length: n - 1 }, (_, i) => i + 1);
  const out: RoundRobinBoard[] = [];
  for (let round = 1; round < n; round++) {
    const pairs: [number, number][] = [round % 2 === 1 ? [circle[0], n] : [n, circle[0]]];
    for (let i = 1; i < n / 2; i++) pairs.push([circle[i], circle[n - 1 - i]]);
    pairs.forEach(([a, b], k) => {
      const [pa, pb] = [who(a), who(b)];
      if (pa === null && pb === null) return;
      out.push(
        pa === null || pb === null
          ? { round, board: k + 1, first: (pa ?? pb) as string, second: null }
          : { round, board: k + 1, first: pa, second: pb },
      );
    });
    const turn = n / 2 - 1;
    circle = [...circle.slice(circle.length - turn), ...circle.slice(0, circle.length - turn)];
  }
  return out;
}
