/**
 * In-memory `FriendStore` and `ConnectionStore` with the same conditional semantics as the DynamoDB
 * ones, for unit tests of the service (the integration tests run the real store on dynalite).
 */
import type { Seat } from "../../core/types.js";
import type { StoredMessage } from "../../core/protocol/friend.js";
import type { Connection, ConnectionStore } from "../lib/connections.js";
import { MAX_WRONG_CODES } from "../../core/protocol/friend.js";
import type { AppendResult, FriendStore, JoinRequest, Locator, Room } from "./store.js";

interface MutableRoom {
  roomId: string;
  hashes: [string, string | null];
  conns: [string | null, string | null];
  seq: number;
  sent: [number, number];
  sentAt: [number, number];
  lastActive: number;
  loc: number | null;
}

const snapshot = (r: MutableRoom): Room => ({ ...r, hashes: [...r.hashes], conns: [...r.conns], sent: [...r.sent], sentAt: [...r.sentAt] });

export interface MemoryFriendStore extends FriendStore {
  readonly messages: Map<string, StoredMessage[]>;
}

export function createMemoryFriendStore(): MemoryFriendStore {
  const rooms = new Map<string, MutableRoom>();
  const messages = new Map<string, StoredMessage[]>();
  const requests = new Map<string, JoinRequest>();
  const locators = new Map<number, Locator>();
  let nextLoc = 0;
  return {
    messages,
    async createRoom(roomId, hash, connectionId, now) {
      if (rooms.has(roomId)) return null;
      const r: MutableRoom = { roomId, hashes: [hash, null], conns: [connectionId, null], seq: 0, sent: [0, 0], sentAt: [0, 0], lastActive: now, loc: null };
      rooms.set(roomId, r);
      return snapshot(r);
    },
    async allocateLocator(roomId, hint) {
      let loc = hint ?? nextLoc++;
      while (locators.has(loc)) loc = nextLoc++;
      const r = rooms.get(roomId);
      if (r === undefined) return null;
      locators.set(loc, { loc, roomId, fails: 0 });
      r.loc = loc;
      return loc;
    },
    async getLocator(loc) {
      const l = locators.get(loc);
      return l === undefined || l.fails >= MAX_WRONG_CODES ? null : l;
    },
    async countWrongCode(loc, roomId) {
      const l = locators.get(loc);
      if (l === undefined || l.roomId !== roomId || l.fails >= MAX_WRONG_CODES) return { kind: "gone" };
      const fails = l.fails + 1;
      locators.set(loc, { ...l, fails });
      return { kind: "counted", fails, retired: fails >= MAX_WRONG_CODES };
    },
    async releaseLocator(loc, roomId) {
      if (locators.get(loc)?.roomId === roomId) locators.delete(loc);
      const r = rooms.get(roomId);
      if (r !== undefined && r.loc === loc) r.loc = null;
    },
    async confirmRequest(roomId, reqId, secretHash, request) {
      const k = `${roomId}/${reqId}`;
      const q = requests.get(k);
      if (q === undefined) return null;
      const next: JoinRequest = { ...q, secretHash, request, verified: false };
      requests.set(k, next);
      return next;
    },
    async verifyRequest(roomId, reqId) {
      const k = `${roomId}/${reqId}`;
      const q = requests.get(k);
      if (q === undefined || q.secretHash === undefined) return null;
      const next: JoinRequest = { ...q, verified: true };
      requests.set(k, next);
      return next;
    },
    async getRoom(roomId) {
      const r = rooms.get(roomId);
      return r === undefined ? null : snapshot(r);
    },
    async bindSeat(roomId, seat, connectionId, now) {
      const r = rooms.get(roomId);
      if (r === undefined || r.hashes[seat] === null) return null;
      r.conns[seat] = connectionId;
      r.lastActive = now;
      return snapshot(r);
    },
    async unbindSeat(roomId, seat, connectionId) {
      const r = rooms.get(roomId);
      if (r === undefined || r.conns[seat] !== connectionId) return null;
      r.conns[seat] = null;
      return snapshot(r);
    },
    async claimGuestSeat(roomId, hash) {
      const r = rooms.get(roomId);
      if (r === undefined || r.hashes[1] !== null || r.hashes[0] === hash) return null;
      r.hashes[1] = hash;
      return snapshot(r);
    },
    async putRequest(req) {
      requests.set(`${req.roomId}/${req.reqId}`, req);
    },
    async getRequest(roomId, reqId) {
      return requests.get(`${roomId}/${reqId}`) ?? null;
    },
    async listRequests(roomId) {
      return [...requests.values()].filter((r) => r.roomId === roomId).sort((a, b) => a.at - b.at);
    },
    async deleteRequest(roomId, reqId) {
      return requests.delete(`${roomId}/${reqId}`);
    },
    async append(roomId, seat: Seat, connectionId, cseq, kind, box, now): Promise<AppendResult> {
      const r = rooms.get(roomId);
      if (r === undefined) return { kind: "not_found" };
      if (r.conns[seat] !== connectionId) return { kind: "not_seated" };
      const list = messages.get(roomId) ?? [];
      messages.set(roomId, list);
      if (cseq === r.sent[seat]) {
        const had = list.find((m) => m.seq === r.sentAt[seat]);
        if (had !== undefined) return { kind: "duplicate", msg: had, room: snapshot(r) };
      } else if (cseq < r.sent[seat]) return { kind: "stale", last: r.sent[seat] };
      else if (cseq > r.sent[seat] + 1) return { kind: "out_of_order", expected: r.sent[seat] + 1 };
      r.seq++;
      r.sent[seat] = cseq;
      r.sentAt[seat] = r.seq;
      r.lastActive = now;
      const msg: StoredMessage = { seq: r.seq, from: seat, cseq, kind, box, at: now };
      list.push(msg);
      return { kind: "stored", msg, room: snapshot(r) };
    },
    async list(roomId, after, maxChars) {
      const all = (messages.get(roomId) ?? []).filter((m) => m.seq > after);
      const out: StoredMessage[] = [];
      let chars = 0;
      for (const m of all) {
        if (out.length > 0 && chars + m.box.length > maxChars) return { msgs: out, more: true };
        out.push(m);
        chars += m.box.length;
      }
      return { msgs: out, more: false };
    },
  };
}

export function createMemoryConnectionStore(): ConnectionStore & { readonly items: Map<string, Connection> } {
  const items = new Map<string, Connection>();
  const counts = new Map<string, number>();
  const patch = (id: string, p: Record<string, unknown>): boolean => {
    const c = items.get(id);
    if (c === undefined) return false;
    items.set(id, { ...c, ...p } as Connection);
    return true;
  };
  return {
    items,
    async put(connectionId, now) {
      items.set(connectionId, { connectionId, connectedAt: now });
    },
    async get(connectionId) {
      return items.get(connectionId) ?? null;
    },
    async delete(connectionId) {
      items.delete(connectionId);
    },
    async countMessage(connectionId, now, windowMs, limit) {
      const k = `${connectionId}/${Math.floor(now / windowMs)}`;
      const n = (counts.get(k) ?? 0) + 1;
      counts.set(k, n);
      return { allowed: n <= limit, connection: n <= limit ? (items.get(connectionId) ?? null) : null };
    },
    async recordChat(conn, now, windowMs, limit) {
      const cur = items.get(conn.connectionId);
      if (cur === undefined) return false;
      const recent = (cur.chats ?? []).filter((t) => t > now - windowMs);
      if (recent.length >= limit) return false;
      return patch(conn.connectionId, { chats: [...recent, now] });
    },
    async setRoom(connectionId, roomId, seat) {
      return patch(connectionId, { roomId, seat, pendingRoomId: undefined, pendingReqId: undefined });
    },
    async setPending(connectionId, roomId, reqId) {
      return patch(connectionId, { pendingRoomId: roomId, pendingReqId: reqId });
    },
    async clearPending(connectionId, reqId) {
      if (items.get(connectionId)?.pendingReqId === reqId) patch(connectionId, { pendingRoomId: undefined, pendingReqId: undefined });
    },
  };
}
