/**
 * What an arbiter takes away: FIDE's Tournament Report File (TRF16, fixed columns, the format
 * pairing checkers and rating officers read) and CSV sheets of the standings and of every board.
 */
import type { ArenaRow } from "./arena.js";
import type { StandingRow, Tiebreak } from "./standings.js";
import { pairingOrder, type Board, type Entrant } from "./types.js";

export interface TrfHeader {
  readonly name: string;
  /** YYYY/MM/DD */
  readonly start: string;
  readonly end: string;
  /** The time control, e.g. "10+5". */
  readonly timeControl: string;
  readonly rounds: number;
}

const right = (s: string, w: number): string => (s.length >= w ? s.slice(-w) : " ".repeat(w - s.length) + s);
const left = (s: string, w: number): string => {
  const cps = [...s];
  return cps.length >= w ? cps.slice(0, w).join("") : s + " ".repeat(w - cps.length);
};

/** TRF16's code for a round of a player: opponent's number (0000 none), side (w/b/-), result. */
function roundCell(b: Board | undefined, id: string, numbers: ReadonlyMap<string, number>, byeHalves: number): string {
  if (!b) return "0000 - Z";
  if (b.second === null) return `0000 - ${byeHalves >= 2 ? "U" : byeHalves === 1 ? "H" : "Z"}`;
  const first = b.first === id;
  const opp = first ? b.second : b.first;
  const num = String(numbers.get(opp) ?? 0).padStart(4, "0");
  const side = b.forfeit ? "-" : first ? "w" : "b";
  if (b.result === null) return `${num} ${side}  `;
  const won = (b.result === "first") === first;
  const code = b.result === "draw" ? "=" : b.forfeit ? (won ? "+" : "-") : won ? "1" : "0";
  return `${num} ${side} ${code}`;
}

/**
 * TRF16: the tournament lines (012 name, 042/052 dates, 062 players, 092 type, 122 time control,
 * XXR rounds) and one 001 line per player in pairing-number order, with the fixed columns:
 * 1–3 "001", 5–8 starting rank, 15–47 name, 49–52 rating, 81–84 points, 86–89 rank, and from 92
 * ten columns a round: 92–95 opponent, 97 side, 99 result.
 */
export function toTrf(
  header: TrfHeader,
  entrants: readonly Entrant[],
  boards: readonly Board[],
  standings: readonly StandingRow[],
  byeHalves: number,
): string {
  const order = pairingOrder(entrants);
  const numbers = new Map(order.map((e, i) => [e.id, i + 1]));
  const rowOf = new Map(standings.map((r) => [r.id, r]));
  const at = new Map<string, Board>();
  for (const b of boards) {
    at.set(`${b.round}|${b.first}`, b);
    if (b.second !== null) at.set(`${b.round}|${b.second}`, b);
  }
  const rounds = boards.reduce((m, b) => Math.max(m, b.round), 0);
  const clean = (s: string): string => s.replace(/[\r\n]/g, " ");
  const lines = [
    `012 ${clean(header.name)}`,
    `042 ${header.start}`,
    `052 ${header.end}`,
    `062 ${entrants.length}`,
    `092 Individual: Swiss-System (Dutch criteria by weighted matching)`,
    `122 ${header.timeControl}`,
    `XXR ${header.rounds}`,
  ];
  for (const e of order) {
    const row = rowOf.get(e.id);
    let line =
      "001 " +
      right(String(numbers.get(e.id)), 4) +
      " " +
      " " + // sex
      "   " + // title
      " " +
      left(clean(e.name), 33) +
      " " +
      right(String(Math.max(0, Math.min(9999, Math.round(e.rating)))), 4) +
      " " +
      "   " + // federation
      " " +
      " ".repeat(11) + // FIDE number
      " " +
      " ".repeat(10) + // birth date
      " " +
      right((row?.points ?? 0).toFixed(1), 4) +
      " " +
      right(String(row?.rank ?? 0), 4);
    for (let r = 1; r <= rounds; r++) line += "  " + roundCell(at.get(`${r}|${e.id}`), e.id, numbers, byeHalves);
    lines.push(line.trimEnd());
  }
  return lines.join("\r\n") + "\r\n";
}

/** One CSV cell (RFC 4180), and a cell a spreadsheet would read as a formula is made plain text. */
function cell(v: string | number): string {
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s) && typeof v === "string") s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csv = (rows: readonly (readonly (string | number)[])[]): string =>
  rows.map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";

/** The standings: rank, pairing number, name, rating, points, games, W/D/L and each tiebreak in order. */
export function standingsCsv(rows: readonly StandingRow[], order: readonly Tiebreak[]): string {
  return csv([
    ["rank", "number", "name", "rating", "points", "played", "wins", "draws", "losses", ...order],
    ...rows.map((r) => [
      r.rank,
      r.number,
      r.name,
      r.rating,
      r.points,
      r.played,
      r.wins,
      r.draws,
      r.losses,
      ...order.map((t) => r.tiebreaks[t]),
    ]),
  ]);
}

/** Every board: round, board, both players (number and name), result as "1-0", "0-1", "½-½", "1-0 forfeit", "bye", or "" while played. */
export function boardsCsv(entrants: readonly Entrant[], boards: readonly Board[]): string {
  const order = pairingOrder(entrants);
  const numbers = new Map(order.map((e, i) => [e.id, i + 1]));
  const names = new Map(entrants.map((e) => [e.id, e.name]));
  const result = (b: Board): string => {
    if (b.second === null) return "bye";
    if (b.result === null) return "";
    const r = b.result === "first" ? "1-0" : b.result === "second" ? "0-1" : "½-½";
    return b.forfeit ? `${r} forfeit` : r;
  };
  return csv([
    ["round", "board", "first_number", "first_name", "second_number", "second_name", "result"],
    ...[...boards]
      .sort((a, b) => a.round - b.round || a.board - b.board)
      .map((b) => [
        b.round,
        b.board,
        numbers.get(b.first) ?? 0,
        names.get(b.first) ?? b.first,
        b.second === null ? "" : (numbers.get(b.second) ?? 0),
        b.second === null ? "" : (names.get(b.second) ?? b.second),
        result(b),
      ]),
  ]);
}

/** An arena's standings: rank, name, rating, points, games, W/D/L, berserks and performance. */
export function arenaCsv(rows: readonly ArenaRow[]): string {
  return csv([
    ["rank", "name", "rating", "points", "games", "wins", "draws", "losses", "berserks", "performance"],
    ...rows.map((r) => [
      r.rank,
      r.name,
      r.rating,
      r.points,
      r.games,
      r.wins,
      r.draws,
      r.losses,
      r.berserks,
      r.performance,
    ]),
  ]);
}
