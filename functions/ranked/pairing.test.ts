/**
 * One player, one match: a player paired twice at once (a seek sent again by a resend, or on a new
 * connection, while the first is being paired) is seated in one match only. Run on the DynamoDB
 * stores on dynalite and on the in-memory twins, as both serve the same service.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeDynamoIdentityStore } from "../identity/store.js";
import { makeDynamoConnectionStore } from "../lib/connections.js";
import { makeDynamoCounters } from "../lib/counters.js";
import { ensureTable, startDynalite, type LocalDynamo } from "../local/dynamo.js";
import { makeDynamoLobbyStore } from "../lobby/store.js";
import { makeDynamoSeekStore } from "../matchmaking/store.js";
import { makeDynamoMatchStore } from "../matches/store.js";
import { makeDynamoNameStore } from "../names/store.js";
import { makeDynamoRatingStore } from "../ratings/store.js";
import { makeDynamoQuota } from "./quota.js";
import { createHarness, createHarnessOn, type Harness } from "./testing/memory.js";
import type { RankedStores } from "./types.js";

let dynamo: LocalDynamo;
let tables = 0;
beforeAll(async () => {
  dynamo = await startDynalite(null);
});
afterAll(async () => {
  await dynamo?.close();
});

/** The harness and how a connection opens on it (the connection item the router would have put). */
interface Setup {
  readonly h: Harness<RankedStores>;
  readonly open: (...conns: string[]) => Promise<void>;
}

async function dynamoHarness(): Promise<Setup> {
  const table = `pairing-${++tables}`;
  await ensureTable(dynamo.client, table);
  const db = dynamo.client;
  const conns = makeDynamoConnectionStore(db, table);
  const h = createHarnessOn((now) => ({
    identity: makeDynamoIdentityStore(db, table, now),
    names: makeDynamoNameStore(db, table),
    counters: makeDynamoCounters(db, table),
    quota: makeDynamoQuota(db, table),
    seeks: makeDynamoSeekStore(db, table, now),
    lobby: makeDynamoLobbyStore(db, table),
    matches: makeDynamoMatchStore(db, table, now),
    ratings: makeDynamoRatingStore(db, table, now),
  }));
  return {
    h,
    open: async (...ids) => {
      for (const id of ids) await conns.put(id, h.now());
    },
  };
}

const HARNESSES: [string, () => Promise<Setup>][] = [
  ["dynamo", dynamoHarness],
  ["memory", async () => ({ h: createHarness(), open: async () => {} })],
];

/** Every player's matches in play, from the starts sent and the stored matches. */
async function activeMatchesOf(h: Harness<RankedStores>): Promise<Map<string, string[]>> {
  const ids = new Set<string>();
  for (const s of h.sent) if (s.msg.type === "ranked.start") ids.add(s.msg.match.id);
  const by = new Map<string, string[]>();
  for (const id of ids) {
    const m = await h.stores.matches.getMatch(id);
    if (m === null || m.status !== "active") continue;
    for (const seat of m.seats) by.set(seat.playerId, [...(by.get(seat.playerId) ?? []), id]);
  }
  return by;
}

/** The player is in exactly one match in play, the one their profile names, and was started in no other. */
async function expectOneMatch(h: Harness<RankedStores>, playerId: string): Promise<void> {
  const active = await activeMatchesOf(h);
  expect(active.get(playerId)).toHaveLength(1);
  const profile = await h.stores.identity.getProfile(playerId);
  expect(profile?.activeMatch).toBe(active.get(playerId)?.[0]);
  for (const [other, ids] of active) expect(ids, other).toHaveLength(1);
}

describe.each(HARNESSES)("one player, one match (%s)", (_, make) => {
  test("a seek sent twice at once (a resend) seats the player in one match only", async () => {
    const { h, open } = await make();
    await open("a", "b", "c", "d");
    const b = await h.login("b", 2, "Tendai");
    await h.login("a", 1, "Aigerim");
    await h.login("c", 3, "Chipo");
    await h.send("a", { type: "ranked.seek", game: "ayo" });
    await Promise.all([
      h.send("b", { type: "ranked.seek", game: "ayo", rid: "s1" }),
      h.send("b", { type: "ranked.seek", game: "ayo", rid: "s1" }),
    ]);
    // A later seeker finds whatever seek of b's is left in the queue.
    await h.send("c", { type: "ranked.seek", game: "ayo" });
    h.advance(5_000);
    await h.service.tick();
    await expectOneMatch(h, b.playerId);
  });

  test("seeking again on a new connection while the first seek is being paired seats the player once", async () => {
    const { h, open } = await make();
    await open("a", "b1", "b2", "c");
    const b = await h.login("b1", 2, "Tendai");
    await h.login("a", 1, "Aigerim");
    await h.login("c", 3, "Chipo");
    await h.send("b1", { type: "ranked.seek", game: "ayo" });
    h.closed.add("b1");
    await h.login("b2", 2);
    // b seeks again on its new connection the moment a's seek has claimed b's first one.
    const seeks = h.stores.seeks;
    const take = seeks.takeSeek.bind(seeks);
    let again: Promise<void> | null = null;
    seeks.takeSeek = async (game, playerId, token) => {
      const took = await take(game, playerId, token);
      if (took && playerId === b.playerId && again === null) again = h.send("b2", { type: "ranked.seek", game: "ayo" });
      return took;
    };
    await h.send("a", { type: "ranked.seek", game: "ayo" });
    await again;
    seeks.takeSeek = take;
    await h.send("c", { type: "ranked.seek", game: "ayo" });
    h.advance(5_000);
    await h.service.tick();
    await expectOneMatch(h, b.playerId);
  });

  test("a seeker paired with someone already in a match stays in the queue and is paired with the next", async () => {
    const { h, open } = await make();
    await open("a", "b", "c", "d");
    const b = await h.login("b", 2, "Tendai");
    await h.login("a", 1, "Aigerim");
    await h.login("c", 3, "Chipo");
    await h.login("d", 4, "Dayo");
    await h.send("a", { type: "ranked.seek", game: "ayo" });
    await Promise.all([
      h.send("b", { type: "ranked.seek", game: "ayo", rid: "s1" }),
      h.send("b", { type: "ranked.seek", game: "ayo", rid: "s1" }),
    ]);
    await h.send("c", { type: "ranked.seek", game: "ayo" });
    await h.send("d", { type: "ranked.seek", game: "ayo" });
    h.advance(5_000);
    await h.service.tick();
    await expectOneMatch(h, b.playerId);
    const active = await activeMatchesOf(h);
    expect([...active.keys()]).toHaveLength(4);
  });
});
