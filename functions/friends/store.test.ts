/**
 * One contract for both friend-room stores: the DynamoDB store on dynalite and the in-memory twin
 * (memory.ts) must agree on every rule the service relies on (conditional writes, lapses, limits,
 * the log's numbering).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { JOIN_STEP_MS, MAX_WRONG_CODES, OPEN_EXCHANGES } from "../../core/protocol/friend.js";
import { ensureTable, startDynalite, type LocalDynamo } from "../local/dynamo.js";
import type { JoinRequest } from "./exchanges.js";
import { createMemoryFriendStores, makeDynamoFriendStores, type FriendStores } from "./store.js";

let dynamo: LocalDynamo;
const TABLE = "friend-contract";
beforeAll(async () => {
  dynamo = await startDynalite(null);
  await ensureTable(dynamo.client, TABLE);
});
afterAll(async () => {
  await dynamo?.close();
});

/** Random locators below 30,000 unless a test picks its own (the window test uses 50,000 and up). */
let seed = 7;
const low = (): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return (seed / 2 ** 31) * 0.45;
};
const STORES: [string, (random?: () => number) => FriendStores][] = [
  ["dynamo", (random = low) => makeDynamoFriendStores(dynamo.client, TABLE, random)],
  ["memory", (random = low) => createMemoryFriendStores(random)],
];

const T0 = 1_700_000_000_000;
const id = (): string => randomBytes(32).toString("base64url");
let nextLoc = 1000;

async function roomWithLocator(s: FriendStores): Promise<{ roomId: string; loc: number }> {
  const roomId = id();
  await s.rooms.create(roomId, "h0", "c0", T0);
  const a = await s.locators.allocate(roomId, null, nextLoc++, T0);
  if (a.kind !== "moved") throw new Error("no locator");
  return { roomId, loc: a.loc };
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
    expect(await s.rooms.create(a, "h", "c", T0)).not.toBeNull();
    expect(await s.rooms.create(a, "h2", "c2", T0)).toBeNull();
    expect(await s.locators.allocate(a, null, 4242, T0)).toEqual({ kind: "moved", loc: 4242 });
    const b = id();
    await s.rooms.create(b, "h", "c", T0);
    const other = await s.locators.allocate(b, null, 4242, T0);
    expect(other.kind).toBe("moved");
    expect(other).not.toEqual({ kind: "moved", loc: 4242 });
    expect((await s.locators.get(4242, T0))?.roomId).toBe(a);
    expect((await s.rooms.get(a, T0))?.loc).toBe(4242);
  });

  test("OPEN_EXCHANGES slots at once; a wrong code is counted and frees its slot; the last one retires the locator", async () => {
    const s = make();
    const { roomId, loc } = await roomWithLocator(s);
    for (let i = 0; i < OPEN_EXCHANGES; i++) expect(await s.locators.reserveGuess(loc, roomId, T0)).toBe("reserved");
    expect(await s.locators.reserveGuess(loc, roomId, T0)).toBe("full");
    for (let i = 1; i <= MAX_WRONG_CODES; i++) {
      expect(await s.locators.countWrongCode(loc, roomId, T0)).toEqual({
        kind: "counted",
        fails: i,
        retired: i === MAX_WRONG_CODES,
      });
    }
    expect(await s.locators.countWrongCode(loc, roomId, T0)).toEqual({ kind: "gone" });
    expect(await s.locators.get(loc, T0)).toBeNull();
    expect(await s.locators.reserveGuess(loc, roomId, T0)).toBe("gone");
    expect(await s.locators.passGuess(loc, roomId, T0)).toBe(false);
  });

  test("a right code gives its slot back while the locator lives", async () => {
    const s = make();
    const { roomId, loc } = await roomWithLocator(s);
    expect(await s.locators.reserveGuess(loc, roomId, T0)).toBe("reserved");
    expect(await s.locators.passGuess(loc, roomId, T0)).toBe(true);
    expect((await s.locators.get(loc, T0))?.slots).toBe(0);
    expect(await s.locators.passGuess(loc, roomId, T0)).toBe(false); // no slot held
  });

  test("an address knocks once per interval on a locator; another address or locator is free", async () => {
    const s = make();
    expect(await s.knocks.knock(7, "10.0.0.1", "r1", 60_000, 2, T0)).toEqual({ ok: true });
    expect(await s.knocks.knock(7, "10.0.0.1", "r2", 60_000, 2, T0 + 1_000)).toEqual({ ok: false, retryMs: 59_000 });
    expect(await s.knocks.turnOf(7, "10.0.0.1", T0 + 1_000)).toEqual({ until: T0 + 60_000, left: 2, req: "r1" });
    expect(await s.knocks.knock(7, "10.0.0.2", "r3", 60_000, 2, T0 + 1_000)).toEqual({ ok: true });
    expect(await s.knocks.knock(8, "10.0.0.1", "r4", 60_000, 2, T0 + 1_000)).toEqual({ ok: true });
    expect(await s.knocks.turnOf(7, "10.0.0.1", T0 + 60_000)).toBeNull();
    expect(await s.knocks.knock(7, "10.0.0.1", "r5", 60_000, 2, T0 + 60_000)).toEqual({ ok: true });
  });

  test("a turn's retries replace its last exchange one at a time; a confirmation spends them until its verdict", async () => {
    const s = make();
    const loc = nextLoc++;
    const a = "10.0.0.9";
    expect(await s.knocks.knock(loc, a, "r1", 60_000, 2, T0)).toEqual({ ok: true });
    expect(await s.knocks.reknock(loc, a, "rX", "r2", T0 + 1)).toBe(false); // not the turn's exchange
    expect(await s.knocks.reknock(loc, a, "r1", "r2", T0 + 1)).toBe(true);
    expect(await s.knocks.reknock(loc, a, "r1", "r3", T0 + 2)).toBe(false); // r1 was replaced already
    expect(await s.knocks.reknock(loc, a, "r2", "r3", T0 + 2)).toBe(true);
    expect(await s.knocks.reknock(loc, a, "r3", "r4", T0 + 3)).toBe(false); // no retry left
    expect((await s.knocks.turnOf(loc, a, T0 + 3))?.left).toBe(0);
    // A confirmation: judged, no retry; a wrong verdict keeps it spent, and it is not given back.
    const b = "10.0.0.10";
    expect(await s.knocks.knock(loc, b, "q1", 60_000, 2, T0)).toEqual({ ok: true });
    await s.knocks.judge(loc, b, "q1");
    expect(await s.knocks.turnOf(loc, b, T0 + 1)).toEqual({ until: T0 + 60_000, left: 0, req: "q1", judging: true });
    expect(await s.knocks.reknock(loc, b, "q1", "q2", T0 + 1)).toBe(false);
    await s.knocks.spend(loc, b, "q1");
    expect(await s.knocks.turnOf(loc, b, T0 + 1)).toEqual({ until: T0 + 60_000, left: 0, req: "q1" });
    expect(await s.knocks.unknock(loc, b, "q1")).toBe(false);
    // A confirmation never judged: given back while it still waits for the verdict.
    const c = "10.0.0.11";
    expect(await s.knocks.knock(loc, c, "p1", 60_000, 2, T0)).toEqual({ ok: true });
    await s.knocks.judge(loc, c, "p1");
    expect(await s.knocks.unknock(loc, c, "p2")).toBe(false);
    expect(await s.knocks.unknock(loc, c, "p1")).toBe(true);
    expect(await s.knocks.turnOf(loc, c, T0 + 1)).toBeNull();
    // An exchange its guest stalled (the owner's share came, no confirmation): no retry left.
    const d = "10.0.0.12";
    expect(await s.knocks.knock(loc, d, "z1", 60_000, 2, T0)).toEqual({ ok: true });
    await s.knocks.spend(loc, d, "z1");
    expect(await s.knocks.reknock(loc, d, "z1", "z2", T0 + 1)).toBe(false);
    expect((await s.knocks.turnOf(loc, d, T0 + 1))?.left).toBe(0);
  });

  test("a room holds one live locator: of parallel moves from the same one exactly one wins, and only the winner frees the old one", async () => {
    const s = make();
    const { roomId, loc } = await roomWithLocator(s);
    const moves = await Promise.all(Array.from({ length: 12 }, () => s.locators.allocate(roomId, loc, undefined, T0)));
    const won = moves.filter((m) => m.kind === "moved");
    expect(won).toHaveLength(1);
    expect(moves.filter((m) => m.kind === "lost")).toHaveLength(11);
    const now = (await s.rooms.get(roomId, T0))?.loc;
    expect(won[0]).toEqual({ kind: "moved", loc: now });
    expect(await s.locators.get(loc, T0)).toBeNull();
    expect((await s.locators.get(now!, T0))?.roomId).toBe(roomId);
    // A move from a locator the room no longer has loses, and leaves nothing behind.
    expect((await s.locators.allocate(roomId, loc, 31_000, T0)).kind).toBe("lost");
    expect(await s.locators.get(31_000, T0)).toBeNull();
    // A full room takes no new locator.
    await s.rooms.claimGuestSeat(roomId, "guest", T0);
    expect((await s.locators.allocate(roomId, now!, 31_001, T0)).kind).toBe("lost");
  });

  test("allocation finds the free locators of a random window when every random try is taken", async () => {
    // The random tries land on taken locators; the first window starts where only 50_123 is free.
    const taken = [50_000, 50_001, 50_002, 50_003];
    const window = Array.from({ length: 100 }, (_, k) => 50_100 + k);
    const at = (l: number) => (l + 0.5) / 65_536;
    const seq = [...taken.map(at), at(50_100)];
    let i = 0;
    const s = make(() => seq[i++ % seq.length]!);
    for (const loc of [...taken, ...window.filter((l) => l !== 50_123)]) {
      const r = id();
      await s.rooms.create(r, "h", "c", T0);
      expect((await s.locators.allocate(r, null, loc, T0)).kind).toBe("moved");
    }
    i = 0;
    const roomId = id();
    await s.rooms.create(roomId, "h", "c", T0);
    expect(await s.locators.allocate(roomId, null, undefined, T0)).toEqual({ kind: "moved", loc: 50_123 });
  });

  test("a counter allows `limit` per window, then says when the window ends", async () => {
    const s = make();
    const key = `test#${id()}`;
    const start = Math.floor(T0 / 600_000) * 600_000;
    for (let i = 0; i < 3; i++) expect(await s.counters.take(key, 3, 600_000, start + i)).toEqual({ ok: true });
    expect(await s.counters.take(key, 3, 600_000, start + 100)).toEqual({ ok: false, retryMs: 600_000 - 100 });
    expect(await s.counters.take(key, 3, 600_000, start + 600_000)).toEqual({ ok: true });
  });

  test("an exchange moves step by step: no confirmation before the owner's reply; a step late by JOIN_STEP_MS finds it lapsed", async () => {
    const s = make();
    const { roomId, loc } = await roomWithLocator(s);
    const r = request(roomId, loc);
    await s.exchanges.put(r, T0);
    expect(await s.exchanges.confirm(roomId, r.reqId, "hash", T0 + 10)).toBeNull();
    expect((await s.exchanges.reply(roomId, r.reqId, T0 + 100))?.replied).toBe(true);
    const confirmed = await s.exchanges.confirm(roomId, r.reqId, "hash", T0 + 200);
    expect(confirmed?.secretHash).toBe("hash");
    expect(confirmed?.due).toBe(T0 + 200 + JOIN_STEP_MS);
    expect(await s.exchanges.confirm(roomId, r.reqId, "again", T0 + 300)).toBeNull();
    expect(await s.exchanges.name(roomId, r.reqId, "box", T0 + 300)).toBeNull(); // not verified yet
    const late = T0 + 200 + JOIN_STEP_MS + 1;
    expect(await s.exchanges.verify(roomId, r.reqId, late)).toBeNull();
    expect(await s.exchanges.get(roomId, r.reqId, late)).toBeNull();
    expect(await s.exchanges.listOpen(roomId, late)).toEqual([]);
    expect((await s.exchanges.listLapsed(roomId, late)).map((x) => x.reqId)).toEqual([r.reqId]);
    expect((await s.exchanges.end(roomId, r.reqId))?.reqId).toBe(r.reqId);
    expect(await s.exchanges.end(roomId, r.reqId)).toBeNull();
  });

  test("a verified exchange waits for the owner's answer far longer than a step", async () => {
    const s = make();
    const { roomId, loc } = await roomWithLocator(s);
    const r = request(roomId, loc);
    await s.exchanges.put(r, T0);
    await s.exchanges.reply(roomId, r.reqId, T0 + 1);
    await s.exchanges.confirm(roomId, r.reqId, "hash", T0 + 2);
    expect((await s.exchanges.verify(roomId, r.reqId, T0 + 3))?.verified).toBe(true);
    await s.exchanges.name(roomId, r.reqId, "box", T0 + 4);
    expect((await s.exchanges.get(roomId, r.reqId, T0 + 4 + 5 * JOIN_STEP_MS))?.request).toBe("box");
  });

  test("the log: a number is taken once (the same message again is a duplicate); the head and a sender's message are found", async () => {
    const s = make();
    const roomId = id();
    await s.rooms.create(roomId, "h", "c", T0);
    expect(await s.log.head(roomId)).toEqual({ seq: 0, sent: [0, 0] });
    expect((await s.log.append(roomId, 0, 1, 1, "game", "box1", [1, 0], T0)).kind).toBe("stored");
    expect((await s.log.append(roomId, 0, 1, 1, "game", "box1", [1, 0], T0)).kind).toBe("duplicate");
    expect(await s.log.append(roomId, 1, 1, 1, "game", "other", [0, 1], T0)).toEqual({ kind: "taken", expected: 2 });
    expect((await s.log.append(roomId, 1, 2, 1, "chat", "box2", [1, 1], T0 + 1)).kind).toBe("stored");
    expect(await s.log.head(roomId)).toEqual({ seq: 2, sent: [1, 1] });
    expect((await s.log.findSent(roomId, 1, 1, T0))?.seq).toBe(2);
    expect(await s.log.findSent(roomId, 1, 2, T0)).toBeNull();
    const page = await s.log.list(roomId, 0, 1_000, T0);
    expect(page.msgs.map((m) => [m.seq, m.from, m.cseq, m.sent])).toEqual([
      [1, 0, 1, [1, 0]],
      [2, 1, 1, [1, 1]],
    ]);
    expect(page.more).toBe(false);
    const small = await s.log.list(roomId, 0, 4, T0);
    expect(small).toMatchObject({ more: true });
    expect(small.msgs).toHaveLength(1);
  });
});
