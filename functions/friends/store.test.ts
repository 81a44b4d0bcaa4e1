/**
 * One contract for both friend-room stores: the DynamoDB store on dynalite and the in-memory twin
 * (memory.ts) must agree on every rule the service relies on (conditional writes, lapses, limits,
 * the log's numbering).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { JOIN_STEP_MS, MAX_WRONG_CODES, OPEN_EXCHANGES } from "../../core/protocol/friend.js";
import { ensureTable, startDynalite, type LocalDynamo } from "../local/dynamo.js";
import { createMemoryFriendStore } from "./memory.js";
import { makeDynamoFriendStore, type FriendStore, type JoinRequest } from "./store.js";

let dynamo: LocalDynamo;
const TABLE = "friend-contract";
beforeAll(async () => {
  dynamo = await startDynalite(null);
  await ensureTable(dynamo.client, TABLE);
});
afterAll(async () => {
  await dynamo?.close();
});

const STORES: [string, () => FriendStore][] = [
  ["dynamo", () => makeDynamoFriendStore(dynamo.client, TABLE)],
  ["memory", () => createMemoryFriendStore()],
];

const T0 = 1_700_000_000_000;
const id = (): string => randomBytes(32).toString("base64url");
let nextLoc = 1000;

async function roomWithLocator(s: FriendStore): Promise<{ roomId: string; loc: number }> {
  const roomId = id();
  await s.createRoom(roomId, "h0", "c0", T0);
  const loc = await s.allocateLocator(roomId, nextLoc++, T0);
  if (loc === null) throw new Error("no locator");
  return { roomId, loc };
}

function request(roomId: string, loc: number, at = T0): JoinRequest {
  return {
    reqId: randomBytes(9).toString("base64url"),
    roomId,
    connectionId: `g-${randomBytes(4).toString("hex")}`,
    sid: "s".repeat(22),
    msg: "m".repeat(63),
    at,
    due: at + JOIN_STEP_MS,
    loc,
  };
}

describe.each(STORES)("the friend store contract (%s)", (_name, make) => {
  test("a room id is taken once; a locator points to one room at a time", async () => {
    const s = make();
    const a = id();
    expect(await s.createRoom(a, "h", "c", T0)).not.toBeNull();
    expect(await s.createRoom(a, "h2", "c2", T0)).toBeNull();
    const loc = await s.allocateLocator(a, 4242, T0);
    expect(loc).toBe(4242);
    const b = id();
    await s.createRoom(b, "h", "c", T0);
    const other = await s.allocateLocator(b, 4242, T0);
    expect(other).not.toBe(4242);
    expect((await s.getLocator(4242, T0))?.roomId).toBe(a);
    expect((await s.getRoom(a, T0))?.loc).toBe(4242);
  });

  test("OPEN_EXCHANGES slots at once; a wrong code is counted and frees its slot; the last one retires the locator", async () => {
    const s = make();
    const { roomId, loc } = await roomWithLocator(s);
    for (let i = 0; i < OPEN_EXCHANGES; i++) expect(await s.reserveGuess(loc, roomId, T0)).toBe("reserved");
    expect(await s.reserveGuess(loc, roomId, T0)).toBe("full");
    for (let i = 1; i <= MAX_WRONG_CODES; i++) {
      expect(await s.countWrongCode(loc, roomId, T0)).toEqual({
        kind: "counted",
        fails: i,
        retired: i === MAX_WRONG_CODES,
      });
    }
    expect(await s.countWrongCode(loc, roomId, T0)).toEqual({ kind: "gone" });
    expect(await s.getLocator(loc, T0)).toBeNull();
    expect(await s.reserveGuess(loc, roomId, T0)).toBe("gone");
    expect(await s.passGuess(loc, roomId, T0)).toBe(false);
  });

  test("a right code gives its slot back while the locator lives", async () => {
    const s = make();
    const { roomId, loc } = await roomWithLocator(s);
    expect(await s.reserveGuess(loc, roomId, T0)).toBe("reserved");
    expect(await s.passGuess(loc, roomId, T0)).toBe(true);
    expect((await s.getLocator(loc, T0))?.slots).toBe(0);
    expect(await s.passGuess(loc, roomId, T0)).toBe(false); // no slot held
  });

  test("an address knocks once per interval on a locator; another address or locator is free", async () => {
    const s = make();
    expect(await s.knock(7, "10.0.0.1", "r1", 60_000, 2, T0)).toEqual({ ok: true });
    expect(await s.knock(7, "10.0.0.1", "r2", 60_000, 2, T0 + 1_000)).toEqual({ ok: false, retryMs: 59_000 });
    expect(await s.turnOf(7, "10.0.0.1", T0 + 1_000)).toEqual({ until: T0 + 60_000, left: 2, req: "r1" });
    expect(await s.knock(7, "10.0.0.2", "r3", 60_000, 2, T0 + 1_000)).toEqual({ ok: true });
    expect(await s.knock(8, "10.0.0.1", "r4", 60_000, 2, T0 + 1_000)).toEqual({ ok: true });
    expect(await s.turnOf(7, "10.0.0.1", T0 + 60_000)).toBeNull();
    expect(await s.knock(7, "10.0.0.1", "r5", 60_000, 2, T0 + 60_000)).toEqual({ ok: true });
  });

  test("a turn's retries replace its last exchange one at a time; a confirmation spends them until its verdict", async () => {
    const s = make();
    const loc = nextLoc++;
    const a = "10.0.0.9";
    expect(await s.knock(loc, a, "r1", 60_000, 2, T0)).toEqual({ ok: true });
    expect(await s.reknock(loc, a, "rX", "r2", T0 + 1)).toBe(false); // not the turn's exchange
    expect(await s.reknock(loc, a, "r1", "r2", T0 + 1)).toBe(true);
    expect(await s.reknock(loc, a, "r1", "r3", T0 + 2)).toBe(false); // r1 was replaced already
    expect(await s.reknock(loc, a, "r2", "r3", T0 + 2)).toBe(true);
    expect(await s.reknock(loc, a, "r3", "r4", T0 + 3)).toBe(false); // no retry left
    expect((await s.turnOf(loc, a, T0 + 3))?.left).toBe(0);
    // A confirmation: judged, no retry; a wrong verdict keeps it spent, and it is not given back.
    const b = "10.0.0.10";
    expect(await s.knock(loc, b, "q1", 60_000, 2, T0)).toEqual({ ok: true });
    await s.judgeKnock(loc, b, "q1");
    expect(await s.turnOf(loc, b, T0 + 1)).toEqual({ until: T0 + 60_000, left: 0, req: "q1", judging: true });
    expect(await s.reknock(loc, b, "q1", "q2", T0 + 1)).toBe(false);
    await s.spendKnock(loc, b, "q1");
    expect(await s.turnOf(loc, b, T0 + 1)).toEqual({ until: T0 + 60_000, left: 0, req: "q1" });
    expect(await s.unknock(loc, b, "q1")).toBe(false);
    // A confirmation never judged: given back while it still waits for the verdict.
    const c = "10.0.0.11";
    expect(await s.knock(loc, c, "p1", 60_000, 2, T0)).toEqual({ ok: true });
    await s.judgeKnock(loc, c, "p1");
    expect(await s.unknock(loc, c, "p2")).toBe(false);
    expect(await s.unknock(loc, c, "p1")).toBe(true);
    expect(await s.turnOf(loc, c, T0 + 1)).toBeNull();
    // An exchange its guest stalled (the owner's share came, no confirmation): no retry left.
    const d = "10.0.0.12";
    expect(await s.knock(loc, d, "z1", 60_000, 2, T0)).toEqual({ ok: true });
    await s.spendKnock(loc, d, "z1");
    expect(await s.reknock(loc, d, "z1", "z2", T0 + 1)).toBe(false);
    expect((await s.turnOf(loc, d, T0 + 1))?.left).toBe(0);
  });

  test("a counter allows `limit` per window, then says when the window ends", async () => {
    const s = make();
    const key = `test#${id()}`;
    const start = Math.floor(T0 / 600_000) * 600_000;
    for (let i = 0; i < 3; i++) expect(await s.charge(key, 600_000, 3, start + i)).toEqual({ ok: true });
    expect(await s.charge(key, 600_000, 3, start + 100)).toEqual({ ok: false, retryMs: 600_000 - 100 });
    expect(await s.charge(key, 600_000, 3, start + 600_000)).toEqual({ ok: true });
  });

  test("an exchange moves step by step: no confirmation before the owner's reply; a step late by JOIN_STEP_MS finds it lapsed", async () => {
    const s = make();
    const { roomId, loc } = await roomWithLocator(s);
    const r = request(roomId, loc);
    await s.putRequest(r, T0);
    expect(await s.confirmRequest(roomId, r.reqId, "hash", T0 + 10)).toBeNull();
    expect((await s.replyRequest(roomId, r.reqId, T0 + 100))?.replied).toBe(true);
    const confirmed = await s.confirmRequest(roomId, r.reqId, "hash", T0 + 200);
    expect(confirmed?.secretHash).toBe("hash");
    expect(confirmed?.due).toBe(T0 + 200 + JOIN_STEP_MS);
    expect(await s.confirmRequest(roomId, r.reqId, "again", T0 + 300)).toBeNull();
    expect(await s.nameRequest(roomId, r.reqId, "box", T0 + 300)).toBeNull(); // not verified yet
    const late = T0 + 200 + JOIN_STEP_MS + 1;
    expect(await s.verifyRequest(roomId, r.reqId, late)).toBeNull();
    expect(await s.getRequest(roomId, r.reqId, late)).toBeNull();
    expect(await s.listRequests(roomId, late)).toEqual([]);
    expect((await s.listLapsedRequests(roomId, late)).map((x) => x.reqId)).toEqual([r.reqId]);
    expect((await s.endRequest(roomId, r.reqId))?.reqId).toBe(r.reqId);
    expect(await s.endRequest(roomId, r.reqId)).toBeNull();
  });

  test("a verified exchange waits for the owner's answer far longer than a step", async () => {
    const s = make();
    const { roomId, loc } = await roomWithLocator(s);
    const r = request(roomId, loc);
    await s.putRequest(r, T0);
    await s.replyRequest(roomId, r.reqId, T0 + 1);
    await s.confirmRequest(roomId, r.reqId, "hash", T0 + 2);
    expect((await s.verifyRequest(roomId, r.reqId, T0 + 3))?.verified).toBe(true);
    await s.nameRequest(roomId, r.reqId, "box", T0 + 4);
    expect((await s.getRequest(roomId, r.reqId, T0 + 4 + 5 * JOIN_STEP_MS))?.request).toBe("box");
  });

  test("the log: a number is taken once (the same message again is a duplicate); the head and a sender's message are found", async () => {
    const s = make();
    const roomId = id();
    await s.createRoom(roomId, "h", "c", T0);
    expect(await s.head(roomId)).toEqual({ seq: 0, sent: [0, 0] });
    expect((await s.append(roomId, 0, 1, 1, "game", "box1", [1, 0], T0)).kind).toBe("stored");
    expect((await s.append(roomId, 0, 1, 1, "game", "box1", [1, 0], T0)).kind).toBe("duplicate");
    expect(await s.append(roomId, 1, 1, 1, "game", "other", [0, 1], T0)).toEqual({ kind: "taken", expected: 2 });
    expect((await s.append(roomId, 1, 2, 1, "chat", "box2", [1, 1], T0 + 1)).kind).toBe("stored");
    expect(await s.head(roomId)).toEqual({ seq: 2, sent: [1, 1] });
    expect((await s.findSent(roomId, 1, 1, T0))?.seq).toBe(2);
    expect(await s.findSent(roomId, 1, 2, T0)).toBeNull();
    const page = await s.list(roomId, 0, 1_000, T0);
    expect(page.msgs.map((m) => [m.seq, m.from, m.cseq, m.sent])).toEqual([
      [1, 0, 1, [1, 0]],
      [2, 1, 1, [1, 1]],
    ]);
    expect(page.more).toBe(false);
    const small = await s.list(roomId, 0, 4, T0);
    expect(small).toMatchObject({ more: true });
    expect(small.msgs).toHaveLength(1);
  });
});
