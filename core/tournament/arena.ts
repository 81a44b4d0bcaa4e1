/**
 * Arena tournaments (lichess's semantics): a fixed duration; players join and leave at any time;
 * whoever is free is paired again soon with a player of a similar score, never the opponent of
 * their previous game. A win scores 2, a draw 1, a loss 0; after two wins in a row each further win
 * counts double (4) until a game is not won; a player who berserked (halved their own clock) and
 * won gets 1 point more if the game had at least `BERSERK_MIN_MOVES` moves. Games that started
 * before the end finish and count. Standings are a pure function of the games.
 */
import { maxWeightMatching, type Edge } from "./matching.js";
import type { BoardResult, Entrant } from "./types.js";

/** Moves a game needs for a berserk win to earn its point (a quick resignation earns nothing). */
export const BERSERK_MIN_MOVES = 7;

export interface ArenaGame {
  readonly id: string;
  readonly first: string;
  readonly second: string;
  readonly startedAt: number;
  /** When it ended; null while it is being played. */
  readonly endedAt: number | null;
  readonly result: BoardResult | null;
  /** Who halved their own clock. */
  readonly berserk: readonly [boolean, boolean];
  readonly moves: number;
}

/** One game on a player's score sheet: the points it gave and whether it was played on fire. */
interface SheetEntry {
  readonly game: string;
  readonly points: number;
  readonly fire: boolean;
}

export interface ArenaRow {
  readonly rank: number;
  readonly id: string;
  readonly name: string;
  readonly rating: number;
  readonly points: number;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly berserks: number;
  /** On a streak now: the next win counts double. */
  readonly fire: boolean;
  /** Average rating of the opponents, plus 500 × (wins − losses) / games; the tiebreak. */
  readonly performance: number;
  readonly sheet: readonly SheetEntry[];
}

/** The games that count, in the order they ended: finished, and started before `endsAt`. */
function counted(games: readonly ArenaGame[], endsAt: number): ArenaGame[] {
  return games
    .filter((g) => g.result !== null && g.endedAt !== null && g.startedAt < endsAt)
    .sort((a, b) => (a.endedAt ?? 0) - (b.endedAt ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function arenaStandings(entrants: readonly Entrant[], games: readonly ArenaGame[], endsAt: number): ArenaRow[] {
  const rating = new Map(entrants.map((e) => [e.id, e.rating]));
  const acc = new Map(
    entrants.map((e) => [
      e.id,
      { e, points: 0, wins: 0, draws: 0, losses: 0, berserks: 0, streak: 0, oppSum: 0, sheet: [] as SheetEntry[] },
    ]),
  );
  for (const g of counted(games, endsAt)) {
    ([0, 1] as const).forEach((seat) => {
      const me = seat === 0 ? g.first : g.second;
      const opp = seat === 0 ? g.second : g.first;
      const a = acc.get(me);
      if (!a) return;
      a.oppSum += rating.get(opp) ?? 0;
      const fire = a.streak >= 2;
      const won = (g.result === "first" && seat === 0) || (g.result === "second" && seat === 1);
      let points = 0;
      if (g.berserk[seat]) a.berserks++;
      if (won) {
        points = fire ? 4 : 2;
        if (g.berserk[seat] && g.moves >= BERSERK_MIN_MOVES) points += 1;
        a.wins++;
        a.streak++;
      } else {
        if (g.result === "draw") {
          points = 1;
          a.draws++;
        } else a.losses++;
        a.streak = 0;
      }
      a.points += points;
      a.sheet.push({ game: g.id, points, fire });
    });
  }
  const rows = [...acc.values()].map((a) => {
    const games = a.wins + a.draws + a.losses;
    return {
      id: a.e.id,
      name: a.e.name,
      rating: a.e.rating,
      points: a.points,
      games,
      wins: a.wins,
      draws: a.draws,
      losses: a.losses,
      berserks: a.berserks,
      fire: a.streak >= 2,
      performance: games === 0 ? 0 : Math.round(a.oppSum / games + (500 * (a.wins - a.losses)) / games),
      sheet: a.sheet,
    };
  });
  rows.sort(
    (x, y) => y.points - x.points || y.performance - x.performance || y.rating - x.rating || (x.id < y.id ? -1 : 1),
  );
  return rows.map((r, i) => ({ rank: i + 1, ...r }));
}

export interface ArenaWaiting {
  readonly id: string;
  readonly points: number;
  readonly rating: number;
  /** The opponent of this player's last game, if any. */
  readonly last?: string;
  /** Games played first minus games played second: who is due to move first. */
  readonly firstBalance?: number;
}

/**
 * Pairs the free players: as many pairs as possible, none of them a rematch of either player's last
 * game, each between players as close as possible in the ranking (score, then rating). The one who
 * has moved first less often moves first (the higher-ranked on a tie). Deterministic.
 */
export function pairArena(waiting: readonly ArenaWaiting[]): [string, string][] {
  const ranked = [...new Map(waiting.map((w) => [w.id, w])).values()].sort(
    (a, b) => b.points - a.points || b.rating - a.rating || (a.id < b.id ? -1 : 1),
  );
  const n = ranked.length;
  const far = n * n + 1;
  const edges: Edge[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const a = ranked[i];
      const b = ranked[j];
      if (a.last === b.id || b.last === a.id) continue;
      edges.push([i, j, far - (j - i) * (j - i)]);
    }
  if (edges.length === 0) return [];
  const mate = maxWeightMatching(edges, true);
  const out: [string, string][] = [];
  for (let i = 0; i < n; i++) {
    // A vertex with no edge at all is not in the matching's array.
    const j = mate[i] ?? -1;
    if (j <= i) continue;
    const a = ranked[i];
    const b = ranked[j];
    out.push((b.firstBalance ?? 0) < (a.firstBalance ?? 0) ? [b.id, a.id] : [a.id, b.id]);
  }
  return out;
}
