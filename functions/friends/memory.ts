/**
 * The friend-room store in memory: the same rules as the DynamoDB store (store.ts), each write one
 * atomic step after a turn of the event loop, so interleavings happen as they would on the table.
 * The contract suite (store.test.ts) runs against both.
 */
import type { Seat } from "../../core/types.js";
import { LOCATOR_COUNT } from "../../core/crypto/code.js";
import {
  JOIN_APPROVAL_MS,
  JOIN_STEP_MS,
  LOCATOR_TTL_SECONDS,
  MAX_WRONG_CODES,
  OPEN_EXCHANGES,
  ROOM_TTL_SECONDS,
} from "../../core/protocol/friend.js";
import { copyOf, yieldTurn } from "../lib/items.js";
import type { FriendStore, JoinRequest, KnockTurn, Room, Stored } from "./store.js";

interface RoomItem {
  roomId: string;
  hashes: [string, string | null];
  conns: [string | null, string | null];
  lastActive: number;
  loc: number | null;
  expiresAt: number;
}

interface LocItem {
  roomId: string;
  fails: number;
  slots: number;
  expiresAt: number;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function createMemoryFriendStore(random: () => number = Math.random): FriendStore {
  const rooms = new Map<string, RoomItem>();
  const locs = new Map<number, LocItem>();
  const knocks = new Map<string, Mutable<KnockTurn>>();
  const counters = new Map<string, number>();
  const requests = new Map<string, Map<string, Mutable<JoinRequest>>>();
  const messages = new Map<string, Map<number, Stored>>();

  const live = (r: RoomItem | undefined, now: number): r is RoomItem => r !== undefined && r.expiresAt > now;
  const liveLoc = (l: LocItem | undefined, now: number): l is LocItem => l !== undefined && l.expiresAt > now;
  const toRoom = (r: RoomItem): Room => ({
    roomId: r.roomId,
    hashes: [r.hashes[0], r.hashes[1]],
    conns: [r.conns[0], r.conns[1]],
    lastActive: r.lastActive,
    loc: r.loc,
  });
  const reqsOf = (roomId: string): Map<string, Mutable<JoinRequest>> => {
    let m = requests.get(roomId);
    if (m === undefined) requests.set(roomId, (m = new Map()));
    return m;
  };
  const msgsOf = (roomId: string): Map<number, Stored> => {
    let m = messages.get(roomId);
    if (m === undefined) messages.set(roomId, (m = new Map()));
    return m;
  };

  /** A step of a request that has not lapsed: `ok` checks its state, then `apply` changes it and sets `due`. */
  async function step(
    roomId: string,
    reqId: string,
    now: number,
    due: number,
    ok: (r: JoinRequest) => boolean,
    apply: (r: Mutable<JoinRequest>) => void,
  ): Promise<JoinRequest | null> {
    await yieldTurn();
    const r = reqsOf(roomId).get(reqId);
    if (r === undefined || r.due < now || !ok(r)) return null;
    apply(r);
    r.due = due;
    return copyOf(r);
  }

  return {
    async createRoom(roomId, hash, connectionId, now) {
      await yieldTurn();
      if (rooms.has(roomId)) return null;
      const item: RoomItem = {
        roomId,
        hashes: [hash, null],
        conns: [connectionId, null],
        lastActive: now,
        loc: null,
        expiresAt: now + ROOM_TTL_SECONDS * 1000,
      };
      rooms.set(roomId, item);
      return toRoom(item);
    },
    async allocateLocator(roomId, hint, now) {
      for (let attempt = 0; attempt < 8; attempt++) {
        await yieldTurn();
        const loc = attempt === 0 && hint !== undefined ? hint : Math.floor(random() * LOCATOR_COUNT);
        if (liveLoc(locs.get(loc), now)) continue;
        const room = rooms.get(roomId);
        if (room === undefined) return null;
        locs.set(loc, { roomId, fails: 0, slots: 0, expiresAt: now + LOCATOR_TTL_SECONDS * 1000 });
        room.loc = loc;
        return loc;
      }
      return null;
    },
    async getLocator(loc, now) {
      await yieldTurn();
      const l = locs.get(loc);
      if (!liveLoc(l, now) || l.fails >= MAX_WRONG_CODES) return null;
      return { loc, roomId: l.roomId, fails: l.fails, slots: l.slots };
    },
    async countWrongCode(loc, roomId, now) {
      await yieldTurn();
      const l = locs.get(loc);
      if (!liveLoc(l, now) || l.roomId !== roomId || l.fails >= MAX_WRONG_CODES) return { kind: "gone" };
      l.fails++;
      l.slots--;
      return { kind: "counted", fails: l.fails, retired: l.fails >= MAX_WRONG_CODES };
    },
    async reserveGuess(loc, roomId, now) {
      await yieldTurn();
      const l = locs.get(loc);
      if (!liveLoc(l, now) || l.roomId !== roomId || l.fails >= MAX_WRONG_CODES) return "gone";
      if (l.slots >= OPEN_EXCHANGES) return "full";
      l.slots++;
      return "reserved";
    },
    async releaseGuess(loc, roomId) {
      await yieldTurn();
      const l = locs.get(loc);
      if (l !== undefined && l.roomId === roomId && l.slots > 0) l.slots--;
    },
    async passGuess(loc, roomId, now) {
      await yieldTurn();
      const l = locs.get(loc);
      if (!liveLoc(l, now) || l.roomId !== roomId || l.fails >= MAX_WRONG_CODES || l.slots <= 0) return false;
      l.slots--;
      return true;
    },
    async releaseLocator(loc, roomId) {
      await yieldTurn();
      if (locs.get(loc)?.roomId === roomId) locs.delete(loc);
      const room = rooms.get(roomId);
      if (room !== undefined && room.loc === loc) room.loc = null;
    },
    async knock(loc, address, reqId, intervalMs, retries, now) {
      await yieldTurn();
      const k = `${loc}|${address}`;
      const had = knocks.get(k);
      if (had !== undefined && had.until > now) return { ok: false, retryMs: had.until - now };
      knocks.set(k, { until: now + intervalMs, left: retries, req: reqId });
      return { ok: true };
    },
    async turnOf(loc, address, now) {
      await yieldTurn();
      const t = knocks.get(`${loc}|${address}`);
      return t === undefined || t.until <= now ? null : copyOf(t);
    },
    async reknock(loc, address, prev, reqId, now) {
      await yieldTurn();
      const t = knocks.get(`${loc}|${address}`);
      if (t === undefined || t.until <= now || t.left <= 0 || t.req !== prev || t.judging === true) return false;
      t.left--;
      t.req = reqId;
      return true;
    },
    async judgeKnock(loc, address, reqId) {
      await yieldTurn();
      const t = knocks.get(`${loc}|${address}`);
      if (t === undefined || t.req !== reqId) return;
      t.judging = true;
      t.left = 0;
    },
    async spendKnock(loc, address, reqId) {
      await yieldTurn();
      const t = knocks.get(`${loc}|${address}`);
      if (t === undefined || t.req !== reqId) return;
      delete t.judging;
      t.left = 0;
    },
    async unknock(loc, address, judging) {
      await yieldTurn();
      const k = `${loc}|${address}`;
      const t = knocks.get(k);
      if (judging !== undefined && (t === undefined || t.req !== judging || t.judging !== true)) return false;
      knocks.delete(k);
      return true;
    },
    async charge(key, windowMs, limit, now) {
      await yieldTurn();
      const win = Math.floor(now / windowMs);
      const k = `${key}|${win}`;
      const n = counters.get(k) ?? 0;
      if (n >= limit) return { ok: false, retryMs: (win + 1) * windowMs - now };
      counters.set(k, n + 1);
      return { ok: true };
    },
    replyRequest(roomId, reqId, now) {
      return step(
        roomId,
        reqId,
        now,
        now + JOIN_STEP_MS,
        (r) => r.secretHash === undefined,
        (r) => (r.replied = true),
      );
    },
    confirmRequest(roomId, reqId, secretHash, now) {
      return step(
        roomId,
        reqId,
        now,
        now + JOIN_STEP_MS,
        (r) => r.replied === true && r.secretHash === undefined,
        (r) => {
          r.secretHash = secretHash;
          delete r.verified;
        },
      );
    },
    nameRequest(roomId, reqId, request, now) {
      return step(
        roomId,
        reqId,
        now,
        now + JOIN_APPROVAL_MS,
        (r) => r.verified === true && r.request === undefined,
        (r) => (r.request = request),
      );
    },
    verifyRequest(roomId, reqId, now) {
      return step(
        roomId,
        reqId,
        now,
        now + JOIN_STEP_MS,
        (r) => r.secretHash !== undefined && r.verified === undefined,
        (r) => (r.verified = true),
      );
    },
    async getRoom(roomId, now) {
      await yieldTurn();
      const r = rooms.get(roomId);
      return live(r, now) ? toRoom(r) : null;
    },
    async bindSeat(roomId, seat, connectionId, now) {
      await yieldTurn();
      const r = rooms.get(roomId);
      if (!live(r, now) || r.hashes[seat] === null) return null;
      r.conns[seat] = connectionId;
      r.lastActive = now;
      r.expiresAt = now + ROOM_TTL_SECONDS * 1000;
      return toRoom(r);
    },
    async unbindSeat(roomId, seat, connectionId, now) {
      await yieldTurn();
      const r = rooms.get(roomId);
      if (r === undefined || r.conns[seat] !== connectionId) return null;
      r.conns[seat] = null;
      r.lastActive = now;
      return toRoom(r);
    },
    async claimGuestSeat(roomId, hash, now) {
      await yieldTurn();
      const r = rooms.get(roomId);
      if (!live(r, now) || r.hashes[1] !== null || r.hashes[0] === hash) return null;
      r.hashes[1] = hash;
      r.lastActive = now;
      r.expiresAt = now + ROOM_TTL_SECONDS * 1000;
      return toRoom(r);
    },
    async putRequest(req) {
      await yieldTurn();
      reqsOf(req.roomId).set(req.reqId, copyOf(req) as Mutable<JoinRequest>);
    },
    async getRequest(roomId, reqId, now) {
      await yieldTurn();
      const r = reqsOf(roomId).get(reqId);
      return r !== undefined && r.due >= now ? copyOf(r) : null;
    },
    async listRequests(roomId, now) {
      await yieldTurn();
      return [...reqsOf(roomId).values()]
        .filter((r) => r.due >= now)
        .sort((a, b) => a.at - b.at)
        .map((r) => copyOf(r));
    },
    async endRequest(roomId, reqId) {
      await yieldTurn();
      const m = reqsOf(roomId);
      const r = m.get(reqId);
      if (r === undefined) return null;
      m.delete(reqId);
      return r;
    },
    async listLapsedRequests(roomId, now) {
      await yieldTurn();
      return [...reqsOf(roomId).values()].filter((r) => r.due < now).map((r) => copyOf(r));
    },
    async append(roomId, seat, seq, cseq, kind, box, sent, now) {
      await yieldTurn();
      const m = msgsOf(roomId);
      const had = m.get(seq);
      if (had !== undefined) {
        return had.from === seat && had.cseq === cseq
          ? { kind: "duplicate", msg: copyOf(had) }
          : { kind: "taken", expected: seq + 1 };
      }
      const msg: Stored = { seq, from: seat, cseq, kind, box, at: now, sent: [sent[0], sent[1]] };
      m.set(seq, msg);
      return { kind: "stored", msg: copyOf(msg) };
    },
    async findSent(roomId, seat: Seat, cseq) {
      await yieldTurn();
      for (const msg of msgsOf(roomId).values()) if (msg.from === seat && msg.cseq === cseq) return copyOf(msg);
      return null;
    },
    async head(roomId) {
      await yieldTurn();
      let last: Stored | null = null;
      for (const msg of msgsOf(roomId).values()) if (last === null || msg.seq > last.seq) last = msg;
      return last === null ? { seq: 0, sent: [0, 0] } : { seq: last.seq, sent: [last.sent[0], last.sent[1]] };
    },
    async list(roomId, after, maxChars) {
      await yieldTurn();
      const all = [...msgsOf(roomId).values()].filter((x) => x.seq > after).sort((a, b) => a.seq - b.seq);
      const msgs: Stored[] = [];
      let chars = 0;
      for (const m of all) {
        if (msgs.length > 0 && chars + m.box.length > maxChars) return { msgs, more: true };
        msgs.push(copyOf(m));
        chars += m.box.length;
      }
      return { msgs, more: false };
    },
  };
}
