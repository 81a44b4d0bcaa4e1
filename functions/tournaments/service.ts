/**
 * Tournaments run by the server (docs/tournaments.md): arena and Swiss, created by any signed-in
 * identity, public or private (joined with a code), paired by the pure rules of core/tournament/,
 * played as server-run matches tagged with the tournament's id (functions/ranked/service.ts
 * `startPairedMatch`), scored when a match ends (the ranked service calls `ended`), and corrected or
 * entered by the organiser for boards played over the table.
 *
 * Every message answers its sender with the returned object (the route response); the standings
 * pushed to the entrants are capped (`pushCap` posts per change).
 */
import { makeEngine } from "../../core/games/index.js";
import type { MatchRecord } from "../../core/ranked/types.js";
import {
  makeTourError,
  type TourClientMessage,
  type TourCreate,
  type TourErrorCode,
  TOUR_MAX_PLAYERS,
} from "../../core/protocol/tournament.js";
import { arenaStandings, pairArena, type ArenaGame } from "../../core/tournament/arena.js";
import { DEFAULT_TIEBREAKS, swissStandings } from "../../core/tournament/standings.js";
import { pairSwissRound } from "../../core/tournament/swiss.js";
import type { BoardResult, Entrant } from "../../core/tournament/types.js";
import type { TimePreset } from "../../core/ranked/presets.js";
import type { GameId } from "../../core/types.js";
import type { PairedSide } from "../ranked/service.js";
import type { BoardItem, EntrantItem, TournamentItems, TournamentStore, TourMeta } from "./store.js";

type Rid = string | number | undefined;

/** Limits per identity, each one fixed-window counter (a refusal writes nothing once the window is full). */
interface TourLimits {
  readonly createsPerDay: number;
  readonly joinsPerHour: number;
}

export interface TournamentDeps {
  readonly store: TournamentStore;
  /** Takes one from a counter; false when its limit is reached. */
  readonly take: (key: string, limit: number, windowMs: number, now: number) => Promise<boolean>;
  readonly send: (connId: string, message: object) => Promise<boolean>;
  /** The identity's shown name and its rating in a game. */
  readonly player: (playerId: string, game: GameId) => Promise<{ name: string; rating: number } | null>;
  /** Starts a server-run match (functions/ranked/service.ts startPairedMatch). */
  readonly startMatch: (p: {
    readonly id: string;
    readonly tournament: string;
    readonly game: GameId;
    readonly options: Readonly<Record<string, number | boolean>>;
    readonly preset: TimePreset;
    readonly rated: boolean;
    readonly sides: readonly [PairedSide, PairedSide];
  }) => Promise<MatchRecord | null>;
  readonly now: () => number;
  readonly randomId: () => string;
  /** Six characters of Crockford base32. */
  readonly randomCode: () => string;
  readonly limits: TourLimits;
  /** Most connections told of one change of the standings. */
  readonly pushCap: number;
}

export interface Tournaments {
  handle(connId: string, playerId: string | null, msg: TourClientMessage): Promise<object>;
  /** A tournament match ended (the ranked service's port). Idempotent. */
  ended(m: MatchRecord): Promise<void>;
  /** The timer: starts due tournaments, pairs arenas, ends them. */
  tick(): Promise<{ tournaments: number }>;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MAX_AHEAD = 30 * DAY;
/** How often the timer itself looks into a live tournament (see `tick`). */
const SWEEP_MS = 10_000;
/** Standings rows pushed in a `tour.state` (the whole table is `GET /api/tournaments/{id}`). */
const PUSH_ROWS = 10;

class Refusal {
  constructor(
    readonly code: TourErrorCode,
    readonly message: string,
  ) {}
}
const refuse = (code: TourErrorCode, message: string): never => {
  throw new Refusal(code, message);
};

export function entrantsOf(items: TournamentItems): Entrant[] {
  return items.entrants.map((e) => ({ id: e.playerId, name: e.name, rating: e.rating }));
}

/** The standings of a tournament from its items (pure). */
export function standingsOf(items: TournamentItems) {
  const m = items.meta;
  if (m.kind === "arena") return arenaStandings(entrantsOf(items), items.games, m.endsAt ?? Infinity);
  return swissStandings({
    entrants: entrantsOf(items),
    boards: items.boards,
    byeHalves: m.byePoints * 2,
    order: m.tiebreaks,
  });
}

const resultOf = (m: MatchRecord): { result: BoardResult; forfeit: boolean } => {
  if (m.result !== null)
    return { result: m.result.winner === null ? "draw" : m.result.winner === 0 ? "first" : "second", forfeit: false };
  // Aborted before both had moved: the side that never moved loses by forfeit.
  return { result: m.movesBy[0] === 0 ? "second" : "first", forfeit: true };
};

export function createTournaments(d: TournamentDeps): Tournaments {
  const { store } = d;

  async function load(id: string): Promise<TournamentItems> {
    return (await store.all(id)) ?? refuse("tour/not_found", "no such tournament");
  }

  /** A public tournament's line in the list follows its status. */
  async function listed(m: TourMeta): Promise<void> {
    if (m.private) return;
    const { id, kind, name, game, preset, startsAt, endsAt, rounds, status } = m;
    await store.list({ id, kind, name, game, preset, startsAt, endsAt, rounds, status });
  }

  /** Writes the meta with `change` applied, retrying on a lost race; null when `change` declines. */
  async function updateMeta(id: string, change: (m: TourMeta) => TourMeta | null): Promise<TourMeta | null> {
    for (let i = 0; i < 8; i++) {
      const m = await store.get(id);
      if (m === null) return null;
      const next = change(m);
      if (next === null) return null;
      if (await store.putMeta({ ...next, rev: m.rev + 1 }, m.rev)) {
        if (next.status !== m.status || next.startsAt !== m.startsAt) await listed(next);
        return { ...next, rev: m.rev + 1 };
      }
    }
    throw new Error(`tournament ${id} kept changing`);
  }

  async function updateEntrant(
    id: string,
    playerId: string,
    change: (e: EntrantItem) => EntrantItem | null,
  ): Promise<EntrantItem | null> {
    for (let i = 0; i < 8; i++) {
      const e = await store.getEntrant(id, playerId);
      if (e === null) return null;
      const next = change(e);
      if (next === null) return null;
      if (await store.putEntrant(id, { ...next, rev: e.rev + 1 }, e.rev)) return { ...next, rev: e.rev + 1 };
    }
    throw new Error(`entrant ${playerId} of ${id} kept changing`);
  }

  // ---- what a player is shown ----

  function stateFor(items: TournamentItems, playerId: string | null, rows = standingsOf(items)): object {
    const m = items.meta;
    const me = playerId === null ? undefined : rows.find((r) => r.id === playerId);
    const board =
      playerId === null
        ? undefined
        : items.boards.find((b) => b.round === m.round && (b.first === playerId || b.second === playerId));
    return {
      type: "tour.state",
      id: m.id,
      kind: m.kind,
      status: m.status,
      round: m.round,
      rounds: m.rounds,
      players: items.entrants.filter((e) => !e.withdrawn).length,
      standings: rows.slice(0, PUSH_ROWS),
      ...(me !== undefined ? { me } : {}),
      ...(board !== undefined
        ? {
            board: {
              round: board.round,
              board: board.board,
              first: board.first,
              second: board.second,
              result: board.result,
              matchId: board.matchId,
            },
          }
        : {}),
    };
  }

  /** The standings to the entrants with a connection, at most `pushCap` of them (the top first). */
  async function pushStandings(id: string): Promise<void> {
    const items = await store.all(id);
    if (items === null) return;
    const rows = standingsOf(items);
    const conn = new Map(items.entrants.map((e) => [e.playerId, e.connId]));
    const targets = rows
      .map((r) => ({ id: r.id, c: conn.get(r.id) ?? null }))
      .filter((x): x is { id: string; c: string } => x.c !== null)
      .slice(0, d.pushCap);
    await Promise.all(targets.map((t) => d.send(t.c, stateFor(items, t.id, rows))));
  }

  // ---- Swiss rounds ----

  const roundDone = (items: TournamentItems, round: number): boolean =>
    items.boards.filter((b) => b.round === round).every((b) => b.second === null || b.result !== null);

  /** Pairs round `meta.round + 1` (claimed by the meta write), writes its boards and starts its games. */
  async function nextRound(id: string, force: boolean): Promise<boolean> {
    const items = await load(id);
    const m = items.meta;
    if (m.kind !== "swiss" || m.status === "finished") return false;
    if (m.round > 0 && !items.boards.some((b) => b.round === m.round)) {
      // The round was claimed but its boards never written (a run that stopped): pair it again, the same way.
      const again = pairSwissRound({
        entrants: entrantsOf(items),
        present: items.entrants.filter((e) => !e.withdrawn).map((e) => e.playerId),
        boards: items.boards,
        round: m.round,
        byeHalves: m.byePoints * 2,
      });
      await startBoards(
        m,
        items.entrants,
        again.map((b) => ({ ...b, matchId: null, entered: false })),
      );
      return true;
    }
    if (m.round > 0 && !roundDone(items, m.round)) {
      if (force) refuse("tour/round_open", "some boards of this round have no result yet");
      return false;
    }
    if (m.round >= (m.rounds ?? 0)) {
      await finish(id);
      return false;
    }
    const present = items.entrants.filter((e) => !e.withdrawn).map((e) => e.playerId);
    if (present.length < 2) {
      if (force) refuse("tour/closed", "at least two players are needed");
      return false;
    }
    const round = m.round + 1;
    const claimed = await updateMeta(id, (x) => (x.round === m.round ? { ...x, round, status: "live" } : null));
    if (claimed === null) return false; // another run paired it
    const boards = pairSwissRound({
      entrants: entrantsOf(items),
      present,
      boards: items.boards,
      round,
      byeHalves: m.byePoints * 2,
    });
    await startBoards(
      claimed,
      items.entrants,
      boards.map((b) => ({ ...b, matchId: null, entered: false })),
    );
    return true;
  }

  async function startBoards(
    m: TourMeta,
    entrants: readonly EntrantItem[],
    boards: readonly BoardItem[],
  ): Promise<void> {
    const conn = new Map(entrants.map((e) => [e.playerId, e.connId]));
    for (const b of boards) {
      let item = b;
      if (b.second !== null && !m.overTheBoard && b.matchId === null)
        item = { ...b, matchId: `${m.id}-${b.round}-${b.board}` };
      await store.putBoard(m.id, item, true);
      if (item.matchId !== null && item.second !== null) {
        const started = await d.startMatch({
          id: item.matchId,
          tournament: m.id,
          game: m.game,
          options: m.options,
          preset: m.preset,
          rated: m.rated,
          sides: [
            { playerId: item.first, connId: conn.get(item.first) ?? null },
            { playerId: item.second, connId: conn.get(item.second) ?? null },
          ],
        });
        // A player still in another game: the board waits for the organiser's result.
        if (started === null) await store.putBoard(m.id, { ...item, matchId: null }, false);
      }
      for (const [p, seat] of [
        [item.first, 0],
        [item.second, 1],
      ] as const) {
        const c = p === null ? null : (conn.get(p) ?? null);
        if (c !== null)
          await d.send(c, {
            type: "tour.paired",
            id: m.id,
            round: item.round,
            board: item.board,
            seat,
            opponent: seat === 0 ? item.second : item.first,
            matchId: item.matchId,
          });
      }
    }
  }

  async function finish(id: string): Promise<void> {
    await updateMeta(id, (x) => (x.status === "finished" ? null : { ...x, status: "finished" }));
    await store.setActive(id, false);
  }

  /** After a result: the next Swiss round when this one is complete (unless the organiser starts rounds). */
  async function afterResult(id: string): Promise<void> {
    const m = await store.get(id);
    if (m !== null && m.kind === "swiss" && !m.manualRounds) await nextRound(id, false);
    await pushStandings(id);
  }

  // ---- arena ----

  async function pairFree(id: string): Promise<number> {
    const items = await store.all(id);
    if (items === null) return 0;
    const m = items.meta;
    const now = d.now();
    if (m.kind !== "arena" || m.status !== "live" || now >= (m.endsAt ?? 0)) return 0;
    const points = new Map(
      arenaStandings(entrantsOf(items), items.games, m.endsAt ?? Infinity).map((r) => [r.id, r.points]),
    );
    const free = items.entrants.filter((e) => !e.withdrawn && e.busy === null && e.connId !== null);
    const pairs = pairArena(
      free.map((e) => ({
        id: e.playerId,
        points: points.get(e.playerId) ?? 0,
        rating: e.rating,
        ...(e.last !== null ? { last: e.last } : {}),
        firstBalance: e.firstBalance,
      })),
    );
    const by = new Map(free.map((e) => [e.playerId, e]));
    let started = 0;
    for (const [a, b] of pairs) {
      const matchId = `${id}-${d.randomId()}`;
      // Claim both (each a conditional write), so a concurrent pairing cannot seat a player twice.
      const ca = await updateEntrant(id, a, (e) => (e.busy === null ? { ...e, busy: matchId } : null));
      const cb =
        ca === null ? null : await updateEntrant(id, b, (e) => (e.busy === null ? { ...e, busy: matchId } : null));
      const release = async (p: string): Promise<void> => {
        await updateEntrant(id, p, (e) => (e.busy === matchId ? { ...e, busy: null } : null));
      };
      if (ca === null || cb === null) {
        if (ca !== null) await release(a);
        continue;
      }
      const match = await d.startMatch({
        id: matchId,
        tournament: id,
        game: m.game,
        options: m.options,
        preset: m.preset,
        rated: m.rated,
        sides: [
          { playerId: a, connId: by.get(a)?.connId ?? null },
          { playerId: b, connId: by.get(b)?.connId ?? null },
        ],
      });
      if (match === null) {
        await release(a);
        await release(b);
        continue;
      }
      await store.putGame(id, {
        id: matchId,
        first: a,
        second: b,
        startedAt: match.createdAt,
        endedAt: null,
        result: null,
        berserk: [false, false],
        moves: 0,
      });
      started++;
      for (const [p, seat] of [
        [a, 0],
        [b, 1],
      ] as const) {
        const c = by.get(p)?.connId ?? null;
        if (c !== null)
          await d.send(c, { type: "tour.paired", id, round: 0, board: 0, seat, opponent: seat === 0 ? b : a, matchId });
      }
    }
    return started;
  }

  // ---- messages ----

  async function create(connId: string, playerId: string, msg: TourCreate): Promise<object> {
    const now = d.now();
    if (msg.kind === "swiss" && msg.rounds === undefined)
      refuse("tour/bad_options", "a Swiss needs its number of rounds");
    if (msg.kind === "arena" && msg.minutes === undefined) refuse("tour/bad_options", "an arena needs its length");
    if (msg.startsAt > now + MAX_AHEAD) refuse("tour/bad_options", "start within 30 days");
    const engine = makeEngine(
      msg.game,
      msg.game === "ayo" ? { ...msg.options, vsComputer: false } : (msg.options ?? {}),
    );
    if (!engine.ok) refuse("tour/bad_options", engine.error.message);
    if (!(await d.take(`create#${playerId}`, d.limits.createsPerDay, DAY, now)))
      refuse("rate/limited", `at most ${d.limits.createsPerDay} tournaments a day`);
    const id = d.randomId();
    let code: string | null = null;
    if (msg.private === true)
      for (let i = 0; i < 8 && code === null; i++) {
        const c = d.randomCode();
        if (await store.claimCode(c, id)) code = c;
      }
    if (msg.private === true && code === null) throw new Error("no free tournament code");
    const startsAt = Math.max(now, msg.startsAt);
    const meta: TourMeta = {
      id,
      kind: msg.kind,
      name: msg.name,
      game: msg.game,
      options: engine.ok ? { ...engine.value.options } : {},
      preset: msg.preset,
      rated: msg.rated === true,
      startsAt,
      endsAt: msg.kind === "arena" ? startsAt + (msg.minutes ?? 0) * 60_000 : null,
      rounds: msg.kind === "swiss" ? (msg.rounds ?? 1) : null,
      private: msg.private === true,
      maxPlayers: msg.maxPlayers ?? TOUR_MAX_PLAYERS,
      byePoints: msg.byePoints ?? 1,
      tiebreaks: msg.tiebreaks ?? [...DEFAULT_TIEBREAKS],
      manualRounds: msg.manualRounds === true,
      overTheBoard: msg.overTheBoard === true,
      organiser: playerId,
      status: "upcoming",
      round: 0,
      players: 0,
      code,
      createdAt: now,
      rev: 0,
    };
    if (!(await store.putMeta(meta, null))) throw new Error(`tournament id ${id} already used`);
    await store.setActive(id, true);
    await listed(meta);
    void connId;
    return { type: "tour.created", id, code };
  }

  async function join(
    connId: string,
    playerId: string,
    id0: string | undefined,
    code: string | undefined,
  ): Promise<object> {
    const now = d.now();
    if (!(await d.take(`join#${playerId}`, d.limits.joinsPerHour, HOUR, now)))
      refuse("rate/limited", `at most ${d.limits.joinsPerHour} joins an hour`);
    const id = id0 ?? (code !== undefined ? await store.codeOf(code) : null);
    if (id === null) refuse(code !== undefined ? "tour/wrong_code" : "tour/not_found", "no tournament with that code");
    const m = (await store.get(id as string)) ?? refuse("tour/not_found", "no such tournament");
    if (m.private && (code === undefined || code !== m.code))
      refuse("tour/wrong_code", "this tournament is joined with its code");
    if (m.status === "finished" || (m.kind === "swiss" && m.round >= (m.rounds ?? 0) && m.round > 0))
      refuse("tour/closed", "this tournament has ended");
    const had = await store.getEntrant(m.id, playerId);
    if (had === null) {
      if (m.players >= m.maxPlayers) refuse("tour/full", "this tournament is full");
      const who = (await d.player(playerId, m.game)) ?? refuse("auth/required", "sign in first");
      const seat = await updateMeta(m.id, (x) => (x.players >= x.maxPlayers ? null : { ...x, players: x.players + 1 }));
      if (seat === null) refuse("tour/full", "this tournament is full");
      await store.putEntrant(
        m.id,
        {
          playerId,
          name: who.name,
          rating: Math.round(who.rating),
          joinedAt: now,
          withdrawn: false,
          connId,
          busy: null,
          last: null,
          firstBalance: 0,
          rev: 0,
        },
        null,
      );
    } else await updateEntrant(m.id, playerId, (e) => ({ ...e, withdrawn: false, connId }));
    if (m.kind === "arena" && m.status === "live") await pairFree(m.id);
    return { ...stateFor(await load(m.id), playerId), type: "tour.joined" };
  }

  async function handle(connId: string, playerId: string | null, msg: TourClientMessage): Promise<object> {
    const rid: Rid = msg.rid;
    const withRid = (o: object): object => (rid !== undefined ? { ...o, rid } : o);
    try {
      if (playerId === null) refuse("auth/required", "prove your identity first (auth.hello)");
      const me = playerId as string;
      switch (msg.type) {
        case "tour.create":
          return withRid(await create(connId, me, msg));
        case "tour.join":
          return withRid(await join(connId, me, msg.id, msg.code));
        case "tour.leave": {
          const e = await updateEntrant(msg.id, me, (x) => (x.withdrawn ? null : { ...x, withdrawn: true }));
          if (e === null && (await store.getEntrant(msg.id, me)) === null)
            refuse("tour/not_joined", "you have not joined");
          return withRid({ type: "tour.left", id: msg.id });
        }
        case "tour.sync": {
          const items = await load(msg.id);
          if (items.entrants.some((e) => e.playerId === me))
            await updateEntrant(msg.id, me, (x) => (x.connId === connId ? null : { ...x, connId }));
          return withRid(stateFor(items, me));
        }
        case "tour.start": {
          const m = (await store.get(msg.id)) ?? refuse("tour/not_found", "no such tournament");
          if (m.organiser !== me) refuse("tour/forbidden", "only the organiser starts the tournament");
          if (m.status === "finished") refuse("tour/closed", "this tournament has ended");
          if (m.kind === "arena") {
            await updateMeta(m.id, (x) =>
              x.status === "upcoming"
                ? { ...x, status: "live", startsAt: d.now(), endsAt: d.now() + ((x.endsAt ?? 0) - x.startsAt) }
                : null,
            );
            await pairFree(m.id);
          } else await nextRound(m.id, true);
          return withRid(stateFor(await load(m.id), me));
        }
        case "tour.remove": {
          const m = (await store.get(msg.id)) ?? refuse("tour/not_found", "no such tournament");
          if (m.organiser !== me) refuse("tour/forbidden", "only the organiser removes a player");
          const e = await updateEntrant(msg.id, msg.playerId, (x) => (x.withdrawn ? null : { ...x, withdrawn: true }));
          if (e === null && (await store.getEntrant(msg.id, msg.playerId)) === null)
            refuse("tour/not_joined", "no such player in this tournament");
          return withRid(stateFor(await load(msg.id), me));
        }
        case "tour.result": {
          const items = await load(msg.id);
          if (items.meta.organiser !== me) refuse("tour/forbidden", "only the organiser enters results");
          const b =
            items.boards.find((x) => x.round === msg.round && x.board === msg.board && x.second !== null) ??
            refuse("tour/no_board", "no such board");
          await store.putBoard(
            msg.id,
            { ...b, result: msg.result, forfeit: msg.forfeit === true, entered: true },
            false,
          );
          await afterResult(msg.id);
          return withRid(stateFor(await load(msg.id), me));
        }
      }
    } catch (e) {
      if (e instanceof Refusal) return makeTourError(e.code, e.message, rid);
      throw e;
    }
  }

  async function ended(match: MatchRecord): Promise<void> {
    const id = match.tournament;
    if (id === undefined) return;
    const items = await store.all(id);
    if (items === null) return;
    const { result, forfeit } = resultOf(match);
    if (items.meta.kind === "swiss") {
      const b = items.boards.find((x) => x.matchId === match.id);
      if (b === undefined || b.entered || b.result !== null) return;
      await store.putBoard(id, { ...b, result, forfeit }, false);
      await afterResult(id);
      return;
    }
    const g = items.games.find((x) => x.id === match.id);
    if (g === undefined || g.result !== null) return;
    const done: ArenaGame = { ...g, endedAt: match.endedAt ?? d.now(), result, moves: match.moves.length };
    await store.putGame(id, done);
    for (const [p, other, delta] of [
      [g.first, g.second, 1],
      [g.second, g.first, -1],
    ] as const)
      await updateEntrant(id, p, (e) =>
        e.busy === match.id ? { ...e, busy: null, last: other, firstBalance: e.firstBalance + delta } : null,
      );
    await pairFree(id);
    await pushStandings(id);
  }

  /**
   * When this instance last swept a live tournament's partition: a Swiss round normally follows its
   * last result and an arena pairs whenever a game ends, so the timer's own look is a fallback, at
   * most every `SWEEP_MS` (a Query of the whole partition each second would cost more than the games).
   */
  const swept = new Map<string, number>();
  const due = (id: string, now: number): boolean => {
    if (now - (swept.get(id) ?? -Infinity) < SWEEP_MS) return false;
    swept.set(id, now);
    return true;
  };

  async function tick(): Promise<{ tournaments: number }> {
    const ids = await store.active();
    const now = d.now();
    for (const id of ids) {
      const m = await store.get(id);
      if (m === null) {
        await store.setActive(id, false);
        continue;
      }
      if (m.status === "finished") {
        await store.setActive(id, false);
        continue;
      }
      if (m.kind === "arena") {
        if (m.status === "upcoming" && now >= m.startsAt)
          await updateMeta(id, (x) => (x.status === "upcoming" ? { ...x, status: "live" } : null));
        if (now >= (m.endsAt ?? 0)) await finish(id);
        else if (due(id, now)) await pairFree(id);
        continue;
      }
      if (m.status === "upcoming" && now >= m.startsAt) await nextRound(id, false);
      else if (m.status === "live" && !m.manualRounds && due(id, now)) await nextRound(id, false);
    }
    return { tournaments: ids.length };
  }

  return { handle, ended, tick };
}
