/**
 * What a tournament costs in AWS terms: DynamoDB calls and `@connections` posts, counted on the real
 * stores (dynalite) behind a counting client, for joining, pairing a Swiss round of 16 players with
 * its 8 games, and recording one result (docs/tournaments.md, "Costs"). A change that adds a call
 * fails here.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { ensureTable, startDynalite, type LocalDynamo } from "../local/dynamo.js";
import { makeDynamoRankedStores, makeRankedPorts } from "../ranked/ports.js";
import type { Tournaments } from "./service.js";
import type { MatchRecord } from "../../core/ranked/types.js";

const TABLE = "tourcosts";
let dynamo: LocalDynamo;
let tours: Tournaments;
let matches: ReturnType<typeof makeDynamoRankedStores>["matches"];
const calls: string[] = [];
const posts: string[] = [];

const count = <T>(xs: readonly T[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const x of xs) out[String(x)] = (out[String(x)] ?? 0) + 1;
  return out;
};

beforeAll(async () => {
  process.env.TOUR_JOINS = "3";
  dynamo = await startDynalite(null);
  await ensureTable(dynamo.client, TABLE);
  const counting = {
    send(cmd: { constructor: { name: string } }) {
      calls.push(cmd.constructor.name.replace(/Command$/, ""));
      return (dynamo.client.send as (c: unknown) => Promise<unknown>)(cmd);
    },
  } as unknown as DynamoDBDocumentClient;
  const gateway = {
    send: async (conn: string) => (posts.push(conn), true),
    isConnected: async () => true,
  };
  const built = makeRankedPorts(counting, TABLE, gateway, gateway.send);
  tours = built.tournaments;
  matches = built.ports.stores.matches;
  const identity = makeDynamoRankedStores(dynamo.client, TABLE).identity;
  for (let i = 0; i < 17; i++)
    await identity.putProfile(
      { playerId: `p${i}`, name: `P${i}`, skeleton: null, createdAt: 0, activeMatch: null, connId: null, rev: 0 },
      null,
    );
});

afterAll(async () => {
  delete process.env.TOUR_JOINS;
  await dynamo?.close();
});

describe("a Swiss round's cost", () => {
  test("join, pairing 16 players into 8 games, and one result, call by call", async () => {
    const created = (await tours.handle("c0", "p16", {
      type: "tour.create",
      kind: "swiss",
      name: "Costs",
      game: "togyz",
      preset: "10+5",
      startsAt: Date.now() + 3_600_000,
      rounds: 5,
      manualRounds: true,
    })) as { id: string };
    const id = created.id;
    calls.length = 0;
    await tours.handle("c1", "p1", { type: "tour.join", id });
    const join = count(calls);
    // The join counter, the meta read, the entrant read, profile and rating, the meta's count, the
    // entrant, and the state it answers with (one Query). The public list is not touched.
    expect(join).toEqual({ Update: 1, Get: 5, Put: 2, Query: 1 });
    for (let i = 2; i <= 16; i++) await tours.handle(`c${i}`, `p${i}`, { type: "tour.join", id });

    calls.length = 0;
    posts.length = 0;
    const state = (await tours.handle("c0", "p16", { type: "tour.start", id })) as { round: number };
    expect(state.round).toBe(1);
    const round = count(calls);
    // The tournament read (one Query) and its meta claimed (Get, Put); per board its item; per game
    // both profiles and ratings read for the seats, the match written, both profiles read and seated,
    // and the live list: 8 × (6 Get + 4 Put) + 8 boards + the meta, and the public list's line (the
    // first round makes it live).
    expect(round).toEqual({ Get: 50, Query: 2, Put: 42 });
    expect(count(posts.map(() => "post"))).toEqual({ post: 32 }); // ranked.start and tour.paired to each of 16

    const board = (await tours.handle("c0", "p16", { type: "tour.sync", id })) as { board?: { matchId: string } };
    const m = (await matches.getMatch(board.board?.matchId ?? "")) as MatchRecord;
    calls.length = 0;
    posts.length = 0;
    await tours.ended({ ...m, status: "finished", result: { winner: 0, reason: "forfeit" }, endedAt: Date.now() });
    const result = count(calls);
    // The tournament read, the board written, the meta read (manual rounds: no pairing), the
    // standings read again for the push; one post to each of the 16 entrants.
    expect(result).toEqual({ Query: 2, Put: 1, Get: 1 });
    expect(posts).toHaveLength(16);
    console.log("tournament costs:", JSON.stringify({ join, round, result, resultPosts: posts.length }));
  });

  test("guessing a private code: every guess is a join, and the one over the limit is refused without a store call", async () => {
    const created = (await tours.handle("c0", "p0", {
      type: "tour.create",
      kind: "arena",
      name: "Private",
      game: "ayo",
      preset: "5+3",
      startsAt: Date.now() + 3_600_000,
      minutes: 30,
      private: true,
    })) as { id: string; code: string };
    const wrong = created.code === "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ";
    for (let i = 0; i < 3; i++)
      expect(await tours.handle("g", "p0", { type: "tour.join", code: wrong })).toMatchObject({
        code: "tour/wrong_code",
      });
    calls.length = 0;
    expect(await tours.handle("g", "p0", { type: "tour.join", id: created.id, code: created.code })).toMatchObject({
      code: "rate/limited",
    });
    expect(calls).toEqual([]);
  });
});
