/**
 * Tournaments over the network (docs/tournaments.md): the public reads (`GET /api/tournaments…`),
 * the links of the arbiter's exports, and the `tour.*` messages over the ranked link, which signs in
 * first (a tournament acts as the ranked identity) and hands the tournament's frames on. Every frame
 * is checked against its schema before the store sees it.
 */
import type { DeviceKeys } from "../../../core/identity.js";
import {
  parseTourServerMessage,
  type ListedTour,
  type TourRequest,
  type TourServerMessage,
  type TourStatus,
  type TournamentResponse,
} from "../../../core/protocol/tournament.js";
import { apiUrl } from "./http.js";
import { openRankedLink } from "./online.js";

export interface TourLinkHandlers {
  /** Signed in on a (new) socket. */
  onOpen(): void;
  onClose(): void;
  onTour(m: TourServerMessage): void;
  /** A game of this player started (`ranked.start`). */
  onStart(matchId: string): void;
}

export interface TourLinkPort {
  send(m: TourRequest): void;
  restart?(): void;
  dispose(): void;
}

async function getJson(path: string): Promise<unknown> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), 8000);
  try {
    const r = await fetch(apiUrl(path), { signal: ctl.signal });
    return r.ok ? ((await r.json()) as unknown) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null;

/** The public tournaments of one status, newest first; null when the server cannot be read. */
export async function fetchTournaments(status: TourStatus): Promise<readonly ListedTour[] | null> {
  const body = await getJson(`/api/tournaments?status=${status}`);
  if (!isObject(body) || !Array.isArray(body.tournaments)) return null;
  return body.tournaments.filter(
    (t): t is ListedTour => isObject(t) && typeof t.id === "string" && typeof t.name === "string",
  );
}

/** One tournament: settings, the whole standings, every board or game; null when unreadable. */
export async function fetchTournament(id: string): Promise<TournamentResponse | null> {
  const body = await getJson(`/api/tournaments/${encodeURIComponent(id)}`);
  if (!isObject(body) || !isObject(body.tournament) || !Array.isArray(body.standings)) return null;
  return body as unknown as TournamentResponse;
}

/** The address of an export: TRF16, the standings as CSV, or every board as CSV. */
export function exportUrl(id: string, format: "trf" | "csv" | "boards"): string {
  return apiUrl(`/api/tournaments/${encodeURIComponent(id)}/export?format=${format}`);
}

/** The tournament's messages over a ranked link of this device's identity. */
export function openTourLink(h: TourLinkHandlers, auth: { keys: DeviceKeys; name: () => string }): TourLinkPort {
  const link = openRankedLink(
    {
      onOpen: () => h.onOpen(),
      onClose: () => h.onClose(),
      onMessage: (m) => {
        if (m.type === "ranked.start") h.onStart(m.match.id);
      },
      onOther: (f) => {
        const m = parseTourServerMessage(f);
        if (m !== null) h.onTour(m);
      },
    },
    auth,
  );
  return {
    send: (m) => void link.sendOther(m as { type: string } & Record<string, unknown>),
    restart: () => link.restart(),
    dispose: () => link.dispose(),
  };
}
