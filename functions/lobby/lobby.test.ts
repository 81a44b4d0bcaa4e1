import { describe, expect, test } from "vitest";
import { makeDeviceKeys } from "../../core/identity.js";
import { generatedName } from "../../core/names.js";
import type { MatchView } from "../../core/protocol/ranked.js";
import { createHarness, type Harness } from "../ranked/testing/memory.js";
import { applyResult } from "../ratings/ratings.js";

const SMALL = { holes: 4, seeds: 1 } as const;
const id = (n: number): string => makeDeviceKeys(new Uint8Array(32).fill(n)).playerId;

async function three(h: Harness): Promise<void> {
  await h.login("c1", 1, "Aigerim");
  await h.login("c2", 2, "Tendai");
  await h.login("c3", 3, "Bolat");
}

async function posted(h: Harness, conn = "c1", extra: object = {}): Promise<string> {
  await h.send(conn, { type: "lobby.post", rid: "p", game: "tsoro-wta", options: SMALL, preset: "3+2", ...extra });
  const p = h.lastOf(conn, "lobby.posted");
  if (p === undefined) throw new Error(`not posted: ${JSON.stringify(h.inbox(conn).at(-1))}`);
  return p.seek.id;
}

function errorOf(h: Harness, conn: string): string | undefined {
  return h.lastOf(conn, "ranked.error")?.code;
}

describe("the lobby", () => {
  test("a watcher sees a seek posted and removed; the list carries it, never the queue's seeks", async () => {
    const h = createHarness();
    await three(h);
    await h.send("c3", { type: "ranked.seek", game: "tsoro-wta", options: { holes: 5, seeds: 1 } });
    await h.send("c2", { type: "lobby.watch", rid: 1, game: "tsoro-wta" });
    expect(h.lastOf("c2", "lobby.list")).toMatchObject({ rid: 1, seeks: [], live: true });
    const seekId = await posted(h);
    const added = h.lastOf("c2", "lobby.added");
    expect(added?.seek).toMatchObject({
      id: seekId,
      playerId: id(1),
      // A chosen name is shown to others once claimed (after a first rated game).
      name: generatedName(id(1)),
      preset: "3+2",
      casual: false,
      range: null,
      options: SMALL,
    });
    await h.send("c2", { type: "lobby.watch", rid: 2, game: "tsoro-wta" });
    expect(h.lastOf("c2", "lobby.list")?.seeks.map((s) => s.id)).toEqual([seekId]);
    await h.send("c1", { type: "lobby.cancel", rid: "x" });
    expect(h.lastOf("c1", "lobby.cancelled")).toEqual({ type: "lobby.cancelled", rid: "x" });
    expect(h.lastOf("c2", "lobby.removed")).toEqual({ type: "lobby.removed", game: "tsoro-wta", id: seekId });
    await h.send("c1", { type: "lobby.cancel", rid: "y" });
    expect(errorOf(h, "c1")).toBe("lobby/not_posted");
  });

  test("two open seeks alike are not paired by the queue: a player chooses", async () => {
    const h = createHarness({ loneWaitMs: 0 });
    await three(h);
    await posted(h, "c1");
    await posted(h, "c2");
    h.advance(60_000);
    const r = await h.service.tick();
    expect(r.paired).toBe(0);
    expect(h.lastOf("c1", "ranked.start")).toBeUndefined();
  });

  test("accepting starts the game for both, with the seek's time control; the seek leaves the lobby", async () => {
    const h = createHarness();
    await three(h);
    await h.send("c3", { type: "lobby.watch", game: "tsoro-wta" });
    const seekId = await posted(h, "c1", { casual: true });
    await h.send("c2", { type: "lobby.accept", rid: "a", game: "tsoro-wta", seekId });
    const start = h.lastOf("c2", "ranked.start");
    expect(start?.rid).toBe("a");
    expect(start?.match).toMatchObject({ preset: "3+2", casual: true, options: SMALL });
    expect(h.lastOf("c1", "ranked.start")?.match.id).toBe(start?.match.id);
    expect(h.lastOf("c3", "lobby.removed")?.id).toBe(seekId);
    // Taken: a second accept finds it gone.
    await h.send("c3", { type: "lobby.accept", rid: "b", game: "tsoro-wta", seekId });
    expect(errorOf(h, "c3")).toBe("lobby/gone");
  });

  test("two players accepting one seek at the same moment: exactly one game", async () => {
    const h = createHarness();
    await three(h);
    const seekId = await posted(h);
    await Promise.all([
      h.send("c2", { type: "lobby.accept", rid: "a", game: "tsoro-wta", seekId }),
      h.send("c3", { type: "lobby.accept", rid: "b", game: "tsoro-wta", seekId }),
    ]);
    const starts = [h.lastOf("c2", "ranked.start"), h.lastOf("c3", "ranked.start")].filter((s) => s !== undefined);
    expect(starts).toHaveLength(1);
    const loser = h.lastOf("c2", "ranked.start") === undefined ? "c2" : "c3";
    expect(errorOf(h, loser)).toBe("lobby/gone");
    expect(h.inbox("c1").filter((m) => m.type === "ranked.start")).toHaveLength(1);
  });

  test("one's own seek, a seek out of range, and a forged id are refused", async () => {
    const h = createHarness();
    await three(h);
    // Tendai is rated well above Aigerim's range.
    for (let i = 0; i < 6; i++)
      await applyResult(
        h.stores.ratings,
        "tsoro-wta",
        `m${i}`,
        { playerId: id(2), name: "Tendai", rating: 1500, rd: 350, vol: 0.06, games: 0 },
        { playerId: id(9), name: "X", rating: 1500, rd: 50, vol: 0.06, games: 30 },
        1,
        h.now(),
      );
    const seekId = await posted(h, "c1", { range: 100 });
    await h.send("c1", { type: "lobby.accept", game: "tsoro-wta", seekId });
    expect(errorOf(h, "c1")).toBe("lobby/own_seek");
    await h.send("c2", { type: "lobby.accept", game: "tsoro-wta", seekId });
    expect(errorOf(h, "c2")).toBe("lobby/out_of_range");
    await h.send("c3", { type: "lobby.accept", game: "tsoro-wta", seekId: `${id(1)}forged` });
    expect(errorOf(h, "c3")).toBe("lobby/gone");
    await h.send("c3", { type: "lobby.accept", game: "tsoro-wta", seekId });
    expect(h.lastOf("c3", "ranked.start")).toBeDefined();
  });

  test("a seek goes when its connection closes, and the watchers are told", async () => {
    const h = createHarness();
    await three(h);
    await h.send("c3", { type: "lobby.watch", game: "tsoro-wta" });
    const seekId = await posted(h);
    await h.service.disconnected("c1");
    expect(h.lastOf("c3", "lobby.removed")?.id).toBe(seekId);
    await h.send("c2", { type: "lobby.accept", game: "tsoro-wta", seekId });
    expect(errorOf(h, "c2")).toBe("lobby/gone");
  });

  test("a seek expires", async () => {
    const h = createHarness({ lobbySeekTtlMs: 10_000 });
    await three(h);
    const seekId = await posted(h);
    h.advance(10_001);
    await h.send("c2", { type: "lobby.watch", game: "tsoro-wta" });
    expect(h.lastOf("c2", "lobby.list")?.seeks).toEqual([]);
    await h.send("c2", { type: "lobby.accept", game: "tsoro-wta", seekId });
    expect(errorOf(h, "c2")).toBe("lobby/gone");
  });

  test("beyond the cap a watcher is told to poll, and a closed watcher is dropped by the next change", async () => {
    const h = createHarness({}, () => 0, 2);
    await three(h);
    await h.login("c4", 4);
    await h.send("c2", { type: "lobby.watch", game: "ayo" });
    await h.send("c3", { type: "lobby.watch", game: "ayo" });
    await h.send("c4", { type: "lobby.watch", game: "ayo" });
    expect(h.lastOf("c4", "lobby.list")?.live).toBe(false);
    h.closed.add("c2");
    await h.send("c1", { type: "lobby.post", game: "ayo" });
    expect(h.lastOf("c3", "lobby.added")).toBeDefined();
    expect(h.lastOf("c4", "lobby.added")).toBeUndefined();
    expect(await h.stores.lobby.watchers("ayo", 10, h.now())).toEqual(["c3"]);
    // The place freed: the next watcher is pushed again.
    await h.send("c4", { type: "lobby.watch", game: "ayo" });
    expect(h.lastOf("c4", "lobby.list")).toMatchObject({ live: true, seeks: [{ playerId: id(1) }] });
  });
});

describe("challenges", () => {
  test("a challenge reaches the player at once; accepting starts the game", async () => {
    const h = createHarness();
    await three(h);
    await h.send("c1", {
      type: "challenge.send",
      rid: "s",
      to: id(2),
      game: "tsoro-wta",
      options: SMALL,
      preset: "5+3",
    });
    const sent = h.lastOf("c1", "challenge.sent")!.challenge;
    expect(sent).toMatchObject({
      from: { playerId: id(1), name: generatedName(id(1)) },
      to: { playerId: id(2), name: generatedName(id(2)) },
    });
    const got = h.lastOf("c2", "challenge.received")!.challenge;
    expect(got.id).toBe(sent.id);
    await h.send("c2", { type: "challenge.list", rid: "l" });
    expect(h.lastOf("c2", "challenge.list")?.incoming.map((c) => c.id)).toEqual([sent.id]);
    await h.send("c2", { type: "challenge.accept", rid: "a", from: id(1), id: sent.id });
    const start = h.lastOf("c2", "ranked.start");
    expect(start).toMatchObject({ rid: "a", match: { preset: "5+3" } });
    expect(start?.match.casual).not.toBe(true);
    expect(h.lastOf("c1", "ranked.start")?.match.id).toBe(start!.match.id);
    await h.send("c2", { type: "challenge.accept", from: id(1), id: sent.id });
    expect(errorOf(h, "c2")).toBe("challenge/gone");
  });

  test("declined, cancelled, expired, refused, unknown and self", async () => {
    const h = createHarness({ playerChallengeTtlMs: 5_000 });
    await three(h);
    const send = async (from: string, to: number) => {
      await h.send(from, { type: "challenge.send", to: id(to), game: "ayo" });
      return h.lastOf(from, "challenge.sent")?.challenge;
    };
    const a = (await send("c1", 2))!;
    await h.send("c2", { type: "challenge.decline", rid: "d", from: id(1), id: a.id });
    expect(h.lastOf("c1", "challenge.declined")).toMatchObject({ id: a.id, why: "declined" });
    const b = (await send("c1", 2))!;
    await h.send("c1", { type: "challenge.cancel", to: id(2) });
    expect(h.lastOf("c2", "challenge.cancelled")?.id).toBe(b.id);
    await h.send("c2", { type: "challenge.accept", from: id(1), id: b.id });
    expect(errorOf(h, "c2")).toBe("challenge/gone");
    const c = (await send("c3", 2))!;
    h.advance(5_001);
    await h.send("c2", { type: "challenge.list" });
    expect(h.lastOf("c2", "challenge.list")?.incoming).toEqual([]);
    await h.send("c2", { type: "challenge.accept", from: id(3), id: c.id });
    expect(errorOf(h, "c2")).toBe("challenge/gone");
    expect(h.lastOf("c2", "ranked.start")).toBeUndefined();
    await h.send("c2", { type: "challenge.setting", rid: "s", accept: false });
    expect(h.lastOf("c2", "challenge.setting")).toMatchObject({ accept: false });
    const before = h.inbox("c2").length;
    await h.send("c1", { type: "challenge.send", to: id(2), game: "ayo" });
    expect(errorOf(h, "c1")).toBe("challenge/refused");
    expect(h.inbox("c2")).toHaveLength(before);
    await h.send("c2", { type: "challenge.setting", accept: true });
    expect(await send("c1", 2)).toBeDefined();
    await h.send("c1", { type: "challenge.send", to: id(1), game: "ayo" });
    expect(errorOf(h, "c1")).toBe("challenge/self");
    await h.send("c1", { type: "challenge.send", to: id(7), game: "ayo" });
    expect(errorOf(h, "c1")).toBe("challenge/unknown_player");
  });

  test("a rematch keeps the game and time control and swaps the sides", async () => {
    const h = createHarness();
    await three(h);
    const seekId = await posted(h, "c1", { preset: "1+1" });
    await h.send("c2", { type: "lobby.accept", game: "tsoro-wta", seekId });
    const m: MatchView = h.lastOf("c2", "ranked.start")!.match;
    const conn = (seat: 0 | 1) => (m.seats[seat].playerId === id(1) ? "c1" : "c2");
    await h.send(conn(m.toMove), { type: "ranked.move", matchId: m.id, version: m.version, move: 0 });
    await h.send(conn(0), { type: "ranked.resign", matchId: m.id });
    // Only between the two players of an ended match.
    await h.send("c3", { type: "challenge.send", to: id(1), game: "ayo", rematchOf: m.id });
    expect(errorOf(h, "c3")).toBe("challenge/not_rematch");
    await h.send(conn(0), { type: "challenge.send", to: m.seats[1].playerId, game: "ayo", rematchOf: m.id });
    const ch = h.lastOf(conn(0), "challenge.sent")!.challenge;
    expect(ch).toMatchObject({ game: "tsoro-wta", preset: "1+1", options: SMALL, rematchOf: m.id });
    await h.send(conn(1), { type: "challenge.accept", from: m.seats[0].playerId, id: ch.id });
    const next = h.lastOf(conn(1), "ranked.start")!.match;
    expect(next.seats.map((s) => s.playerId)).toEqual([m.seats[1].playerId, m.seats[0].playerId]);
  });
});
