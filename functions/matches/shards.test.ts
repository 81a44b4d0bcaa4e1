/**
 * The deadline index and the seek queue spread over as many partitions as the stage's settings say
 * (`MANCALA_DUE_SHARDS`, `MANCALA_SEEK_PARTITIONS`; functions/lib/scale.ts), with no code change:
 * on the store, matches land on every one of 7 shards and a tick's query finds them all; end to end
 * on the local server with 7 shards and 3 seek partitions, players are paired and the timer alone
 * flags each game.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeDeviceKeys, signChallenge } from "../../core/identity.js";
import type { MatchView } from "../../core/protocol/ranked.js";
import { makeMatch } from "../../core/ranked/game.js";
import { ensureTable, startDynalite } from "../local/dynamo.js";
import { startServer, type RunningServer } from "../local/server.js";
import { readScale } from "../lib/scale.js";
import { Client } from "../ranked/testing/client.js";
import { DUE_INDEX, makeDynamoMatchStore, shardOf } from "./store.js";

const CLOCK_MS = 2_500;
const T0 = 1_700_000_000_000;
const seat = (n: number) => ({ playerId: `p${n}`, name: `Player ${n}`, rating: 1500, rd: 200, vol: 0.06 });

describe("the scale settings", () => {
  test("are read from the environment and checked", () => {
    expect(readScale({})).toEqual({ dueShards: 4, seekPartitions: 1 });
    expect(readScale({ MANCALA_DUE_SHARDS: "7", MANCALA_SEEK_PARTITIONS: "3" })).toEqual({
      dueShards: 7,
      seekPartitions: 3,
    });
    expect(() => readScale({ MANCALA_DUE_SHARDS: "0" })).toThrow(/MANCALA_DUE_SHARDS/);
    expect(() => readScale({ MANCALA_SEEK_PARTITIONS: "2.5" })).toThrow(/MANCALA_SEEK_PARTITIONS/);
  });

  test("7 deadline shards on dynalite: every shard is used and a tick's query finds every due match", async () => {
    const dynamo = await startDynalite(null);
    try {
      await ensureTable(dynamo.client, "shards");
      const store = makeDynamoMatchStore(dynamo.client, "shards", () => T0, 7);
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) {
        const m = makeMatch({
          id: `s${String(i).padStart(4, "0")}`,
          game: "ayo",
          options: {},
          seats: [seat(2 * i), seat(2 * i + 1)],
          conns: [`c${2 * i}`, `c${2 * i + 1}`],
          clock: { initialMs: 1_000 + i, incrementMs: 0 },
          now: T0,
          firstMoveMs: 10 * 24 * 3600_000,
        });
        ids.push(m.id);
        expect(await store.putMatch(m, null)).toBe(true);
      }
      const used = new Set(ids.map((id) => shardOf(id, 7)));
      expect(used.size).toBe(7);
      // Each index entry is on its shard's partition, shards 4 to 6 included.
      for (const shard of [4, 5, 6]) {
        const r = await dynamo.client.send(
          new QueryCommand({
            TableName: "shards",
            IndexName: DUE_INDEX,
            KeyConditionExpression: "gsi2pk = :p",
            ExpressionAttributeValues: { ":p": `DUE#${shard}` },
          }),
        );
        expect((r.Items ?? []).length).toBe(ids.filter((id) => shardOf(id, 7) === shard).length);
      }
      const due = await store.listDue(T0 + 10_000, 100);
      expect(due.map((m) => m.id).sort()).toEqual(ids);
      // A store that reads only the default 4 shards would miss those on shards 4 to 6.
      const narrow = await makeDynamoMatchStore(dynamo.client, "shards", () => T0, 4).listDue(T0 + 10_000, 100);
      expect(narrow.length).toBe(ids.filter((id) => shardOf(id, 7) < 4).length);
    } finally {
      await dynamo.close();
    }
  });
});

describe("end to end with 7 deadline shards and 3 seek partitions", () => {
  let server: RunningServer;
  let dataDir: string;
  const clients: Client[] = [];
  const saved = { ...process.env };

  beforeAll(async () => {
    process.env.RANKED_CLOCK_MS = String(CLOCK_MS);
    process.env.RANKED_INCREMENT_MS = "0";
    process.env.RANKED_FIRST_MOVE_MS = "3000";
    process.env.MANCALA_DUE_SHARDS = "7";
    process.env.MANCALA_SEEK_PARTITIONS = "3";
    dataDir = mkdtempSync(join(tmpdir(), "ranked-shards-"));
    server = await startServer({ port: 0, dataDir, staticDir: join(dataDir, "none"), quiet: true });
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
    for (const k of [
      "RANKED_CLOCK_MS",
      "RANKED_INCREMENT_MS",
      "RANKED_FIRST_MOVE_MS",
      "MANCALA_DUE_SHARDS",
      "MANCALA_SEEK_PARTITIONS",
    ])
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
  });

  let seed = 70;
  async function player(name: string): Promise<Client> {
    const c = await Client.open(server.wsUrl);
    clients.push(c);
    const keys = makeDeviceKeys(new Uint8Array(32).fill(++seed));
    const ch = await c.request({ type: "auth.hello", playerId: keys.playerId });
    await c.request({ type: "auth.prove", signature: signChallenge(keys, String(ch.challenge)), name });
    return c;
  }

  test("six players seeking at once are paired, and the timer alone flags every game", async () => {
    const ps = await Promise.all(Array.from({ length: 6 }, (_, i) => player(`Shard ${i}`)));
    for (const p of ps) p.send({ type: "ranked.seek", game: "tsoro-wta", options: { holes: 4, seeds: 1 } });
    const starts = await Promise.all(ps.map((p) => p.type("ranked.start", 10_000)));
    const byMatch = new Map<string, number>();
    for (const s of starts) {
      const id = (s.match as MatchView).id;
      byMatch.set(id, (byMatch.get(id) ?? 0) + 1);
    }
    expect([...byMatch.values()]).toEqual([2, 2, 2]);
    // Nobody moves: each first mover's first-move limit or clock runs out, and only the timer sees it.
    const ends = await Promise.all(ps.map((p) => p.type("ranked.end", 60_000)));
    for (const e of ends) expect((e.match as MatchView).status).not.toBe("active");
  }, 90_000);
});
