/**
 * The tournaments' public reads (docs/tournaments.md): one tournament's settings, standings with
 * every tiebreak, boards and games, and the arbiter's exports (TRF16, CSV of standings and of boards).
 * The code of a private tournament is never shown.
 */
import { arenaCsv, boardsCsv, standingsCsv, toTrf } from "../../core/tournament/exports.js";
import type { ArenaRow } from "../../core/tournament/arena.js";
import type { StandingRow } from "../../core/tournament/standings.js";
import type { TournamentGamesResponse, TournamentResponse } from "../../core/protocol/tournament.js";
import { entrantsOf, standingsOf } from "./service.js";
import type { ListedTournament, TournamentStore } from "./store.js";

export type TourRead<T> =
  { ok: true; value: T } | { ok: false; error: { code: "tournament/not_found"; message: string } };

const missing = { ok: false as const, error: { code: "tournament/not_found" as const, message: "no such tournament" } };

export async function readTournament(store: TournamentStore, id: string): Promise<TourRead<TournamentResponse>> {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) return missing;
  const items = await store.all(id);
  if (items === null) return missing;
  const { code: _code, rev: _rev, createdAt: _c, ...settings } = items.meta;
  return {
    ok: true,
    value: {
      tournament: { ...settings, players: items.entrants.filter((e) => !e.withdrawn).length },
      standings: standingsOf(items),
      boards: [...items.boards]
        .sort((a, b) => a.round - b.round || a.board - b.board)
        .map(({ entered: _e, ...b }) => b),
      games: items.games.map((g) => ({
        id: g.id,
        first: g.first,
        second: g.second,
        startedAt: g.startedAt,
        endedAt: g.endedAt,
        result: g.result,
      })),
    },
  };
}

export type ExportFormat = "trf" | "csv" | "boards";

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10).replace(/-/g, "/");

export async function exportTournament(
  store: TournamentStore,
  id: string,
  format: ExportFormat,
): Promise<TourRead<{ body: string; type: string; name: string }>> {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) return missing;
  const items = await store.all(id);
  if (items === null) return missing;
  const m = items.meta;
  const rows = standingsOf(items);
  if (format === "boards")
    return {
      ok: true,
      value: { body: boardsCsv(entrantsOf(items), items.boards), type: "text/csv", name: `${id}-boards.csv` },
    };
  if (format === "csv" && m.kind === "swiss")
    return {
      ok: true,
      value: { body: standingsCsv(rows as StandingRow[], m.tiebreaks), type: "text/csv", name: `${id}.csv` },
    };
  if (format === "csv")
    return { ok: true, value: { body: arenaCsv(rows as ArenaRow[]), type: "text/csv", name: `${id}.csv` } };
  const last = items.boards.reduce((x, b) => Math.max(x, b.round), 0);
  const body = toTrf(
    {
      name: m.name,
      start: day(m.startsAt),
      end: day(m.endsAt ?? Date.now()),
      timeControl: m.preset,
      rounds: m.rounds ?? last,
    },
    entrantsOf(items),
    items.boards,
    m.kind === "swiss" ? (rows as StandingRow[]) : [],
    m.byePoints * 2,
  );
  return { ok: true, value: { body, type: "text/plain", name: `${id}.trf` } };
}

/** `GET /api/tournaments?status=`: the latest 100 public tournaments by start, newest first, of one status or all. */
export async function listTournaments(
  store: TournamentStore,
  status: string | undefined,
): Promise<{ tournaments: ListedTournament[] }> {
  const all = await store.listed(100);
  return { tournaments: status === undefined ? all : all.filter((t) => t.status === status) };
}

export async function readTournamentGames(
  store: TournamentStore,
  id: string,
): Promise<TourRead<TournamentGamesResponse>> {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) return missing;
  const items = await store.all(id);
  if (items === null) return missing;
  const boards = [...items.boards]
    .sort((a, b) => a.round - b.round || a.board - b.board)
    .map((b) => ({
      round: b.round,
      board: b.board,
      first: b.first,
      second: b.second,
      matchId: b.matchId,
      result: b.result,
      forfeit: b.forfeit === true,
    }));
  const games = [...items.games]
    .sort((a, b) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : 1))
    .map((g, i) => ({
      round: 0,
      board: i + 1,
      first: g.first,
      second: g.second,
      matchId: g.id,
      result: g.result,
      forfeit: false,
    }));
  return { ok: true, value: { games: [...boards, ...games] } };
}
