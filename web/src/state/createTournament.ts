/**
 * Tournaments from this device (docs/tournaments.md): the public lists, one tournament's page (its
 * settings, the standings with every tiebreak, the boards), joining by the list or by a private
 * code, the player's own pairing, and the organiser's actions (start, a result entered for a board
 * played over the table, removing a player). The server pushes `tour.state` after every result and
 * `tour.paired` when the player is paired; the game itself starts with its `ranked.start`, which the
 * screen answers by opening the ranked table (the server puts the player in the game's seat there).
 *
 * The pushed state carries the top rows and the player's own; the whole table comes from
 * `GET /api/tournaments/{id}`, read again after every push, and the pushed rows are shown at once
 * over it until that read is back.
 */
import { createStore, produce, reconcile, type Store } from "solid-js/store";
import type {
  ListedTour,
  TourErrorCode,
  TourRequest,
  TourRow,
  TourServerMessage,
  TourStateMessage,
  TourStatus,
  TournamentResponse,
} from "../../../core/protocol/tournament.js";
import type { MessageKey } from "../i18n/en.js";
import type { TourLinkHandlers, TourLinkPort } from "../lib/tournaments.js";
import { t } from "../i18n/i18n.js";

export interface TournamentDeps {
  readonly playerId: string;
  readonly connect: (h: TourLinkHandlers) => TourLinkPort;
  readonly fetchList: (status: TourStatus) => Promise<readonly ListedTour[] | null>;
  readonly fetchOne: (id: string) => Promise<TournamentResponse | null>;
}

interface Pairing {
  readonly round: number;
  readonly board: number;
  readonly seat: 0 | 1;
  readonly opponent: string | null;
  readonly matchId: string | null;
}

interface TourState {
  connected: boolean;
  lists: { [S in TourStatus]: readonly ListedTour[] | null };
  /** The tournament open on the page. */
  id: string | null;
  detail: TournamentResponse | null;
  live: TourStateMessage | null;
  /** The standings shown: the whole table, the newest pushed rows over it. */
  rows: TourRow[];
  /** The code of a private tournament this device just created (only its organiser sees it). */
  created: { readonly id: string; readonly code: string | null } | null;
  paired: Pairing | null;
  /** A game of this player has started: the ranked table should open. */
  starting: string | null;
  /** The player left (or was removed): not shown as an entrant until they join again. */
  left: boolean;
  error: string | null;
}

interface TourActions {
  refreshList(status: TourStatus): Promise<void>;
  open(id: string): void;
  close(): void;
  /** Reads the open tournament again (the organiser and onlookers get no pushes). */
  refresh(): void;
  create(req: Extract<TourRequest, { type: "tour.create" }>): void;
  /** Joins the open tournament, or (with a code) the private one of that code; false when the code cannot be one. */
  join(code?: string): boolean;
  leave(): void;
  start(): void;
  result(round: number, board: number, result: "first" | "second" | "draw", forfeit?: boolean): void;
  remove(playerId: string): void;
  /** The game that started has been taken to the table. */
  startedSeen(): void;
  joined(): boolean;
  organiser(): boolean;
  dispose(): void;
}

export type TournamentStore = readonly [Store<TourState>, TourActions];

/** A private code as typed (any case, a dash or spaces) in the form the server reads, or null when it cannot be one. */
export function normaliseCode(typed: string): string | null {
  const c = typed.replace(/[\s-]/g, "").toUpperCase();
  return /^[0-9A-HJKMNP-TV-Z]{6}$/.test(c) ? c : null;
}

const ERROR_KEYS: { readonly [C in TourErrorCode]: MessageKey } = {
  "proto/invalid": "tour.err.invalid",
  "auth/required": "tour.err.auth",
  "tour/not_found": "tour.err.notFound",
  "tour/wrong_code": "tour.err.wrongCode",
  "tour/full": "tour.err.full",
  "tour/closed": "tour.err.closed",
  "tour/forbidden": "tour.err.forbidden",
  "tour/not_joined": "tour.err.notJoined",
  "tour/bad_options": "tour.err.badOptions",
  "tour/round_open": "tour.err.roundOpen",
  "tour/no_board": "tour.err.noBoard",
  "rate/limited": "tour.err.rate",
  "server/error": "tour.err.server",
};

/** The pushed top rows first, then the rest of the last whole table without them. */
function merged(pushed: readonly TourRow[], whole: readonly TourRow[]): TourRow[] {
  const ids = new Set(pushed.map((r) => r.id));
  return [...pushed, ...whole.filter((r) => !ids.has(r.id))];
}

export function createTournament(deps: TournamentDeps): TournamentStore {
  const [state, setState] = createStore<TourState>({
    connected: false,
    lists: { upcoming: null, live: null, finished: null },
    id: null,
    detail: null,
    live: null,
    rows: [],
    created: null,
    paired: null,
    starting: null,
    left: false,
    error: null,
  });
  let disposed = false;
  /** The read of the open tournament under way and whether another is wanted after it. */
  let reading = false;
  let again = false;

  const read = async (): Promise<void> => {
    const id = state.id;
    if (id === null || disposed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const d = await deps.fetchOne(id);
      if (disposed || state.id !== id || d === null) return;
      setState(
        produce((s) => {
          s.detail = JSON.parse(JSON.stringify(d)) as TournamentResponse;
          s.rows = [...(JSON.parse(JSON.stringify(d.standings)) as TourRow[])];
        }),
      );
    } finally {
      reading = false;
      if (again) {
        again = false;
        void read();
      }
    }
  };

  const send = (m: TourRequest): void => link.send(m);

  const onTour = (m: TourServerMessage): void => {
    if (disposed) return;
    switch (m.type) {
      case "tour.created":
        setState("created", { id: m.id, code: m.code });
        actions.open(m.id);
        return;
      case "tour.joined":
      case "tour.state": {
        if (m.type === "tour.joined" && state.id !== m.id) actions.open(m.id);
        if (state.id !== m.id) return;
        setState(
          produce((s) => {
            s.live = JSON.parse(JSON.stringify(m)) as TourStateMessage;
            s.rows = merged(s.live.standings, s.rows);
            if (m.type === "tour.joined") s.left = false;
            s.error = null;
          }),
        );
        void read();
        return;
      }
      case "tour.left":
        if (state.id === m.id) setState("left", true);
        return;
      case "tour.paired":
        if (state.id !== null && state.id !== m.id) return;
        setState("paired", { round: m.round, board: m.board, seat: m.seat, opponent: m.opponent, matchId: m.matchId });
        void read();
        return;
      case "tour.error":
        setState("error", t(ERROR_KEYS[m.code]));
        return;
    }
  };

  const link = deps.connect({
    onOpen() {
      setState("connected", true);
      // A new socket: the server pushes to the connection it last saw, so tell it this one.
      if (state.id !== null) send({ type: "tour.sync", id: state.id });
    },
    onClose: () => void setState("connected", false),
    onTour,
    onStart(matchId) {
      if (!disposed) setState("starting", matchId);
    },
  });

  const actions: TourActions = {
    async refreshList(status) {
      const list = await deps.fetchList(status);
      if (disposed) return;
      if (list === null) setState("error", t("tour.err.list"));
      else setState("lists", status, reconcile([...list]));
    },
    open(id) {
      if (state.id === id) return;
      setState(
        produce((s) => {
          s.id = id;
          s.detail = null;
          s.live = null;
          s.rows = [];
          s.paired = null;
          s.left = false;
          s.error = null;
        }),
      );
      if (state.connected) send({ type: "tour.sync", id });
      void read();
    },
    close() {
      setState(
        produce((s) => {
          s.id = null;
          s.detail = null;
          s.live = null;
          s.rows = [];
        }),
      );
    },
    refresh: () => void read(),
    create(req) {
      setState("error", null);
      send(req);
    },
    join(code) {
      setState("error", null);
      if (code !== undefined) {
        const c = normaliseCode(code);
        if (c === null) {
          setState("error", t("tour.err.codeShape"));
          return false;
        }
        send({ type: "tour.join", code: c });
        return true;
      }
      if (state.id === null) return false;
      send({ type: "tour.join", id: state.id });
      return true;
    },
    leave() {
      if (state.id !== null) send({ type: "tour.leave", id: state.id });
    },
    start() {
      if (state.id !== null) send({ type: "tour.start", id: state.id });
    },
    result(round, board, result, forfeit) {
      if (state.id !== null)
        send({ type: "tour.result", id: state.id, round, board, result, ...(forfeit === true ? { forfeit } : {}) });
    },
    remove(playerId) {
      if (state.id !== null) send({ type: "tour.remove", id: state.id, playerId });
    },
    startedSeen: () => void setState("starting", null),
    joined: () => !state.left && state.live?.me !== undefined,
    organiser: () => state.detail?.tournament.organiser === deps.playerId,
    dispose() {
      disposed = true;
      link.dispose();
    },
  };
  return [state, actions];
}
