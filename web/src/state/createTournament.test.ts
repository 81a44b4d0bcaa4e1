import { createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import type {
  ListedTour,
  TourRequest,
  TourRow,
  TourServerMessage,
  TournamentResponse,
} from "../../../core/protocol/tournament.js";
import type { TourLinkHandlers } from "../lib/tournaments.js";
import { createTournament, normaliseCode } from "./createTournament.js";

const ME = "a".repeat(43);

const row = (rank: number, id: string, points: number): TourRow => ({
  rank,
  id,
  name: `Player ${id.slice(0, 3)}`,
  rating: 1500,
  points,
  number: rank,
  played: 1,
  tiebreaks: { buchholzCut1: 1, buchholz: 1, sonnebornBerger: 0.5, direct: 0, wins: 1, median: 0 },
});

const detail = (standings: TourRow[], organiser = "o".repeat(43)): TournamentResponse =>
  ({
    tournament: {
      id: "T1",
      kind: "swiss",
      name: "Class 5B",
      game: "togyz",
      options: {},
      preset: "10+5",
      rated: false,
      startsAt: 0,
      endsAt: null,
      rounds: 3,
      private: true,
      maxPlayers: 30,
      byePoints: 1,
      tiebreaks: ["buchholzCut1", "buchholz", "sonnebornBerger", "direct", "wins"],
      manualRounds: false,
      overTheBoard: false,
      organiser,
      status: "live",
      round: 1,
      players: standings.length,
    },
    standings,
    boards: [],
    games: [],
  }) as unknown as TournamentResponse;

function setup(reads: TournamentResponse[] = []) {
  const sent: TourRequest[] = [];
  let h: TourLinkHandlers = null as unknown as TourLinkHandlers;
  const fetched: string[] = [];
  let pending: ((d: TournamentResponse | null) => void)[] = [];
  const lists: Record<string, readonly ListedTour[] | null> = {};
  const { store, dispose } = createRoot((dispose) => ({
    store: createTournament({
      playerId: ME,
      connect: (handlers) => {
        h = handlers;
        return { send: (m) => void sent.push(m), dispose: () => undefined };
      },
      fetchList: (s) => Promise.resolve(lists[s] ?? null),
      fetchOne: (id) => {
        fetched.push(id);
        const next = reads.shift();
        if (next !== undefined) return Promise.resolve(next);
        return new Promise((res) => pending.push(res));
      },
    }),
    dispose,
  }));
  const push = (m: TourServerMessage): void => h.onTour(m);
  const answerReads = async (d: TournamentResponse | null): Promise<void> => {
    const p = pending;
    pending = [];
    for (const r of p) r(d);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { store, dispose, sent, handlers: () => h, push, fetched, answerReads, lists };
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe("the tournament store", () => {
  test("a code is read in any case, with a dash or spaces; anything else is refused before it is sent", () => {
    expect(normaliseCode("ab3-k7q")).toBe("AB3K7Q");
    expect(normaliseCode(" AB3 K7Q ")).toBe("AB3K7Q");
    // Crockford base32 has no I, L, O or U; and a code is exactly six characters.
    for (const bad of ["AB3K7I", "ABCDE", "ABCDEFG", "AB3K7U", ""]) expect(normaliseCode(bad)).toBeNull();
    const r = setup();
    const [s, act] = r.store;
    r.handlers().onOpen();
    expect(act.join("ABC")).toBe(false);
    expect(r.sent).toEqual([]);
    expect(s.error).toBe("A code has 6 letters and digits.");
    expect(act.join("ab3-k7q")).toBe(true);
    expect(r.sent).toEqual([{ type: "tour.join", code: "AB3K7Q" }]);
    expect(s.error).toBeNull();
    r.dispose();
  });

  test("a wrong code, a full or a finished tournament is told in the player's words, and the next join clears it", () => {
    const r = setup();
    const [s, act] = r.store;
    r.handlers().onOpen();
    act.join("AB3K7Q");
    r.push({ type: "tour.error", code: "tour/wrong_code", message: "no tournament with that code" });
    expect(s.error).toBe("No tournament has that code. Check it with your organiser.");
    expect(s.id).toBeNull();
    act.join("AB3K7R");
    expect(s.error).toBeNull();
    r.push({ type: "tour.error", code: "tour/full", message: "this tournament is full" });
    expect(s.error).toBe("This tournament is full.");
    r.push({ type: "tour.error", code: "tour/closed", message: "ended" });
    expect(s.error).toBe("This tournament has ended.");
    r.dispose();
  });

  test("joining by code opens that tournament, syncs it on every new socket, and shows the player as joined", async () => {
    const r = setup([detail([row(1, ME, 0), row(2, "b".repeat(43), 0)])]);
    const [s, act] = r.store;
    r.handlers().onOpen();
    act.join("AB3K7Q");
    r.push({
      type: "tour.joined",
      id: "T1",
      kind: "swiss",
      status: "upcoming",
      round: 0,
      rounds: 3,
      players: 2,
      standings: [row(1, ME, 0)],
      me: row(1, ME, 0),
    });
    expect(s.id).toBe("T1");
    expect(act.joined()).toBe(true);
    expect(act.organiser()).toBe(false);
    await flush();
    expect(r.fetched[0]).toBe("T1");
    expect(s.rows.map((x) => x.id)).toEqual([ME, "b".repeat(43)]);
    // A reconnect tells the server where to push.
    r.handlers().onClose();
    expect(s.connected).toBe(false);
    r.handlers().onOpen();
    expect(r.sent.at(-1)).toEqual({ type: "tour.sync", id: "T1" });
    // Withdrawing.
    act.leave();
    expect(r.sent.at(-1)).toEqual({ type: "tour.leave", id: "T1" });
    r.push({ type: "tour.left", id: "T1" });
    expect(act.joined()).toBe(false);
    r.dispose();
  });

  test("a pushed state updates the standings at once over the whole table, and the table read after it replaces both", async () => {
    const b = "b".repeat(43);
    const c = "c".repeat(43);
    const r = setup();
    const [s, act] = r.store;
    r.handlers().onOpen();
    act.open("T1");
    expect(r.sent).toEqual([{ type: "tour.sync", id: "T1" }]);
    await r.answerReads(detail([row(1, ME, 0), row(2, b, 0), row(3, c, 0)]));
    expect(s.rows.map((x) => [x.id, x.points])).toEqual([
      [ME, 0],
      [b, 0],
      [c, 0],
    ]);
    // Round 1 ended: b won. The push carries the top rows only (here two); c stays below them.
    r.push({
      type: "tour.state",
      id: "T1",
      kind: "swiss",
      status: "live",
      round: 1,
      rounds: 3,
      players: 3,
      standings: [row(1, b, 1), row(2, ME, 0)],
      me: row(2, ME, 0),
    });
    expect(s.rows.map((x) => [x.id, x.points])).toEqual([
      [b, 1],
      [ME, 0],
      [c, 0],
    ]);
    expect(s.live?.round).toBe(1);
    // The whole table is read again, and is what is shown once back.
    expect(r.fetched).toEqual(["T1", "T1"]);
    await r.answerReads(detail([row(1, b, 1), row(2, c, 1), row(3, ME, 0)]));
    expect(s.rows.map((x) => [x.id, x.points])).toEqual([
      [b, 1],
      [c, 1],
      [ME, 0],
    ]);
    // A state of another tournament changes nothing here.
    r.push({
      type: "tour.state",
      id: "T9",
      kind: "arena",
      status: "live",
      round: 0,
      rounds: null,
      players: 1,
      standings: [row(1, "z".repeat(43), 9)],
    });
    expect(s.rows.map((x) => x.id)).toEqual([b, c, ME]);
    r.dispose();
  });

  test("pushes while a read is under way give one more read, not one each", async () => {
    const r = setup();
    const [, act] = r.store;
    r.handlers().onOpen();
    act.open("T1");
    const st = (round: number): TourServerMessage => ({
      type: "tour.state",
      id: "T1",
      kind: "swiss",
      status: "live",
      round,
      rounds: 3,
      players: 2,
      standings: [],
    });
    r.push(st(1));
    r.push(st(1));
    r.push(st(2));
    expect(r.fetched).toHaveLength(1);
    await r.answerReads(detail([]));
    await flush();
    expect(r.fetched).toHaveLength(2);
    r.dispose();
  });

  test("a pairing and a started game are held for the screen; the organiser's actions go out for the open tournament", async () => {
    const r = setup([detail([row(1, ME, 0)], ME)]);
    const [s, act] = r.store;
    r.handlers().onOpen();
    act.open("T1");
    await flush();
    expect(act.organiser()).toBe(true);
    r.push({ type: "tour.paired", id: "T1", round: 1, board: 3, seat: 1, opponent: "b".repeat(43), matchId: "m7" });
    expect(s.paired).toEqual({ round: 1, board: 3, seat: 1, opponent: "b".repeat(43), matchId: "m7" });
    r.handlers().onStart("m7");
    expect(s.starting).toBe("m7");
    act.startedSeen();
    expect(s.starting).toBeNull();
    act.start();
    act.result(1, 3, "draw");
    act.result(1, 2, "first", true);
    act.remove("b".repeat(43));
    expect(r.sent.slice(-4)).toEqual([
      { type: "tour.start", id: "T1" },
      { type: "tour.result", id: "T1", round: 1, board: 3, result: "draw" },
      { type: "tour.result", id: "T1", round: 1, board: 2, result: "first", forfeit: true },
      { type: "tour.remove", id: "T1", playerId: "b".repeat(43) },
    ]);
    r.dispose();
  });

  test("creating a private tournament keeps its code and opens it; a list that cannot be read is told", async () => {
    const r = setup([detail([], ME)]);
    const [s, act] = r.store;
    r.handlers().onOpen();
    act.create({
      type: "tour.create",
      kind: "swiss",
      name: "Class 5B",
      game: "togyz",
      preset: "10+5",
      startsAt: 1,
      rounds: 3,
      private: true,
    });
    expect(r.sent.at(-1)).toMatchObject({ type: "tour.create", private: true, rounds: 3 });
    r.push({ type: "tour.created", id: "T1", code: "AB3K7Q" });
    expect(s.created).toEqual({ id: "T1", code: "AB3K7Q" });
    expect(s.id).toBe("T1");
    await act.refreshList("upcoming");
    expect(s.error).toBe("The tournaments could not be loaded.");
    r.lists.live = [
      {
        id: "T2",
        kind: "arena",
        name: "Friday arena",
        game: "ayo",
        preset: "3+2",
        startsAt: 0,
        endsAt: 1,
        rounds: null,
        status: "live",
      },
    ];
    await act.refreshList("live");
    expect(s.lists.live?.map((x) => x.name)).toEqual(["Friday arena"]);
    r.dispose();
  });
});
