/**
 * Ranked play, composed from its domains: identity (functions/identity), names (functions/names),
 * matchmaking (functions/matchmaking), matches (functions/matches) and ratings (functions/ratings).
 * This module only routes each validated message to its domain and settles an ended match across
 * them; the rules themselves are pure and live in core/ranked/.
 *
 * A connection's player id comes from the connection item the router has already read (`auth`),
 * so a move costs one read of the match item, one conditional write and one post to each player.
 */
import { makeEngine } from "../../core/games/index.js";
import {
  applyAbort,
  applyAgreeEnd,
  applyMove,
  applyResign,
  makeMatch,
  makeMatchView,
  otherSeat,
  seatOf,
} from "../../core/ranked/game.js";
import { scoreOf } from "../../core/ranked/settle.js";
import { defaultPreset, type TimePreset } from "../../core/ranked/presets.js";
import type { MatchRecord, RatingChange } from "../../core/ranked/types.js";
import {
  isMatchAction,
  makeRankedError,
  type RankedClientMessage,
  type RankedErrorCode,
  type RankedMatchAction,
} from "../../core/protocol/ranked.js";
import { GAMES, type GameId } from "../../core/types.js";
import { hello, prove, updateProfile } from "../identity/identity.js";
import type { Profile, RankedConnAuth } from "../identity/store.js";
import { createMatches, type ActResult, type PlayerOf } from "../matches/matches.js";
import { createMatchmaking, optionsKey } from "../matchmaking/matchmaking.js";

/**
 * A pool's key: the options, the time control, "casual" for games that settle no rating, and
 * "open" for a lobby seek (listed, never paired by the queue).
 */
function poolKey(
  options: Readonly<Record<string, number | boolean>>,
  preset: TimePreset,
  casual: boolean,
  open = false,
): string {
  return `${optionsKey(options)}|${preset}${casual ? "|casual" : ""}${open ? "|open" : ""}`;
}
import type { SeekRecord } from "../matchmaking/store.js";
import { chooseName, claimAfterRatedGame } from "../names/names.js";
import { generatedName } from "../../core/names.js";
import { allowIdentity } from "../lib/flood.js";
import {
  createLobby,
  challengeView,
  CHALLENGES_LISTED,
  LOBBY_CAP_DEFAULT,
  openSeekView,
  splitSeekId,
} from "../lobby/lobby.js";
import type { ChallengeRecord } from "../lobby/store.js";
import { rankedQuotas } from "./quota.js";
import { allStats, applyResult, currentRating, renameRecords } from "../ratings/ratings.js";
import type { RankedPorts } from "./types.js";

type Rid = string | number | undefined;

export interface RankedService {
  /**
   * Handles one validated `auth.*` / `ranked.*` message from a connection. `auth` is the
   * connection's ranked attributes when the caller has the connection item in hand; otherwise
   * they are read.
   */
  handle(connId: string, msg: RankedClientMessage, auth?: RankedConnAuth | null, address?: string): Promise<void>;
  /** A connection closed: its seeks go, its matches start their grace period. */
  disconnected(connId: string, auth?: RankedConnAuth | null): Promise<void>;
  /** The timer: ends the matches that are due, settles finished ones, pairs waiting seekers. */
  tick(): Promise<TickReport>;
  /** Whether the timer has anything to watch: a match on the deadline index, or (from a tick) a seeker. */
  busy(report: TickReport): Promise<boolean>;
}

export interface TickReport {
  /** Due matches the tick read (not all active ones). */
  readonly matches: number;
  readonly ended: number;
  readonly paired: number;
  /** Seekers still waiting after the tick. */
  readonly waiting: number;
}

export function createRankedService(ports: RankedPorts): RankedService {
  const { stores, gateway, config } = ports;
  const send = gateway.send.bind(gateway);
  const allowPlayer =
    ports.allowPlayer ?? ((playerId: string, now: number) => allowIdentity(`player:${playerId}`, now));

  async function error(
    connId: string,
    rid: Rid,
    code: RankedErrorCode,
    message: string,
    extra: { matchId?: string; version?: number } = {},
  ): Promise<void> {
    await send(connId, makeRankedError(code, message, { ...(rid !== undefined ? { rid } : {}), ...extra }));
  }

  /**
   * Profiles leave the match, ratings take the result, and a rated game keeps both names live (or
   * claims the name a player chose before their first rated game). Idempotent.
   */
  async function onEnded(m: MatchRecord): Promise<readonly [RatingChange, RatingChange] | null> {
    const at = m.endedAt ?? ports.now();
    const rated = m.rated && m.result !== null;
    const profiles: (Profile | null)[] = [];
    for (const s of [0, 1] as const) {
      const p = await updateProfile(stores.identity, m.seats[s].playerId, (x) =>
        x.activeMatch === m.id || (rated && (x.ratedAt ?? 0) < at)
          ? {
              ...x,
              activeMatch: x.activeMatch === m.id ? null : x.activeMatch,
              ratedAt: rated ? Math.max(x.ratedAt ?? 0, at) : (x.ratedAt ?? null),
            }
          : null,
      );
      profiles.push(p);
    }
    if (!rated || m.result === null) {
      await ports.archive?.ended(m, null);
      if (m.tournament !== undefined) await ports.tournament?.ended(m);
      return null;
    }
    const result = m.result;
    const changes = [
      await applyResult(stores.ratings, m.game, m.id, m.seats[0], m.seats[1], scoreOf(result, 0), at),
      await applyResult(stores.ratings, m.game, m.id, m.seats[1], m.seats[0], scoreOf(result, 1), at),
    ] as const;
    await ports.archive?.ended(m, changes);
    if (m.tournament !== undefined) await ports.tournament?.ended(m);
    for (const p of profiles) if (p !== null) await nameAfterRatedGame(p, at);
    return changes;
  }

  /** A rated game extends the player's claim, or claims the name they chose before it. */
  async function nameAfterRatedGame(p: Profile, at: number): Promise<void> {
    const playerId = p.playerId;
    const claimed = await claimAfterRatedGame(stores.names, p, at);
    if (claimed === null) return;
    const name = p.wanted ?? p.name;
    if (name === null) return;
    await updateProfile(stores.identity, playerId, (x) =>
      x.skeleton === claimed ? null : { ...x, name, skeleton: claimed, wanted: null },
    );
    await renameRecords(stores.ratings, playerId, name);
  }

  const matches = createMatches({
    store: stores.matches,
    gateway,
    now: ports.now,
    graceMs: config.graceMs,
    onEnded,
    watched: ports.spectate?.fanOut,
    notify: ports.push?.notifyMatch,
  });
  const matchmaking = createMatchmaking(stores.seeks, config, ports.now);
  const lobby = createLobby({
    store: stores.lobby,
    send: (c, m) => ports.gateway.send(c, m),
    now: ports.now,
    cap: ports.lobbyCap ?? LOBBY_CAP_DEFAULT,
  });

  /** Takes a seek off the queue on its token; an open one leaves the lobby's live view. */
  async function dropSeek(s: SeekRecord): Promise<boolean> {
    const taken = await stores.seeks.takeSeek(s.game, s.playerId, s.token);
    if (taken && s.open === true) await lobby.removed(s);
    return taken;
  }

  /**
   * Seats a player in match `id`: a conditional write on the profile's rev, refused while the
   * profile names another match still in play. A player can be paired twice at once (a seek sent
   * again, by a resend or on a new connection, while the first is being paired, leaves a second
   * seek in the queue); this write is where the second pairing loses.
   */
  async function claimSeat(playerId: string, id: string): Promise<boolean> {
    for (let i = 0; i < 8; i++) {
      const p = await stores.identity.getProfile(playerId);
      if (p === null) return false;
      if (p.activeMatch === id) return true;
      if (p.activeMatch !== null) {
        const other = await stores.matches.getMatch(p.activeMatch);
        if (other !== null && (await matches.enforceTime(other)).status === "active") return false;
      }
      if (await stores.identity.putProfile({ ...p, activeMatch: id, rev: p.rev + 1 }, p.rev)) return true;
    }
    throw new Error(`profile ${playerId} kept changing`);
  }

  /**
   * Starts a match between two seeks; `rid` is that of `b`'s seek when it paired at once (its answer
   * is the start). Returns the seeks whose players are already in a match in play (empty: started);
   * then the match is written off unannounced and nobody is seated in it.
   */
  async function startMatch(
    a: SeekRecord,
    b: SeekRecord,
    rid?: Rid,
    /** Who takes seat 0 (a rematch's swapped sides), instead of a random seat. */
    first?: SeekRecord,
  ): Promise<readonly SeekRecord[]> {
    const now = ports.now();
    const [s0, s1] = (first === undefined ? ports.randomSeat() === 0 : first === a) ? [a, b] : [b, a];
    const seat = (s: SeekRecord) => ({
      playerId: s.playerId,
      name: s.name,
      rating: s.rating,
      rd: s.rd,
      vol: s.vol,
      games: s.games ?? 0, // a seek stored before weights existed
    });
    const m = makeMatch({
      id: ports.randomId(),
      game: a.game,
      options: a.options,
      seats: [seat(s0), seat(s1)],
      conns: [s0.connId, s1.connId],
      clock: config.clockFor(a.game, a.options, a.preset),
      now,
      firstMoveMs: config.firstMoveMs,
      ...(a.preset !== undefined ? { preset: a.preset } : {}),
      ...(a.casual === true ? { casual: true } : {}),
    });
    // The match exists before anyone is seated in it, so a seat never names a match that is not there.
    if (!(await stores.matches.putMatch(m, null))) throw new Error(`match id ${m.id} already used`);
    const busy: SeekRecord[] = [];
    const seated: string[] = [];
    for (const s of [s0, s1]) {
      if (await claimSeat(s.playerId, m.id)) seated.push(s.playerId);
      else busy.push(s);
    }
    if (busy.length > 0) {
      for (const playerId of seated)
        await updateProfile(stores.identity, playerId, (p) =>
          p.activeMatch === m.id ? { ...p, activeMatch: null } : null,
        );
      const off: MatchRecord = {
        ...m,
        status: "aborted",
        result: null,
        rated: false,
        endedAt: now,
        settled: true,
        dueAt: null,
        conns: [null, null],
        rev: m.rev + 1,
      };
      await stores.matches.putMatch(off, m.rev);
      return busy;
    }
    await ports.archive?.started(m);
    const view = makeMatchView(m, now);
    await Promise.all(
      [0, 1].map((s) =>
        m.conns[s] !== null
          ? send(m.conns[s] as string, {
              type: "ranked.start",
              ...(rid !== undefined && m.conns[s] === b.connId ? { rid } : {}),
              seat: s as 0 | 1,
              match: view,
            })
          : false,
      ),
    );
    return [];
  }

  /** The timer's pairing: a pair that cannot start puts back the seek of whoever is free. */
  async function startQueued(a: SeekRecord, b: SeekRecord): Promise<void> {
    const busy = await startMatch(a, b);
    if (busy.length === 0) return;
    for (const s of [a, b]) if (!busy.includes(s)) await stores.seeks.putSeek(s);
  }

  // ---- names ----

  /** The name others see: the claimed one, else one generated from the player id. */
  function shownName(p: Profile): string {
    return p.name ?? generatedName(p.playerId);
  }

  /** Chooses a name: claimed at once after a rated game, else kept as the player's wish. */
  async function setName(
    connId: string,
    rid: Rid,
    playerId: string,
    raw: string,
    address: string | undefined,
  ): Promise<{ readonly name: string; readonly claimed: boolean } | null> {
    const profile = await stores.identity.getProfile(playerId);
    if (profile === null) return null;
    const chosen = await chooseName(stores.names, stores.counters, { connId, address }, profile, raw, ports.now());
    if (!chosen.ok) {
      await error(connId, rid, chosen.error.code, chosen.error.message);
      return null;
    }
    const { name, skeleton, claimed } = chosen.value;
    let old: string | null = null;
    await updateProfile(stores.identity, playerId, (p) => {
      old = p.skeleton;
      if (!claimed) return p.wanted === name ? null : { ...p, wanted: name };
      return p.name === name && p.skeleton === skeleton && (p.wanted ?? null) === null
        ? null
        : { ...p, name, skeleton, wanted: null };
    });
    if (claimed) {
      if (old !== null && old !== skeleton) await stores.names.release(old, playerId);
      await renameRecords(stores.ratings, playerId, name);
    }
    return { name, claimed };
  }

  // ---- auth ----

  async function signedIn(playerId: string): ReturnType<typeof prove> {
    const p = await stores.identity.getProfile(playerId);
    return p === null
      ? { ok: false, error: { code: "auth/no_challenge", message: "send auth.hello first" } }
      : { ok: true, value: p };
  }

  async function doProve(
    connId: string,
    rid: Rid,
    auth: RankedConnAuth | null,
    signature: string,
    name: string | undefined,
    address: string | undefined,
  ): Promise<void> {
    const now = ports.now();
    // A proof sent again on a connection it has already signed in (the answer was lost after the
    // handler ran) is answered as the first was: the connection is that player's already. Anywhere
    // else a proof without its pending challenge is refused, before any quota is taken (no write).
    const again = auth !== null && auth.playerId !== null && auth.challenge === null;
    if (!again && (auth === null || auth.challenge === null || auth.challengeFor === null))
      return error(connId, rid, "auth/no_challenge", "send auth.hello first");
    const q = rankedQuotas();
    const claimed = auth?.challengeFor ?? null;
    const [byPlayer, byAddress] = await Promise.all([
      claimed === null ||
        stores.quota.take(`in#p#${claimed}`, q.signInPerPlayer.limit, q.signInPerPlayer.windowMs, now),
      address === undefined ||
        stores.quota.take(`in#a#${address}`, q.signInPerAddress.limit, q.signInPerAddress.windowMs, now),
    ]);
    if (!byPlayer || !byAddress) {
      return error(connId, rid, "rate/limited", "too many sign-ins; try again in a few minutes");
    }
    const mayCreate = async (): Promise<boolean> =>
      address === undefined ||
      stores.quota.take(`new#a#${address}`, q.newIdentityPerAddress.limit, q.newIdentityPerAddress.windowMs, now);
    const proven = again
      ? await signedIn(auth.playerId as string)
      : await prove(stores.identity, connId, auth, signature, now, mayCreate);
    if (!proven.ok) return error(connId, rid, proven.error.code, proven.error.message);
    const playerId = proven.value.playerId;
    let profile = proven.value;
    if (profile.skeleton !== null && !(await stores.names.holds(profile.skeleton, playerId, now))) {
      // Back after the name lapsed: signing in does not renew it (a rated game does). It is their
      // wish again, claimed after their next rated game unless someone has taken a look-alike by then.
      profile =
        (await updateProfile(stores.identity, playerId, (p) =>
          p.skeleton === null ? null : { ...p, name: null, skeleton: null, wanted: p.wanted ?? p.name },
        )) ?? profile;
    }
    if (name !== undefined) await setName(connId, rid, playerId, name, address); // a refused name is reported; the identity stands
    profile = (await stores.identity.getProfile(playerId)) ?? profile;
    let active = profile.activeMatch;
    if (active !== null) {
      const m = await stores.matches.getMatch(active);
      if (m === null || m.status !== "active" || (await matches.enforceTime(m)).status !== "active") active = null;
    }
    await send(connId, {
      type: "auth.ok",
      ...(rid !== undefined ? { rid } : {}),
      playerId,
      name: profile.name,
      shown: shownName(profile),
      pending: profile.wanted ?? null,
      stats: await allStats(stores.ratings, playerId),
      activeMatch: active,
    });
    if (active !== null) await matches.attach(connId, undefined, playerId, active);
  }

  // ---- seeking ----

  interface Pool {
    readonly preset?: TimePreset;
    readonly casual?: boolean;
    /** A lobby seek: listed for anyone to accept, never paired by the queue. */
    readonly open?: boolean;
    readonly range?: number | null;
  }

  /**
   * Takes one of a player's and one of their network's allowance of an action (`seek`, `lw`, `ch`:
   * the counter keys' prefixes), both at once; false when either is spent.
   */
  async function allowBoth(
    kind: "seek" | "lw" | "ch",
    perPlayer: { readonly limit: number; readonly windowMs: number },
    perAddress: { readonly limit: number; readonly windowMs: number },
    playerId: string,
    address: string | undefined,
  ): Promise<boolean> {
    const now = ports.now();
    const [byPlayer, byAddress] = await Promise.all([
      stores.quota.take(`${kind}#p#${playerId}`, perPlayer.limit, perPlayer.windowMs, now),
      address === undefined || stores.quota.take(`${kind}#a#${address}`, perAddress.limit, perAddress.windowMs, now),
    ]);
    return byPlayer && byAddress;
  }

  /** The match a player is in and still playing (its time enforced), or null; a stale mark is cleared. */
  async function playing(playerId: string, profile?: Profile | null): Promise<MatchRecord | null> {
    const p = profile !== undefined ? profile : await stores.identity.getProfile(playerId);
    if (p === null || p.activeMatch === null) return null;
    const m = await stores.matches.getMatch(p.activeMatch);
    const live = m === null ? null : await matches.enforceTime(m);
    if (live !== null && live.status === "active") return live;
    await updateProfile(stores.identity, playerId, (x) =>
      x.activeMatch === p.activeMatch ? { ...x, activeMatch: null } : null,
    );
    return null;
  }

  async function inMatchError(connId: string, rid: Rid, m: MatchRecord | null): Promise<void> {
    return error(connId, rid, "ranked/in_match", "you are already in a ranked match", {
      ...(m !== null ? { matchId: m.id, version: m.version } : {}),
    });
  }

  /**
   * The seek a player makes (for the queue, the lobby, or to accept a lobby seek): the quota, the
   * identity, no match in play, options the engine takes. The player's earlier seeks go (one seek at
   * a time); null when refused (the refusal is sent).
   */
  async function seeker(
    connId: string,
    rid: Rid,
    playerId: string,
    game: GameId,
    rawOptions: Record<string, unknown> | undefined,
    address: string | undefined,
    pool: Pool,
  ): Promise<SeekRecord | null> {
    const now = ports.now();
    const q = rankedQuotas();
    if (!(await allowBoth("seek", q.seekPerPlayer, q.seekPerAddress, playerId, address))) {
      await error(connId, rid, "rate/limited", "too many seeks; try again in a few minutes");
      return null;
    }
    const profile = await stores.identity.getProfile(playerId);
    if (profile === null) {
      await error(connId, rid, "auth/required", "prove your identity first (auth.hello)");
      return null;
    }
    const live = await playing(playerId, profile);
    if (live !== null) {
      await inMatchError(connId, rid, live);
      return null;
    }
    const engine = makeEngine(game, game === "ayo" ? { ...rawOptions, vsComputer: false } : (rawOptions ?? {}));
    if (!engine.ok) {
      await error(connId, rid, "ranked/bad_options", engine.error.message);
      return null;
    }
    const options = engine.value.options;
    const preset = pool.preset ?? defaultPreset(game, options);
    const casual = pool.casual === true;
    const open = pool.open === true;
    // One pool per game, options, time control and rated/casual: only equal keys are paired.
    const key = poolKey(options, preset, casual, open);
    let since = now;
    for (const g of GAMES) {
      const old = await stores.seeks.getSeek(g, playerId);
      if (old === null) continue;
      if (g === game && old.optionsKey === key) since = old.since; // a repeated seek keeps its place
      await dropSeek(old);
    }
    const r = await currentRating(stores.ratings, playerId, game, now);
    return {
      game,
      optionsKey: key,
      options,
      preset,
      casual,
      ...(open ? { open: true, range: pool.range ?? null } : {}),
      playerId,
      name: shownName(profile),
      rating: r.rating,
      rd: r.rd,
      vol: r.vol,
      games: r.games,
      connId,
      since,
      token: ports.randomId(),
      expiresAt: now + (open ? config.lobbySeekTtlMs : config.seekTtlMs),
    };
  }

  async function inMatch(connId: string, rid: Rid, playerId: string): Promise<void> {
    const p = await stores.identity.getProfile(playerId);
    const m = p === null || p.activeMatch === null ? null : await stores.matches.getMatch(p.activeMatch);
    return inMatchError(connId, rid, m);
  }

  async function seek(
    connId: string,
    rid: Rid,
    playerId: string,
    game: GameId,
    rawOptions: Record<string, unknown> | undefined,
    address: string | undefined,
    pool: Pool = {},
  ): Promise<void> {
    const me = await seeker(connId, rid, playerId, game, rawOptions, address, { ...pool, open: false });
    if (me === null) return;
    for (let i = 0; i < 3; i++) {
      const found = await matchmaking.pairFor(me, false);
      if (found === null) break;
      // Paired at once: the start answers the seek (a client waits for an answer with its request id).
      const busy = await startMatch(found, me, rid);
      if (busy.length === 0) return;
      if (busy.includes(me)) {
        if (!busy.includes(found)) await stores.seeks.putSeek(found);
        return inMatch(connId, rid, playerId);
      }
      // The other seeker was in a match already: its seek is gone; look for another.
    }
    await stores.seeks.putSeek(me);
    await send(connId, {
      type: "ranked.seeking",
      ...(rid !== undefined ? { rid } : {}),
      game,
      options: { ...me.options },
      preset: me.preset,
      casual: me.casual,
      since: me.since,
    });
    // A seeker who arrived at the same moment may have missed us, and we them: look once more.
    const late = await matchmaking.pairFor(me, true);
    if (late !== null) await startQueued(late, me);
  }

  async function cancel(connId: string, rid: Rid, playerId: string, open: boolean): Promise<void> {
    let any = false;
    for (const g of GAMES) {
      const s = await stores.seeks.getSeek(g, playerId);
      if (s !== null && (s.open === true) === open && (await dropSeek(s))) any = true;
    }
    if (open) {
      if (!any) return error(connId, rid, "lobby/not_posted", "you have no open seek in the lobby");
      await send(connId, { type: "lobby.cancelled", ...(rid !== undefined ? { rid } : {}) });
      return;
    }
    if (!any) return error(connId, rid, "ranked/not_seeking", "you are not seeking a game");
    await send(connId, { type: "ranked.cancelled", ...(rid !== undefined ? { rid } : {}) });
  }

  // ---- the lobby ----

  async function post(
    connId: string,
    rid: Rid,
    playerId: string,
    msg: Extract<RankedClientMessage, { type: "lobby.post" }>,
    address: string | undefined,
  ): Promise<void> {
    const me = await seeker(connId, rid, playerId, msg.game, msg.options, address, {
      ...(msg.preset !== undefined ? { preset: msg.preset } : {}),
      casual: msg.casual === true,
      open: true,
      range: msg.range ?? null,
    });
    if (me === null) return;
    await stores.seeks.putSeek(me);
    await lobby.added(me);
    await send(connId, { type: "lobby.posted", ...(rid !== undefined ? { rid } : {}), seek: openSeekView(me) });
  }

  async function watchLobby(
    connId: string,
    rid: Rid,
    playerId: string,
    game: GameId,
    address: string | undefined,
  ): Promise<void> {
    const q = rankedQuotas();
    if (!(await allowBoth("lw", q.lobbyWatchPerPlayer, q.lobbyWatchPerAddress, playerId, address)))
      return error(connId, rid, "rate/limited", "too many lobby views; try again later");
    await send(connId, await lobby.watch(connId, rid, game, await stores.seeks.listSeeks(game)));
  }

  /** Accepts an open seek: of two players accepting one seek, exactly one deletes it and plays. */
  async function accept(
    connId: string,
    rid: Rid,
    playerId: string,
    game: GameId,
    seekId: string,
    address: string | undefined,
  ): Promise<void> {
    const id = splitSeekId(seekId);
    const gone = (): Promise<void> => error(connId, rid, "lobby/gone", "that seek was taken, cancelled or has expired");
    if (id === null) return gone();
    if (id.playerId === playerId) return error(connId, rid, "lobby/own_seek", "this is your own seek");
    const found = await stores.seeks.getSeek(game, id.playerId);
    if (found === null || found.open !== true || found.token !== id.token) return gone();
    const me = await seeker(connId, rid, playerId, game, { ...found.options }, address, {
      ...(found.preset !== undefined ? { preset: found.preset } : {}),
      casual: found.casual === true,
    });
    if (me === null) return;
    if (found.range !== undefined && found.range !== null && Math.abs(me.rating - found.rating) > found.range) {
      return error(
        connId,
        rid,
        "lobby/out_of_range",
        `this seek is for players rated within ±${found.range} of ${Math.round(found.rating)}`,
      );
    }
    if (!(await dropSeek(found))) return gone();
    const busy = await startMatch(found, me, rid);
    if (busy.length === 0) return;
    if (busy.includes(me) && !busy.includes(found)) {
      // We were paired elsewhere meanwhile: the seek goes back to the lobby as it was.
      await stores.seeks.putSeek(found);
      await lobby.added(found);
      return inMatch(connId, rid, playerId);
    }
    return gone();
  }

  // ---- challenges ----

  async function challengeSend(
    connId: string,
    rid: Rid,
    playerId: string,
    msg: Extract<RankedClientMessage, { type: "challenge.send" }>,
    address: string | undefined,
  ): Promise<void> {
    const now = ports.now();
    if (msg.to === playerId) return error(connId, rid, "challenge/self", "you cannot challenge yourself");
    const q = rankedQuotas();
    if (!(await allowBoth("ch", q.challengePerPlayer, q.challengePerAddress, playerId, address)))
      return error(connId, rid, "rate/limited", "too many challenges; try again later");
    const [me, them] = await Promise.all([stores.identity.getProfile(playerId), stores.identity.getProfile(msg.to)]);
    if (me === null) return error(connId, rid, "auth/required", "prove your identity first (auth.hello)");
    if (them === null) return error(connId, rid, "challenge/unknown_player", "no such player");
    if (them.refuseChallenges === true)
      return error(connId, rid, "challenge/refused", "this player does not take challenges");
    let game = msg.game;
    let options: Readonly<Record<string, number | boolean>>;
    let preset: TimePreset;
    let casual = msg.casual === true;
    let fromSeat: 0 | 1 | null = null;
    if (msg.rematchOf !== undefined) {
      const m = await stores.matches.getMatch(msg.rematchOf);
      const mine = m === null ? null : seatOf(m, playerId);
      if (m === null || m.status === "active" || mine === null || m.seats[otherSeat(mine)].playerId !== msg.to)
        return error(connId, rid, "challenge/not_rematch", "that is not an ended game between you two");
      game = m.game;
      options = m.options;
      preset = m.preset ?? defaultPreset(m.game, m.options);
      casual = m.casual === true;
      fromSeat = otherSeat(mine);
    } else {
      const engine = makeEngine(game, game === "ayo" ? { ...msg.options, vsComputer: false } : (msg.options ?? {}));
      if (!engine.ok) return error(connId, rid, "ranked/bad_options", engine.error.message);
      options = engine.value.options;
      preset = msg.preset ?? defaultPreset(game, options);
    }
    const r = await currentRating(stores.ratings, playerId, game, now);
    const c: ChallengeRecord = {
      id: ports.randomId(),
      from: { playerId, name: shownName(me), rating: r.rating, rd: r.rd, vol: r.vol, games: r.games },
      fromConn: connId,
      to: { playerId: msg.to, name: shownName(them) },
      game,
      options,
      preset,
      casual,
      rematchOf: msg.rematchOf ?? null,
      fromSeat,
      createdAt: now,
      expiresAt: now + config.playerChallengeTtlMs,
    };
    await stores.lobby.putChallenge(c);
    const view = challengeView(c);
    if (them.connId !== null) await send(them.connId, { type: "challenge.received", challenge: view });
    await send(connId, { type: "challenge.sent", ...(rid !== undefined ? { rid } : {}), challenge: view });
  }

  /** The challenger's side as a seek, with their rating now and the connection that last signed them in. */
  async function challengerSeek(c: ChallengeRecord): Promise<SeekRecord | null> {
    const p = await stores.identity.getProfile(c.from.playerId);
    if (p === null) return null;
    const r = await currentRating(stores.ratings, c.from.playerId, c.game, ports.now());
    return {
      game: c.game,
      optionsKey: poolKey(c.options, c.preset, c.casual),
      options: c.options,
      preset: c.preset,
      casual: c.casual,
      playerId: c.from.playerId,
      name: shownName(p),
      rating: r.rating,
      rd: r.rd,
      vol: r.vol,
      games: r.games,
      connId: p.connId ?? c.fromConn,
      since: c.createdAt,
      token: c.id,
      expiresAt: c.expiresAt,
    };
  }

  async function challengeAccept(
    connId: string,
    rid: Rid,
    playerId: string,
    from: string,
    id: string,
    address: string | undefined,
  ): Promise<void> {
    const gone = (): Promise<void> =>
      error(connId, rid, "challenge/gone", "that challenge was cancelled or has expired");
    const waiting = (await stores.lobby.challengesFor(playerId, ports.now(), CHALLENGES_LISTED)).find(
      (c) => c.from.playerId === from && c.id === id,
    );
    if (waiting === undefined) return gone();
    const me = await seeker(connId, rid, playerId, waiting.game, { ...waiting.options }, address, {
      preset: waiting.preset,
      casual: waiting.casual,
    });
    if (me === null) return;
    const c = await stores.lobby.takeChallenge(playerId, from, id, ports.now());
    if (c === null) return gone();
    const them = await challengerSeek(c);
    if (them === null) return gone();
    const busy = await startMatch(them, me, rid, c.fromSeat === 0 ? them : c.fromSeat === 1 ? me : undefined);
    if (busy.length === 0) return;
    if (busy.includes(me)) return inMatch(connId, rid, playerId);
    return error(connId, rid, "challenge/gone", "the challenger is playing another game");
  }

  async function challengeDecline(connId: string, rid: Rid, playerId: string, from: string, id: string): Promise<void> {
    const c = await stores.lobby.takeChallenge(playerId, from, id, ports.now());
    if (c === null) return error(connId, rid, "challenge/gone", "that challenge was cancelled or has expired");
    const p = await stores.identity.getProfile(from);
    const to = p?.connId ?? c.fromConn;
    await send(to, { type: "challenge.declined", id: c.id, why: "declined" });
    await send(connId, {
      type: "challenge.declined",
      ...(rid !== undefined ? { rid } : {}),
      id: c.id,
      why: "declined",
    });
  }

  async function challengeCancel(connId: string, rid: Rid, playerId: string, to: string): Promise<void> {
    const mine = (await stores.lobby.challengesFor(to, ports.now(), CHALLENGES_LISTED)).find(
      (c) => c.from.playerId === playerId,
    );
    const c = mine === undefined ? null : await stores.lobby.takeChallenge(to, playerId, mine.id, ports.now());
    if (c === null) return error(connId, rid, "challenge/gone", "no challenge of yours waits for that player");
    const p = await stores.identity.getProfile(to);
    if (p?.connId != null) await send(p.connId, { type: "challenge.cancelled", id: c.id });
    await send(connId, { type: "challenge.cancelled", ...(rid !== undefined ? { rid } : {}), id: c.id });
  }

  // ---- entry points ----

  async function handle(
    connId: string,
    msg: RankedClientMessage,
    given?: RankedConnAuth | null,
    address?: string,
  ): Promise<void> {
    const rid = msg.rid;
    if (msg.type === "auth.hello") {
      // A hello sent again (its answer slow or lost, the client resends) gets the challenge still
      // pending on this connection for the same player: a fresh one would void the first, and the
      // proof the client makes from the first answer would fail. Still one challenge, used once.
      const pending = given !== undefined ? given : await stores.identity.getAuth(connId);
      if (
        pending !== null &&
        pending.playerId === null &&
        pending.challenge !== null &&
        pending.challengeFor === msg.playerId &&
        pending.challengeExp > ports.now()
      ) {
        await send(connId, {
          type: "auth.challenge",
          ...(rid !== undefined ? { rid } : {}),
          challenge: pending.challenge,
        });
        return;
      }
      const c = await hello(stores.identity, connId, msg.playerId, ports.now(), config.challengeTtlMs);
      if (!c.ok) return error(connId, rid, c.error.code, c.error.message);
      await send(connId, { type: "auth.challenge", ...(rid !== undefined ? { rid } : {}), challenge: c.value });
      return;
    }
    if (isMatchAction(msg.type)) {
      // The acting player: from the identity in hand, else from the seat this connection holds in
      // the match item; only a connection that holds no seat there costs a read of its identity.
      const who = async (m: MatchRecord): Promise<string | null> => {
        if (given !== undefined) return given?.playerId ?? null;
        const seat = m.conns[0] === connId ? 0 : m.conns[1] === connId ? 1 : null;
        if (seat !== null) return m.seats[seat].playerId;
        return (await stores.identity.getAuth(connId))?.playerId ?? null;
      };
      return matchAction(connId, rid, who, limited(msg as RankedMatchAction));
    }
    const auth = given !== undefined ? given : await stores.identity.getAuth(connId);
    if (msg.type === "auth.prove") return doProve(connId, rid, auth, msg.signature, msg.name, address);
    const playerId = auth?.playerId ?? null;
    if (playerId === null) return error(connId, rid, "auth/required", "prove your identity first (auth.hello)");
    switch (msg.type) {
      case "auth.name": {
        const named = await setName(connId, rid, playerId, msg.name, address);
        if (named === null) return;
        const profile = await stores.identity.getProfile(playerId);
        await send(connId, {
          type: "auth.named",
          ...(rid !== undefined ? { rid } : {}),
          name: named.name,
          claimed: named.claimed,
          shown: profile === null ? generatedName(playerId) : shownName(profile),
        });
        return;
      }
      case "ranked.seek":
        return seek(connId, rid, playerId, msg.game, msg.options, address, {
          ...(msg.preset !== undefined ? { preset: msg.preset } : {}),
          ...(msg.casual !== undefined ? { casual: msg.casual } : {}),
        });
      case "ranked.cancel":
        return cancel(connId, rid, playerId, false);
      case "lobby.watch":
        return watchLobby(connId, rid, playerId, msg.game, address);
      case "lobby.unwatch":
        await lobby.unwatch(connId, msg.game);
        await send(connId, { type: "lobby.unwatched", ...(rid !== undefined ? { rid } : {}), game: msg.game });
        return;
      case "lobby.post":
        return post(connId, rid, playerId, msg, address);
      case "lobby.cancel":
        return cancel(connId, rid, playerId, true);
      case "lobby.accept":
        return accept(connId, rid, playerId, msg.game, msg.seekId, address);
      case "challenge.send":
        return challengeSend(connId, rid, playerId, msg, address);
      case "challenge.accept":
        return challengeAccept(connId, rid, playerId, msg.from, msg.id, address);
      case "challenge.decline":
        return challengeDecline(connId, rid, playerId, msg.from, msg.id);
      case "challenge.cancel":
        return challengeCancel(connId, rid, playerId, msg.to);
      case "challenge.list": {
        const incoming = await stores.lobby.challengesFor(playerId, ports.now(), CHALLENGES_LISTED);
        await send(connId, {
          type: "challenge.list",
          ...(rid !== undefined ? { rid } : {}),
          incoming: incoming.map(challengeView),
        });
        return;
      }
      case "challenge.setting": {
        const accept = msg.accept;
        await updateProfile(stores.identity, playerId, (p) =>
          (p.refuseChallenges === true) === !accept ? null : { ...p, refuseChallenges: !accept },
        );
        await send(connId, { type: "challenge.setting", ...(rid !== undefined ? { rid } : {}), accept });
        return;
      }
      case "ranked.sync": {
        const id = msg.matchId ?? (await stores.identity.getProfile(playerId))?.activeMatch ?? null;
        if (id === null) return error(connId, rid, "ranked/not_found", "you have no ranked match in play");
        return matches.attach(connId, rid, playerId, id);
      }
    }
  }

  /**
   * The acting player's own flood bucket (functions/lib/flood.ts) for a match action: the router
   * checks connection and address before the match is read; the identity is known only from the
   * match item, so it is charged here, once per message however often the write is retried.
   */
  function limited(msg: RankedMatchAction): RankedMatchAction & { readonly allow: (playerId: string) => boolean } {
    let verdict: boolean | null = null;
    return {
      ...msg,
      allow: (playerId) => (verdict ??= allowPlayer(playerId, ports.now())),
    };
  }

  function matchAction(
    connId: string,
    rid: Rid,
    who: PlayerOf,
    msg: RankedMatchAction & { readonly allow: (playerId: string) => boolean },
  ): Promise<void> {
    const act = (apply: (m: MatchRecord, now: number, playerId: string) => ActResult): Promise<void> =>
      matches.act(connId, rid, who, msg.matchId, (m, now, playerId) =>
        msg.allow(playerId)
          ? apply(m, now, playerId)
          : {
              ok: false,
              error: { code: "rate/limited", message: "too many messages for this player", version: m.version },
            },
      );
    switch (msg.type) {
      case "ranked.move":
        return act((m, now, playerId) => {
          const r = applyMove(m, playerId, msg.version, msg.move, now);
          return r.ok ? { ok: true, value: { match: r.value, notify: "update" } } : r;
        });
      case "ranked.resign":
        return act((m, now, playerId) => {
          const r = applyResign(m, playerId, now);
          return r.ok ? { ok: true, value: { match: r.value, notify: "end" } } : r;
        });
      case "ranked.abort":
        return act((m, now, playerId) => {
          const r = applyAbort(m, playerId, now);
          return r.ok ? { ok: true, value: { match: r.value, notify: "end" } } : r;
        });
      case "ranked.agree_end":
        return act((m, now, playerId) => {
          const r = applyAgreeEnd(m, playerId, msg.version, now);
          return r.ok ? { ok: true, value: { match: r.value.match, notify: r.value.ended ? "end" : "offer" } } : r;
        });
    }
  }

  async function disconnected(connId: string, given?: RankedConnAuth | null): Promise<void> {
    const a = given !== undefined ? given : await stores.identity.getAuth(connId);
    if (a !== null) await stores.identity.putAuth(connId, null);
    if (a === null || a.playerId === null) return;
    const playerId = a.playerId;
    for (const g of GAMES) {
      const s = await stores.seeks.getSeek(g, playerId);
      if (s !== null && s.connId === connId) await dropSeek(s);
    }
    const p = await stores.identity.getProfile(playerId);
    if (p === null || p.activeMatch === null) return;
    const m = await stores.matches.getMatch(p.activeMatch);
    if (m === null) return;
    const seat = seatOf(m, playerId);
    if (seat !== null) await matches.dropSeat(m.id, seat, connId);
  }

  async function tick(): Promise<TickReport> {
    const { due, ended } = await matches.tick();
    let paired = 0;
    let waiting = 0;
    for (const g of GAMES) {
      const r = await matchmaking.sweep(g, startQueued);
      paired += r.paired;
      waiting += r.waiting;
    }
    return { matches: due, ended, paired, waiting };
  }

  async function busy(report: TickReport): Promise<boolean> {
    return report.waiting > 0 || report.paired > 0 || (await stores.matches.anyPending());
  }

  return { handle, disconnected, tick, busy };
}

// ---- tournaments: a match between two known players ----

/** One side of a tournament pairing: who plays it, and the connection to tell. */
export interface PairedSide {
  readonly playerId: string;
  readonly connId: string | null;
}

/**
 * Starts a server-run match of tournament `tournament` between two known players, `sides[0]`
 * moving first (a Swiss pairing fixes who does), and tells both connections (`ranked.start`).
 * Null when either player is in another match still in play (nobody is seated then).
 */
export async function startPairedMatch(
  ports: RankedPorts,
  p: {
    readonly id: string;
    readonly tournament: string;
    readonly game: GameId;
    readonly options: Readonly<Record<string, number | boolean>>;
    readonly preset: TimePreset;
    readonly rated: boolean;
    readonly sides: readonly [PairedSide, PairedSide];
  },
): Promise<MatchRecord | null> {
  const { stores } = ports;
  const now = ports.now();
  const seats = [];
  for (const side of p.sides) {
    const profile = await stores.identity.getProfile(side.playerId);
    if (profile === null) return null;
    const r = await currentRating(stores.ratings, side.playerId, p.game, now);
    seats.push({
      playerId: side.playerId,
      name: profile.name ?? generatedName(side.playerId),
      rating: r.rating,
      rd: r.rd,
      vol: r.vol,
      games: r.games,
    });
  }
  const m = makeMatch({
    id: p.id,
    game: p.game,
    options: p.options,
    seats: [seats[0], seats[1]],
    conns: [p.sides[0].connId, p.sides[1].connId],
    clock: ports.config.clockFor(p.game, p.options, p.preset),
    now,
    firstMoveMs: ports.config.firstMoveMs,
    preset: p.preset,
    tournament: p.tournament,
    ...(p.rated ? {} : { casual: true }),
  });
  if (!(await stores.matches.putMatch(m, null))) return stores.matches.getMatch(m.id); // started already
  const seated: string[] = [];
  for (const side of p.sides) {
    const ok = await claimFree(ports, side.playerId, m.id);
    if (!ok) {
      for (const id of seated)
        await updateProfile(stores.identity, id, (x) => (x.activeMatch === m.id ? { ...x, activeMatch: null } : null));
      await stores.matches.putMatch(
        { ...m, status: "aborted", endedAt: now, settled: true, dueAt: null, conns: [null, null], rev: m.rev + 1 },
        m.rev,
      );
      return null;
    }
    seated.push(side.playerId);
  }
  await ports.archive?.started(m);
  const view = makeMatchView(m, now);
  await Promise.all(
    ([0, 1] as const).map((s) =>
      m.conns[s] !== null
        ? ports.gateway.send(m.conns[s] as string, { type: "ranked.start", seat: s, match: view })
        : false,
    ),
  );
  return m;
}

/** Seats a player in match `id` unless another match of theirs is still in play (then false). */
async function claimFree(ports: RankedPorts, playerId: string, id: string): Promise<boolean> {
  for (let i = 0; i < 8; i++) {
    const p = await ports.stores.identity.getProfile(playerId);
    if (p === null) return false;
    if (p.activeMatch === id) return true;
    if (p.activeMatch !== null) {
      const other = await ports.stores.matches.getMatch(p.activeMatch);
      if (other !== null && other.status === "active") return false;
    }
    if (await ports.stores.identity.putProfile({ ...p, activeMatch: id, rev: p.rev + 1 }, p.rev)) return true;
  }
  return false;
}
