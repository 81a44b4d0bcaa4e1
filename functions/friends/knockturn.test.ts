/**
 * The one-minute knock turn per address and locator (KNOCK_INTERVAL_MS, on here as deployed) costs a
 * guest a turn only for an exchange the owner's device was shown: a hello that could not reach the
 * owner (its connection gone before `$disconnect` ran) gives the turn back. Real router, service and
 * DynamoDB store on dynalite; the gateway's posts to the owner fail while it is "gone".
 */
import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { JOIN_STEP_MS } from "../../core/protocol/friend.js";
import { SHARE, TAG, useRouterRig } from "./testing/rigs.js";

const rig = useRouterRig("knockturn", { real: ["knock"] });
const gone = rig.gone;
const say = (conn: string, body: object, ip: string) => rig.say(conn, body, { ip });

const OWNER_IP = "10.1.0.1";
const GUEST_IP = "10.1.0.2";

describe("the knock turn", () => {
  test("a hello that could not reach the owner costs no turn: the guest's next hello, once the owner is back, opens the exchange", async () => {
    for (const c of ["o1", "o2", "g1", "g2"]) await rig.infra.conns.put(c, rig.now());
    const roomId = randomBytes(32).toString("base64url");
    const secret = "a".repeat(43);
    const created = await say("o1", { type: "room.create", roomId, secret }, OWNER_IP);
    expect(created.type).toBe("room.created");
    // The owner's connection is gone, but its `$disconnect` has not run yet: the post fails.
    gone.add("o1");
    const first = await say("g1", { type: "join.hello", loc: created.loc, sid: "s".repeat(22), msg: SHARE }, GUEST_IP);
    expect(first).toMatchObject({ type: "error", code: "join/owner_away" });
    // The owner is back on a new connection; the guest knocks again (new connection, same address).
    const back = await say("o2", { type: "room.join", roomId, secret }, OWNER_IP);
    expect(back.type).toBe("room.joined");
    const second = await say("g2", { type: "join.hello", loc: created.loc, sid: "t".repeat(22), msg: SHARE }, GUEST_IP);
    expect(second).toMatchObject({ type: "join.pending" });
    // The turn is still one a minute for an exchange the owner was shown.
    await rig.infra.conns.put("g3", rig.now());
    const third = await say("g3", { type: "join.hello", loc: created.loc, sid: "u".repeat(22), msg: SHARE }, GUEST_IP);
    expect(third).toMatchObject({ type: "error", code: "join/busy" });
  });
});

describe("the knock turn after a confirmation", () => {
  /** A room, and an exchange from GUEST_IP on `g` taken up to the guest's confirmation. */
  async function confirmed(tag: string, g: string): Promise<{ loc: unknown; reqId: unknown; o: string }> {
    const o = `o-${tag}`;
    for (const c of [o, g]) await rig.infra.conns.put(c, rig.now());
    const created = await say(
      o,
      { type: "room.create", roomId: randomBytes(32).toString("base64url"), secret: "a".repeat(43) },
      OWNER_IP,
    );
    const pend = await say(g, { type: "join.hello", loc: created.loc, sid: "s".repeat(22), msg: SHARE }, GUEST_IP);
    expect(pend.type).toBe("join.pending");
    await say(o, { type: "join.reply", reqId: pend.reqId, msg: SHARE }, OWNER_IP);
    expect(
      await say(g, { type: "join.confirm", reqId: pend.reqId, tag: TAG, secret: "b".repeat(43) }, GUEST_IP),
    ).toMatchObject({ type: "join.ok" });
    return { loc: created.loc, reqId: pend.reqId, o };
  }

  test("a wrong verdict keeps the address's turn spent; a confirmation the owner never judged (it lapsed) gives it back", async () => {
    const wrong = await confirmed("w", "gw1");
    // While the owner judges, the address's next hello waits (one exchange at a time), briefly.
    await rig.infra.conns.put("gw2", rig.now());
    const during = await say("gw2", { type: "join.hello", loc: wrong.loc, sid: "t".repeat(22), msg: SHARE }, GUEST_IP);
    expect(during).toMatchObject({ type: "error", code: "join/busy" });
    expect(Number(during.retryMs)).toBeLessThanOrEqual(JOIN_STEP_MS + 100);
    await say(wrong.o, { type: "join.verdict", reqId: wrong.reqId, ok: false }, OWNER_IP);
    const after = await say("gw2", { type: "join.hello", loc: wrong.loc, sid: "u".repeat(22), msg: SHARE }, GUEST_IP);
    expect(after).toMatchObject({ type: "error", code: "join/busy" });
    expect(Number(after.retryMs)).toBeGreaterThan(JOIN_STEP_MS + 100);

    const lapsed = await confirmed("l", "gl1");
    // The owner never answers (away): the step's deadline passes.
    for (let i = 0; i <= JOIN_STEP_MS / 1_000; i++) await say(lapsed.o, { type: "ping" }, OWNER_IP);
    await rig.infra.conns.put("gl2", rig.now());
    const back = await say("gl2", { type: "join.hello", loc: lapsed.loc, sid: "v".repeat(22), msg: SHARE }, GUEST_IP);
    expect(back).toMatchObject({ type: "join.pending" });
    // The owner's device is told the lapsed exchange is gone.
    expect(
      rig.posts.some((p) => p.to === lapsed.o && p.msg.type === "join.withdrawn" && p.msg.reqId === lapsed.reqId),
    ).toBe(true);
  });
});

describe("the knock turn after a lapse before the confirmation", () => {
  test("a lapse the owner caused (no share came) leaves a retry; one a connected guest caused (share came, no confirmation) does not; a cut guest's does", async () => {
    for (const c of ["lo", "la1", "la2", "lb1", "lb2"]) await rig.infra.conns.put(c, rig.now());
    const created = await say(
      "lo",
      { type: "room.create", roomId: randomBytes(32).toString("base64url"), secret: "a".repeat(43) },
      OWNER_IP,
    );
    const lapse = async () => {
      for (let i = 0; i <= JOIN_STEP_MS / 1_000; i++) await say("lo", { type: "ping" }, OWNER_IP);
    };
    // The owner never answers the first exchange (away, its share lost): the guest knocks again at once.
    const a1 = await say("la1", { type: "join.hello", loc: created.loc, sid: "a".repeat(22), msg: SHARE }, "10.1.0.3");
    expect(a1.type).toBe("join.pending");
    await lapse();
    const a2 = await say("la2", { type: "join.hello", loc: created.loc, sid: "b".repeat(22), msg: SHARE }, "10.1.0.3");
    expect(a2.type).toBe("join.pending");
    // The owner's share comes; the guest, still connected, never confirms: its turn is spent.
    const b1 = await say("lb1", { type: "join.hello", loc: created.loc, sid: "c".repeat(22), msg: SHARE }, "10.1.0.4");
    expect(b1.type).toBe("join.pending");
    await say("lo", { type: "join.reply", reqId: b1.reqId, msg: SHARE }, OWNER_IP);
    await lapse();
    const b2 = await say("lb2", { type: "join.hello", loc: created.loc, sid: "d".repeat(22), msg: SHARE }, "10.1.0.4");
    expect(b2).toMatchObject({ type: "error", code: "join/busy" });
    expect(Number(b2.retryMs)).toBeGreaterThan(JOIN_STEP_MS + 100);
    // The same, but the guest's connection went (cut off, its `$disconnect` not run yet): a retry.
    for (const c of ["lc1", "lc2"]) await rig.infra.conns.put(c, rig.now());
    const c1 = await say("lc1", { type: "join.hello", loc: created.loc, sid: "e".repeat(22), msg: SHARE }, "10.1.0.5");
    expect(c1.type).toBe("join.pending");
    await say("lo", { type: "join.reply", reqId: c1.reqId, msg: SHARE }, OWNER_IP);
    gone.add("lc1");
    await lapse();
    const c2 = await say("lc2", { type: "join.hello", loc: created.loc, sid: "f".repeat(22), msg: SHARE }, "10.1.0.5");
    expect(c2.type).toBe("join.pending");
  });
});
