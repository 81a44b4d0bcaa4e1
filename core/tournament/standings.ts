/**
 * Swiss standings: points and the tiebreaks of FIDE's tie-break regulations (Handbook C.02), in an
 * order the organiser chooses. A pure function of the entrants and the boards, so anyone can
 * recompute the table from `GET /api/tournaments/{id}/games`.
 *
 * Unplayed rounds (a bye, a forfeit, a round missed by a late entrant) count for Buchholz and
 * Sonneborn–Berger as a game against a virtual opponent who starts the round on the player's score
 * and draws every later round (C.02, the 2009 rule for unplayed games).
 */
import { halvesOf, opponentOf, pairingOrder, type Board, type Entrant } from "./types.js";

export const TIEBREAKS = ["buchholz", "buchholzCut1", "median", "sonnebornBerger", "direct", "wins"] as const;
export type Tiebreak = (typeof TIEBREAKS)[number];
export const DEFAULT_TIEBREAKS: readonly Tiebreak[] = ["buchholzCut1", "buchholz", "sonnebornBerger", "direct", "wins"];

export interface StandingRow {
  readonly rank: number;
  readonly id: string;
  readonly name: string;
  readonly rating: number;
  /** Pairing number (from 1). */
  readonly number: number;
  readonly points: number;
  readonly played: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly tiebreaks: Readonly<Record<Tiebreak, number>>;
}

export interface StandingsInput {
  readonly entrants: readonly Entrant[];
  readonly boards: readonly Board[];
  readonly byeHalves: number;
  readonly order?: readonly Tiebreak[];
}

interface Tally {
  readonly entrant: Entrant;
  readonly number: number;
  halves: number;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  /** Per round: the opponent's value for Buchholz (points) and the result (points). */
  readonly rounds: { opp: string | null; virtual: number | null; result: number }[];
}

const isDone = (b: Board): boolean => b.second === null || b.result !== null;

export function swissStandings(input: StandingsInput): StandingRow[] {
  const order = input.order ?? DEFAULT_TIEBREAKS;
  const done = input.boards.filter(isDone);
  const rounds = done.reduce((m, b) => Math.max(m, b.round), 0);
  const tallies = new Map<string, Tally>();
  pairingOrder(input.entrants).forEach((e, i) =>
    tallies.set(e.id, { entrant: e, number: i + 1, halves: 0, played: 0, wins: 0, draws: 0, losses: 0, rounds: [] }),
  );
  const byRound = new Map<string, Board>();
  for (const b of done) {
    byRound.set(`${b.round}|${b.first}`, b);
    if (b.second !== null) byRound.set(`${b.round}|${b.second}`, b);
  }
  for (let r = 1; r <= rounds; r++)
    for (const t of tallies.values()) {
      const id = t.entrant.id;
      const b = byRound.get(`${r}|${id}`);
      const before = t.halves;
      const got = b ? halvesOf(b, id, input.byeHalves) : 0;
      t.halves += got;
      const opp = b ? opponentOf(b, id) : null;
      if (b && opp !== null && !b.forfeit) {
        t.played++;
        if (got === 2) t.wins++;
        else if (got === 1) t.draws++;
        else t.losses++;
        t.rounds.push({ opp, virtual: null, result: got / 2 });
      } else {
        // The virtual opponent: the player's score before the round, the opposite result in it,
        // and a draw in every later round.
        const virtualHalves = before + (2 - got) + (rounds - r);
        t.rounds.push({ opp: null, virtual: virtualHalves / 2, result: got / 2 });
      }
    }
  const pointsOf = (id: string): number => (tallies.get(id)?.halves ?? 0) / 2;
  const values = (t: Tally): number[] => t.rounds.map((x) => (x.opp !== null ? pointsOf(x.opp) : (x.virtual ?? 0)));
  const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
  const fixed = (t: Tally): Omit<Record<Tiebreak, number>, "direct"> => {
    const vs = values(t);
    const sorted = [...vs].sort((a, b) => a - b);
    return {
      buchholz: sum(vs),
      buchholzCut1: sum(sorted.slice(1)),
      median: sorted.length >= 3 ? sum(sorted.slice(1, -1)) : sum(sorted.slice(1)),
      sonnebornBerger: sum(t.rounds.map((x, i) => vs[i] * x.result)),
      wins: t.wins,
    };
  };
  const base = new Map([...tallies.values()].map((t) => [t.entrant.id, fixed(t)]));
  const direct = new Map<string, number>();

  // Rank by points, then each tiebreak in order inside each group still tied.
  const all = [...tallies.values()];
  let groups: Tally[][] = [all];
  const split = (key: (t: Tally, group: readonly Tally[]) => number): void => {
    const next: Tally[][] = [];
    for (const g of groups) {
      if (g.length === 1) {
        next.push(g);
        continue;
      }
      const keyed = g.map((t) => ({ t, k: key(t, g) })).sort((a, b) => b.k - a.k);
      let run: Tally[] = [];
      keyed.forEach((x, i) => {
        if (i > 0 && x.k !== keyed[i - 1].k) {
          next.push(run);
          run = [];
        }
        run.push(x.t);
      });
      next.push(run);
    }
    groups = next;
  };
  split((t) => t.halves);
  for (const tb of order) {
    if (tb === "direct")
      split((t, g) => {
        const v = directEncounter(t, g, byRound, rounds, input.byeHalves);
        direct.set(t.entrant.id, v);
        return v;
      });
    else split((t) => base.get(t.entrant.id)?.[tb] ?? 0);
  }
  split((t) => -t.number);
  return groups.flat().map((t, i) => ({
    rank: i + 1,
    id: t.entrant.id,
    name: t.entrant.name,
    rating: t.entrant.rating,
    number: t.number,
    points: t.halves / 2,
    played: t.played,
    wins: t.wins,
    draws: t.draws,
    losses: t.losses,
    tiebreaks: {
      ...(base.get(t.entrant.id) as Omit<Record<Tiebreak, number>, "direct">),
      direct: direct.get(t.entrant.id) ?? 0,
    },
  }));
}

/**
 * Direct encounter (C.02): the points a player scored against the others of its tied group, when
 * every pair of the group has met; otherwise 0 for all, so it decides nothing.
 */
function directEncounter(
  t: Tally,
  group: readonly Tally[],
  byRound: ReadonlyMap<string, Board>,
  rounds: number,
  byeHalves: number,
): number {
  const ids = new Set(group.map((g) => g.entrant.id));
  const met = new Set<string>();
  let halves = 0;
  for (const g of group)
    for (let r = 1; r <= rounds; r++) {
      const b = byRound.get(`${r}|${g.entrant.id}`);
      const opp = b ? opponentOf(b, g.entrant.id) : null;
      if (b && opp !== null && ids.has(opp)) {
        met.add([g.entrant.id, opp].sort().join("|"));
        if (g === t) halves += halvesOf(b, t.entrant.id, byeHalves);
      }
    }
  const needed = (group.length * (group.length - 1)) / 2;
  return met.size >= needed ? halves / 2 : 0;
}
