/**
 * Swiss pairing after the FIDE Dutch system (Handbook C.04.3, with the basic rules of C.04.1),
 * solved as one maximum-weight matching (matching.ts) instead of the handbook's bracket by bracket
 * search with transpositions and exchanges. Each edge between two present players (and between
 * each player and a "bye" vertex when their number is odd) carries a weight whose digits, in a mixed
 * radix so that a higher criterion always outweighs every lower one together, are:
 *
 * 1. no repeat pairing (C.04.1 b), and no second bye (C.04.1 d);
 * 2. no two players with the same absolute colour preference (C.04.3 C.3): nobody plays first or
 *    second three times running or gets a colour difference beyond ±2 when it can be avoided;
 * 3. scores as close as possible: the sum of squared score differences is minimised (the floaters
 *    of C.6/C.7); the bye goes to the lowest score group (C.04.1 d);
 * 4. colour preferences met (C.12, C.13): compatible preferences, then mild conflicts;
 * 5. the Dutch order inside a score group: the i-th of the top half meets the i-th of the bottom half
 *    (S1 against S2), a downfloater is the lowest of its group and meets the highest of the next; the
 *    bye goes to the lowest-ranked player of the lowest group.
 *
 * Colours are then allocated by C.04.3 E (both preferences, the stronger, alternate from the last
 * round they differed, the higher-ranked player's, and the initial colour by pairing number).
 * Deterministic: the same entrants and games give the same pairing.
 */
import { maxWeightMatching, type Edge } from "./matching.js";
import { halvesOf, pairingOrder, type Board, type Entrant } from "./types.js";

type Side = "first" | "second";

/** A colour preference (C.04.1 / C.04.3 A.6): 0 none, 1 mild, 2 strong, 3 absolute. */
export interface Preference {
  readonly side: Side | null;
  readonly strength: 0 | 1 | 2 | 3;
  /** Games as first minus games as second. */
  readonly difference: number;
}

export interface SwissPlayerState {
  readonly id: string;
  /** Pairing number, from 1 (pairingOrder). */
  readonly number: number;
  readonly halves: number;
  /** Side per round played over the board (forfeits and byes leave a gap). */
  readonly sides: ReadonlyMap<number, Side>;
  readonly opponents: ReadonlySet<string>;
  readonly byes: number;
}

const other = (s: Side): Side => (s === "first" ? "second" : "first");

export function preferenceOf(sides: readonly Side[]): Preference {
  const difference = sides.reduce((d, s) => d + (s === "first" ? 1 : -1), 0);
  if (sides.length === 0) return { side: null, strength: 0, difference };
  const last = sides[sides.length - 1];
  if (difference >= 2) return { side: "second", strength: 3, difference };
  if (difference <= -2) return { side: "first", strength: 3, difference };
  if (sides.length >= 2 && sides[sides.length - 2] === last) return { side: other(last), strength: 3, difference };
  if (difference !== 0) return { side: difference > 0 ? "second" : "first", strength: 2, difference };
  return { side: other(last), strength: 1, difference };
}

/** Every entrant's state after `boards` (rounds before the one being paired). */
export function swissStates(
  entrants: readonly Entrant[],
  boards: readonly Board[],
  byeHalves: number,
): Map<string, SwissPlayerState> {
  const order = pairingOrder(entrants);
  const states = new Map<
    string,
    { id: string; number: number; halves: number; sides: Map<number, Side>; opponents: Set<string>; byes: number }
  >();
  order.forEach((e, i) =>
    states.set(e.id, { id: e.id, number: i + 1, halves: 0, sides: new Map(), opponents: new Set(), byes: 0 }),
  );
  for (const b of boards) {
    const f = states.get(b.first);
    const s = b.second === null ? undefined : states.get(b.second);
    if (f) f.halves += halvesOf(b, b.first, byeHalves);
    if (b.second === null) {
      if (f) f.byes++;
      continue;
    }
    if (s) s.halves += halvesOf(b, b.second, byeHalves);
    if (f && s) {
      f.opponents.add(s.id);
      s.opponents.add(f.id);
      if (!b.forfeit) {
        f.sides.set(b.round, "first");
        s.sides.set(b.round, "second");
      }
    }
  }
  return states;
}

export interface SwissRoundInput {
  readonly entrants: readonly Entrant[];
  /** Ids of the entrants to pair this round (not withdrawn, not absent). */
  readonly present: readonly string[];
  /** Every board of the earlier rounds. */
  readonly boards: readonly Board[];
  readonly round: number;
  readonly byeHalves: number;
  /** The initial colour: what the highest-ranked player with an odd pairing number gets when nothing else decides. */
  readonly initial?: Side;
}

/** Biggest weight the matching may carry exactly (see matching.ts). */
const WEIGHT_LIMIT = 2 ** 50;

const sidesInOrder = (s: SwissPlayerState): Side[] =>
  [...s.sides.entries()].sort((a, b) => a[0] - b[0]).map(([, side]) => side);

/** The boards of one round: pairs by board order (C.04.2 board order), the bye last. */
export function pairSwissRound(input: SwissRoundInput): Board[] {
  const states = swissStates(input.entrants, input.boards, input.byeHalves);
  const present = [...new Set(input.present)]
    .map((id) => states.get(id))
    .filter((s): s is SwissPlayerState => s !== undefined)
    // The ranking of C.04.3 A.2: score, then pairing number.
    .sort((a, b) => b.halves - a.halves || a.number - b.number);
  const n = present.length;
  if (n === 0) return [];
  if (n === 1) return [{ round: input.round, board: 1, first: present[0].id, second: null, result: null }];
  const prefs = present.map((p) => preferenceOf(sidesInOrder(p)));
  // Score groups and each player's place in its group.
  const groupOf: number[] = [];
  const placeIn: number[] = [];
  const sizes: number[] = [];
  present.forEach((p, i) => {
    if (i > 0 && p.halves === present[i - 1].halves) {
      groupOf.push(groupOf[i - 1]);
      placeIn.push(placeIn[i - 1] + 1);
      sizes[sizes.length - 1]++;
    } else {
      groupOf.push(sizes.length);
      placeIn.push(0);
      sizes.push(1);
    }
  });
  const withBye = n % 2 === 1;
  const byeVertex = n;
  const pairs = Math.ceil(n / 2);
  const spread = present[0].halves - present[n - 1].halves;
  // Mixed radix: each level's base exceeds the largest possible total of every level below it.
  const orderMax = n + 1;
  const base5 = 1;
  const base4 = base5 * (orderMax * pairs + 1);
  const base3 = base4 * (2 * pairs + 1);
  const base2 = base3 * (spread * spread * pairs + 1);
  const base1 = base2 * (pairs + 1);
  if (base1 * (pairs + 1) > WEIGHT_LIMIT) throw new RangeError("too many players or rounds for one pairing");

  const edges: Edge[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const a = present[i];
      const b = present[j];
      const pa = prefs[i];
      const pb = prefs[j];
      const repeat = a.opponents.has(b.id);
      const absoluteClash = pa.strength === 3 && pb.strength === 3 && pa.side === pb.side;
      const diff = a.halves - b.halves;
      const sameSide = pa.side !== null && pa.side === pb.side;
      const colour = !sameSide ? 2 : Math.min(pa.strength, pb.strength) <= 1 ? 1 : 0;
      let order: number;
      if (groupOf[i] === groupOf[j]) {
        const half = Math.floor(sizes[groupOf[i]] / 2);
        order = Math.max(0, orderMax - Math.abs(placeIn[j] - placeIn[i] - half));
      } else order = Math.max(0, orderMax - placeIn[j] - (sizes[groupOf[i]] - 1 - placeIn[i]) - 1);
      const w =
        (repeat ? 0 : base1) +
        (absoluteClash ? 0 : base2) +
        (spread * spread - diff * diff) * base3 +
        colour * base4 +
        order * base5 +
        1;
      edges.push([i, j, w]);
    }
  if (withBye)
    for (let i = 0; i < n; i++) {
      const p = present[i];
      const low = p.halves - present[n - 1].halves;
      const w =
        (p.byes > 0 ? 0 : base1) + base2 + (spread * spread - low * low) * base3 + 2 * base4 + (i + 1) * base5 + 1;
      edges.push([i, byeVertex, w]);
    }
  const mate = maxWeightMatching(edges, true);

  const ranked = (i: number, j: number): [number, number] => (i < j ? [i, j] : [j, i]);
  const found: [number, number][] = [];
  let bye: number | null = null;
  for (let i = 0; i < n; i++) {
    const m = mate[i];
    if (m === byeVertex || m < 0) bye = i;
    else if (i < m) found.push(ranked(i, m));
  }
  // Board order: the higher score of the two, then the sum, then the higher player's rank.
  found.sort(
    ([a1, b1], [a2, b2]) =>
      present[a2].halves - present[a1].halves ||
      present[a2].halves + present[b2].halves - (present[a1].halves + present[b1].halves) ||
      a1 - a2,
  );
  const initial = input.initial ?? "first";
  const boards: Board[] = found.map(([i, j], k) => {
    const side = allocate(present[i], present[j], prefs[i], prefs[j], initial);
    const [first, second] = side === "first" ? [present[i].id, present[j].id] : [present[j].id, present[i].id];
    return { round: input.round, board: k + 1, first, second, result: null };
  });
  if (bye !== null)
    boards.push({ round: input.round, board: boards.length + 1, first: present[bye].id, second: null, result: null });
  return boards;
}

/** The side of the higher-ranked player `a` against `b` (C.04.3 E.1–E.5). */
function allocate(a: SwissPlayerState, b: SwissPlayerState, pa: Preference, pb: Preference, initial: Side): Side {
  // E.1: both preferences can be met (or only one player has any).
  if (pa.side !== null && pa.side !== pb.side) return pa.side;
  if (pa.side === null && pb.side !== null) return other(pb.side);
  if (pa.side !== null) {
    // E.2: the stronger preference; two absolute ones: the wider colour difference.
    if (pa.strength !== pb.strength) return pa.strength > pb.strength ? pa.side : other(pa.side);
    if (pa.strength === 3 && Math.abs(pa.difference) !== Math.abs(pb.difference))
      return Math.abs(pa.difference) > Math.abs(pb.difference) ? pa.side : other(pa.side);
    // E.3: alternate from the latest round in which they had different sides.
    const rounds = [...a.sides.keys()].filter((r) => b.sides.has(r)).sort((x, y) => y - x);
    for (const r of rounds) {
      const sa = a.sides.get(r);
      if (sa !== undefined && sa !== b.sides.get(r)) return other(sa);
    }
    // E.4: the higher-ranked player's preference.
    return pa.side;
  }
  // E.5: no history on either side: the initial colour by pairing number.
  return a.number % 2 === 1 ? initial : other(initial);
}
