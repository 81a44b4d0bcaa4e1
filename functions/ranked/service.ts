/**
 * The ranked service: authentication by signed challenge, seeking and pairing, running matches,
 * time and presence, and settling results into ratings. It takes its ports (store, gateway, clock,
 * randomness, config) and nothing else, so Lambda, the local server and unit tests run the same code.
 *
 * Every state change is a conditional write on the record's `rev`; the messages that report it are
 * sent only after the write succeeded (save, then broadcast). A write that loses a race is retried
 * from a fresh read, where the checks run again.
 */
import { makeEngine } from "../../core/games/index.js";
import { makeChallenge, parsePlayerId, verifyChallenge } from "../../core/identity.js";
import { nameSkeleton, parseDisplayName } from "../../core/names.js";
import { ageRating, initialRating, isProvisional, type Score } from "../../core/ratings.js";
import {
  makeRankedError, type GameStats, type RankedClientMessage, type RankedErrorCode, type RatingChange,
} from "../../core/protocol/ranked.js";
import { GAMES, type GameId, type Seat } from "../../core/types.js";
import { ratingWindow } from "./config.js";
import {
  applyAbort, applyAgreeEnd, applyAttach, applyDrop, applyMove, applyResign, applyTime, makeMatch, makeMatchView,
  otherSeat, seatOf, type MatchError,
} from "./match.js";
import { applyResult } from "./settle.js";
import type { MatchRecord, PlayerGameRecord, Profile, RankedPorts, SeekRecord } from "./types.js";

type Rid = string | number | undefined;

export interface RankedService {
  /** Handles one validated `auth.*` / `ranked.*` message from a connection. */
  handle(connId: string, msg: RankedClientMessage): Promise<void>;
  /** A connection closed: its seeks go, its matches start their grace period. */
  disconnected(connId: string): Promise<void>;
  /** The timer: ends matches on time, settles finished ones, pairs waiting seekers. */
  tick(): Promise<TickReport>;
}

export interface TickReport {
  readonly matches: number;
  readonly ended: number;
  readonly paired: number;
}

const MAX_RETRIES = 8;

export function optionsKey(options: Readonly<Record<string, number | boolean>>): string {
  return Object.keys(options)
    .sort()
    .map((k) => `${k}=${String(options[k])}`)
    .join(",");
}

export function statsOf(r: PlayerGameRecord): GameStats {
  return { rating: r.rating, rd: r.rd, games: r.games, wins: r.wins, losses: r.losses, draws: r.draws, provisional: isProvisional(r) };
}

export function createRankedService(ports: RankedPorts): RankedService {
  const { store, gateway, config } = ports;

  const send = (connId: string, msg: Parameters<typeof gateway.send>[1]): Promise<boolean> => gateway.send(connId, msg);

  async function error(connId: string, rid: Rid, code: RankedErrorCode, message: string, extra: { matchId?: string; version?: number } = {}): Promise<void> {
    await send(connId, makeRankedError(code, message, { ...(rid !== undefined ? { rid } : {}), ...extra }));
  }

  async function matchError(connId: string, rid: Rid, m: MatchRecord, e: MatchError): Promise<void> {
    await error(connId, rid, e.code, e.message, { matchId: m.id, version: e.version });
  }

  // ---- profiles ----

  async function updateProfile(playerId: string, f: (p: Profile) => Profile | null): Promise<Profile | null> {
    for (let i = 0; i < MAX_RETRIES; i++) {
      const cur = await store.getProfile(playerId);
      if (cur === null) return null;
      const next = f(cur);
      if (next === null) return cur;
      if (await store.putProfile({ ...next, rev: cur.rev + 1 }, cur.rev)) return { ...next, rev: cur.rev + 1 };
    }
    throw new Error(`profile ${playerId} kept changing`);
  }

  // ---- pushing ----

  /** Sends to one seat; a gone connection starts that seat's grace period. */
  async function pushSeat(m: MatchRecord, seat: Seat, build: (seat: Seat) => Parameters<typeof gateway.send>[1]): Promise<void> {
    const conn = m.conns[seat];
    if (conn === null) return;
    const delivered = await send(conn, build(seat));
    if (!delivered && m.status === "active") await dropSeat(m.id, seat, conn);
  }

  async function pushBoth(m: MatchRecord, build: (seat: Seat) => Parameters<typeof gateway.send>[1]): Promise<void> {
    await Promise.all([pushSeat(m, 0, build), pushSeat(m, 1, build)]);
  }

  async function dropSeat(matchId: string, seat: Seat, connId: string | null): Promise<void> {
    for (let i = 0; i < MAX_RETRIES; i++) {
      const m = await store.getMatch(matchId);
      if (m === null) return;
      const next = applyDrop(m, seat, connId, ports.now(), config.graceMs);
      if (next === null) return;
      if (await store.putMatch(next, m.rev)) {
        const conn = next.conns[otherSeat(seat)];
        if (conn !== null) {
          await send(conn, { type: "ranked.presence", matchId, seat, connected: false, graceUntil: next.graceUntil[seat] });
        }
        return;
      }
    }
  }

  // ---- ending and settling ----

  /** Brings ratings, profiles and the active list in line with an ended match; once. */
  async function settle(m: MatchRecord): Promise<{ match: MatchRecord; settledNow: boolean }> {
    let cur = m;
    for (let i = 0; i < MAX_RETRIES; i++) {
      if (cur.status === "active") return { match: cur, settledNow: false };
      if (cur.settled) {
        await store.removeActive(cur.id);
        return { match: cur, settledNow: false };
      }
      for (const s of [0, 1] as const) {
        await updateProfile(cur.seats[s].playerId, (p) => (p.activeMatch === cur.id ? { ...p, activeMatch: null } : null));
      }
      let changes: [RatingChange, RatingChange] | null = null;
      if (cur.rated && cur.result !== null) {
        const w = cur.result.winner;
        const score = (s: Seat): Score => (w === null ? 0.5 : w === s ? 1 : 0);
        const at = cur.endedAt ?? ports.now();
        changes = [
          await applyResult(store, cur.game, cur.id, cur.seats[0], cur.seats[1], score(0), at),
          await applyResult(store, cur.game, cur.id, cur.seats[1], cur.seats[0], score(1), at),
        ];
      }
      const next: MatchRecord = { ...cur, settled: true, changes, rev: cur.rev + 1 };
      if (await store.putMatch(next, cur.rev)) {
        await store.removeActive(cur.id);
        return { match: next, settledNow: true };
      }
      const again = await store.getMatch(cur.id);
      if (again === null) throw new Error(`match ${cur.id} vanished`);
      cur = again;
    }
    throw new Error(`match ${m.id} kept changing while settling`);
  }

  async function announceEnd(m: MatchRecord, rid: Rid, ridSeat: Seat | null): Promise<void> {
    const now = ports.now();
    await pushBoth(m, (seat) => ({
      type: "ranked.end",
      ...(rid !== undefined && seat === ridSeat ? { rid } : {}),
      seat,
      match: makeMatchView(m, now),
      changes: m.changes === null ? null : [m.changes[0], m.changes[1]],
    }));
  }

  /** After a write that ended the match: settle, then tell both players. */
  async function finish(m: MatchRecord, rid: Rid, ridSeat: Seat | null): Promise<MatchRecord> {
    const { match, settledNow } = await settle(m);
    if (settledNow) await announceEnd(match, rid, ridSeat);
    return match;
  }

  /** Lazily applies clocks and grace periods; returns the record as it now stands. */
  async function enforceTime(m: MatchRecord): Promise<MatchRecord> {
    let cur = m;
    for (let i = 0; i < MAX_RETRIES; i++) {
      if (cur.status !== "active") {
        return cur.settled ? cur : finish(cur, undefined, null);
      }
      const ended = applyTime(cur, ports.now(), config.firstMoveMs);
      if (ended === null) return cur;
      if (await store.putMatch(ended, cur.rev)) return finish(ended, undefined, null);
      const again = await store.getMatch(cur.id);
      if (again === null) return cur;
      cur = again;
    }
    return cur;
  }

  // ---- auth ----

  async function playerOf(connId: string): Promise<string | null> {
    const a = await store.getAuth(connId);
    return a?.playerId ?? null;
  }

  async function allStats(playerId: string): Promise<Record<string, GameStats>> {
    const out: Record<string, GameStats> = {};
    for (const r of await store.listStats(playerId)) out[r.game] = statsOf(r);
    return out;
  }

  async function setName(connId: string, rid: Rid, playerId: string, raw: string): Promise<string | null> {
    const parsed = parseDisplayName(raw);
    if (!parsed.ok) {
      await error(connId, rid, parsed.error.code, parsed.error.message);
      return null;
    }
    const name = parsed.value;
    const skeleton = nameSkeleton(name);
    if (!(await store.claimName(skeleton, playerId))) {
      await error(connId, rid, "name/taken", "another player's name looks like that one");
      return null;
    }
    let old: string | null = null;
    await updateProfile(playerId, (p) => {
      old = p.skeleton;
      return { ...p, name, skeleton };
    });
    if (old !== null && old !== skeleton) await store.releaseName(old, playerId);
    for (const r of await store.listStats(playerId)) {
      for (let cur: PlayerGameRecord | null = r, i = 0; cur !== null && cur.name !== name && i < MAX_RETRIES; i++) {
        if (await store.putStats({ ...cur, name, rev: cur.rev + 1 }, cur.rev)) break;
        cur = await store.getStats(playerId, r.game);
      }
    }
    return name;
  }

  async function hello(connId: string, rid: Rid, playerIdRaw: string): Promise<void> {
    const id = parsePlayerId(playerIdRaw);
    if (!id.ok) return error(connId, rid, id.error.code, id.error.message);
    const challenge = makeChallenge();
    await store.putAuth({ connId, playerId: null, challenge, challengeFor: id.value, expiresAt: ports.now() + config.challengeTtlMs });
    await send(connId, { type: "auth.challenge", ...(rid !== undefined ? { rid } : {}), challenge });
  }

  async function prove(connId: string, rid: Rid, signature: string, name: string | undefined): Promise<void> {
    const a = await store.getAuth(connId);
    if (a === null || a.challenge === null || a.challengeFor === null) {
      return error(connId, rid, "auth/no_challenge", "send auth.hello first");
    }
    // The challenge is used up whatever the outcome: a failed proof needs a new hello.
    await store.putAuth({ ...a, challenge: null, challengeFor: null });
    const v = verifyChallenge(a.challengeFor, a.challenge, signature);
    if (!v.ok) return error(connId, rid, v.error.code, v.error.message);
    const playerId = v.value;
    await store.putAuth({ connId, playerId, challenge: null, challengeFor: null, expiresAt: ports.now() + 24 * 3600_000 });
    const now = ports.now();
    if ((await store.getProfile(playerId)) === null) {
      await store.putProfile({ playerId, name: null, skeleton: null, createdAt: now, activeMatch: null, connId, rev: 0 }, null);
    }
    if (name !== undefined && (await setName(connId, rid, playerId, name)) === null) {
      // The identity is proven even if the name was refused; say so after the name error.
    }
    const profile = await updateProfile(playerId, (p) => ({ ...p, connId }));
    if (profile === null) throw new Error(`profile ${playerId} missing after creation`);
    let active = profile.activeMatch;
    if (active !== null) {
      const m = await store.getMatch(active);
      if (m === null || m.status !== "active") {
        if (m !== null) await enforceTime(m);
        active = null;
      }
    }
    await send(connId, {
      type: "auth.ok",
      ...(rid !== undefined ? { rid } : {}),
      playerId,
      name: profile.name,
      stats: await allStats(playerId),
      activeMatch: active,
    });
    if (active !== null) await attach(connId, undefined, playerId, active);
  }

  // ---- matches ----

  /** Attaches this connection to the player's seat and sends the whole match. */
  async function attach(connId: string, rid: Rid, playerId: string, matchId: string): Promise<void> {
    for (let i = 0; i < MAX_RETRIES; i++) {
      let m = await store.getMatch(matchId);
      if (m === null) return error(connId, rid, "ranked/not_found", "no such match", { matchId });
      const seat = seatOf(m, playerId);
      if (seat === null) return error(connId, rid, "ranked/not_player", "this match is not yours", { matchId });
      m = await enforceTime(m);
      const next = applyAttach(m, seat, connId);
      if (next !== null && !(await store.putMatch(next, m.rev))) continue;
      const cur = next ?? m;
      const view = makeMatchView(cur, ports.now());
      if (cur.status === "active") {
        await send(connId, { type: "ranked.start", ...(rid !== undefined ? { rid } : {}), seat, match: view });
        if (next !== null) {
          const other = cur.conns[otherSeat(seat)];
          if (other !== null) await send(other, { type: "ranked.presence", matchId, seat, connected: true, graceUntil: null });
        }
      } else {
        await send(connId, {
          type: "ranked.end", ...(rid !== undefined ? { rid } : {}), seat, match: view,
          changes: cur.changes === null ? null : [cur.changes[0], cur.changes[1]],
        });
      }
      return;
    }
    return error(connId, rid, "ranked/conflict", "the match kept changing; try again", { matchId });
  }

  async function sync(connId: string, rid: Rid, playerId: string, matchId: string | undefined): Promise<void> {
    const id = matchId ?? (await store.getProfile(playerId))?.activeMatch ?? null;
    if (id === null) return error(connId, rid, "ranked/not_found", "you have no ranked match in play");
    return attach(connId, rid, playerId, id);
  }

  /**
   * Runs one action on a match: read, enforce time, check and transform, write on `rev`, then push.
   * `apply` returns the new record, or an error to send back.
   */
  async function act(
    connId: string,
    rid: Rid,
    playerId: string,
    matchId: string,
    apply: (m: MatchRecord, now: number) => { ok: true; value: { match: MatchRecord; notify: "update" | "offer" | "end" } } | { ok: false; error: MatchError },
  ): Promise<void> {
    for (let i = 0; i < MAX_RETRIES; i++) {
      const read = await store.getMatch(matchId);
      if (read === null) return error(connId, rid, "ranked/not_found", "no such match", { matchId });
      if (seatOf(read, playerId) === null) return error(connId, rid, "ranked/not_player", "this match is not yours", { matchId, version: read.version });
      const m = await enforceTime(read);
      const r = apply(m, ports.now());
      if (!r.ok) return matchError(connId, rid, m, r.error);
      const { match: next, notify } = r.value;
      if (!(await store.putMatch(next, m.rev))) continue;
      const seat = seatOf(next, playerId) as Seat;
      if (notify === "end" || next.status !== "active") {
        await finish(next, rid, seat);
      } else if (notify === "offer") {
        await pushBoth(next, () => ({ type: "ranked.offer", matchId, seat, version: next.version }));
      } else {
        const view = makeMatchView(next, ports.now());
        const last = next.lastMove === null ? null : { seat: next.lastMove.seat, move: next.lastMove.move };
        await pushBoth(next, (s) => ({ type: "ranked.update", ...(rid !== undefined && s === seat ? { rid } : {}), seat: s, match: view, last }));
      }
      return;
    }
    const latest = await store.getMatch(matchId);
    return error(connId, rid, "ranked/conflict", "the match kept changing; try again", { matchId, ...(latest !== null ? { version: latest.version } : {}) });
  }

  // ---- seeking ----

  async function currentRating(playerId: string, game: GameId, now: number): Promise<{ rating: number; rd: number; vol: number }> {
    const r = await store.getStats(playerId, game);
    if (r === null) return initialRating();
    return r.lastPlayedAt > 0 ? ageRating(r, now - r.lastPlayedAt) : r;
  }

  function compatible(a: SeekRecord, b: SeekRecord, now: number): boolean {
    if (a.playerId === b.playerId || a.optionsKey !== b.optionsKey) return false;
    const w = Math.max(ratingWindow(config, now - a.since), ratingWindow(config, now - b.since));
    return Math.abs(a.rating - b.rating) <= w;
  }

  /** Claims both seeks, lower player id first, so two claimants of one pair cannot both half-succeed. */
  async function claimPair(a: SeekRecord, b: SeekRecord): Promise<boolean> {
    const [first, second] = a.playerId < b.playerId ? [a, b] : [b, a];
    if (!(await store.takeSeek(first.game, first.playerId, first.token))) return false;
    if (await store.takeSeek(second.game, second.playerId, second.token)) return true;
    await store.putSeek(first); // give the first seeker its place back
    return false;
  }

  async function startMatch(a: SeekRecord, b: SeekRecord): Promise<void> {
    const now = ports.now();
    const seatA = ports.randomSeat();
    const [s0, s1] = seatA === 0 ? [a, b] : [b, a];
    const seat = (s: SeekRecord) => ({ playerId: s.playerId, name: s.name, rating: s.rating, rd: s.rd, vol: s.vol });
    const m = makeMatch({
      id: ports.randomId(),
      game: a.game,
      options: a.options,
      seats: [seat(s0), seat(s1)],
      conns: [s0.connId, s1.connId],
      clock: config.clockFor(a.game, a.options),
      now,
    });
    await store.addActive(m.id);
    if (!(await store.putMatch(m, null))) throw new Error(`match id ${m.id} already used`);
    for (const s of [s0, s1]) await updateProfile(s.playerId, (p) => ({ ...p, activeMatch: m.id }));
    const view = makeMatchView(m, now);
    await pushBoth(m, (s) => ({ type: "ranked.start", seat: s, match: view }));
  }

  /** Tries to pair `me` with a compatible waiting seeker; `queued` says whether `me` is in the queue. */
  async function pairFor(me: SeekRecord, queued: boolean): Promise<boolean> {
    const now = ports.now();
    const others = (await store.listSeeks(me.game))
      .filter((o) => compatible(me, o, now))
      .sort((x, y) => Math.abs(x.rating - me.rating) - Math.abs(y.rating - me.rating) || x.since - y.since);
    for (const o of others) {
      const claimed = queued ? await claimPair(me, o) : await store.takeSeek(o.game, o.playerId, o.token);
      if (claimed) {
        await startMatch(o, me);
        return true;
      }
    }
    return false;
  }

  async function seek(connId: string, rid: Rid, playerId: string, game: GameId, rawOptions: Record<string, unknown> | undefined): Promise<void> {
    const profile = await store.getProfile(playerId);
    if (profile === null || profile.name === null) return error(connId, rid, "auth/name_required", "choose a display name first");
    if (profile.activeMatch !== null) {
      const m = await store.getMatch(profile.activeMatch);
      const live = m === null ? null : await enforceTime(m);
      if (live !== null && live.status === "active") {
        return error(connId, rid, "ranked/in_match", "you are already in a ranked match", { matchId: live.id, version: live.version });
      }
      await updateProfile(playerId, (p) => (p.activeMatch === profile.activeMatch ? { ...p, activeMatch: null } : null));
    }
    const engine = makeEngine(game, game === "ayo" ? { ...rawOptions, vsComputer: false } : rawOptions ?? {});
    if (!engine.ok) return error(connId, rid, "ranked/bad_options", engine.error.message);
    const options = engine.value.options;
    const now = ports.now();
    let since = now;
    for (const g of GAMES) {
      const old = await store.getSeek(g, playerId);
      if (old === null) continue;
      if (g === game && old.optionsKey === optionsKey(options)) since = old.since; // a repeated seek keeps its place
      await store.takeSeek(g, playerId, old.token);
    }
    const r = await currentRating(playerId, game, now);
    const me: SeekRecord = {
      game, optionsKey: optionsKey(options), options, playerId, name: profile.name, rating: r.rating, rd: r.rd, vol: r.vol,
      connId, since, token: ports.randomId(), expiresAt: now + config.seekTtlMs,
    };
    if (await pairFor(me, false)) return;
    await store.putSeek(me);
    await send(connId, { type: "ranked.seeking", ...(rid !== undefined ? { rid } : {}), game, options: { ...options }, since });
    // A seeker who arrived at the same moment may have missed us, and we them: look once more.
    await pairFor(me, true);
  }

  async function cancel(connId: string, rid: Rid, playerId: string): Promise<void> {
    let any = false;
    for (const g of GAMES) {
      const s = await store.getSeek(g, playerId);
      if (s !== null && (await store.takeSeek(g, playerId, s.token))) any = true;
    }
    if (!any) return error(connId, rid, "ranked/not_seeking", "you are not seeking a game");
    await send(connId, { type: "ranked.cancelled", ...(rid !== undefined ? { rid } : {}) });
  }

  async function sweepSeeks(): Promise<number> {
    let paired = 0;
    const now = ports.now();
    for (const g of GAMES) {
      const list = (await store.listSeeks(g)).sort((a, b) => a.since - b.since);
      const used = new Set<string>();
      for (let i = 0; i < list.length; i++) {
        if (used.has(list[i].playerId)) continue;
        for (let j = i + 1; j < list.length; j++) {
          if (used.has(list[j].playerId) || !compatible(list[i], list[j], now)) continue;
          if (await claimPair(list[i], list[j])) {
            used.add(list[i].playerId);
            used.add(list[j].playerId);
            await startMatch(list[i], list[j]);
            paired++;
            break;
          }
        }
      }
    }
    return paired;
  }

  // ---- entry points ----

  async function handle(connId: string, msg: RankedClientMessage): Promise<void> {
    const rid = msg.rid;
    if (msg.type === "auth.hello") return hello(connId, rid, msg.playerId);
    if (msg.type === "auth.prove") return prove(connId, rid, msg.signature, msg.name);
    const playerId = await playerOf(connId);
    if (playerId === null) return error(connId, rid, "auth/required", "prove your identity first (auth.hello)");
    switch (msg.type) {
      case "auth.name": {
        const name = await setName(connId, rid, playerId, msg.name);
        if (name !== null) await send(connId, { type: "auth.named", ...(rid !== undefined ? { rid } : {}), name });
        return;
      }
      case "ranked.seek":
        return seek(connId, rid, playerId, msg.game, msg.options);
      case "ranked.cancel":
        return cancel(connId, rid, playerId);
      case "ranked.sync":
        return sync(connId, rid, playerId, msg.matchId);
      case "ranked.move":
        return act(connId, rid, playerId, msg.matchId, (m, now) => {
          const r = applyMove(m, playerId, msg.version, msg.move, now);
          return r.ok ? { ok: true, value: { match: r.value, notify: "update" } } : r;
        });
      case "ranked.resign":
        return act(connId, rid, playerId, msg.matchId, (m, now) => {
          const r = applyResign(m, playerId, now);
          return r.ok ? { ok: true, value: { match: r.value, notify: "end" } } : r;
        });
      case "ranked.abort":
        return act(connId, rid, playerId, msg.matchId, (m, now) => {
          const r = applyAbort(m, playerId, now);
          return r.ok ? { ok: true, value: { match: r.value, notify: "end" } } : r;
        });
      case "ranked.agree_end":
        return act(connId, rid, playerId, msg.matchId, (m, now) => {
          const r = applyAgreeEnd(m, playerId, msg.version, now);
          return r.ok ? { ok: true, value: { match: r.value.match, notify: r.value.ended ? "end" : "offer" } } : r;
        });
    }
  }

  async function disconnected(connId: string): Promise<void> {
    const a = await store.getAuth(connId);
    await store.deleteAuth(connId);
    if (a === null || a.playerId === null) return;
    const playerId = a.playerId;
    for (const g of GAMES) {
      const s = await store.getSeek(g, playerId);
      if (s !== null && s.connId === connId) await store.takeSeek(g, playerId, s.token);
    }
    const p = await store.getProfile(playerId);
    if (p === null || p.activeMatch === null) return;
    const m = await store.getMatch(p.activeMatch);
    if (m === null) return;
    const seat = seatOf(m, playerId);
    if (seat !== null) await dropSeat(m.id, seat, connId);
  }

  async function tick(): Promise<TickReport> {
    let ended = 0;
    const ids = await store.listActive();
    for (const id of ids) {
      let m = await store.getMatch(id);
      if (m === null) {
        await store.removeActive(id);
        continue;
      }
      // A connection that vanished without a $disconnect (or whose push failed) starts its grace.
      if (m.status === "active") {
        for (const s of [0, 1] as const) {
          const c = m.conns[s];
          if (m.graceUntil[s] === null && c !== null && !(await gateway.isConnected(c))) await dropSeat(m.id, s, c);
        }
        m = (await store.getMatch(id)) ?? m;
      }
      const wasActive = m.status === "active";
      const after = await enforceTime(m);
      if (wasActive && after.status !== "active") ended++;
    }
    const paired = await sweepSeeks();
    return { matches: ids.length, ended, paired };
  }

  return { handle, disconnected, tick };
}
