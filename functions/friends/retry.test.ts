/**
 * A renumbered retry on a long log: the real router, service and DynamoDB store on dynalite, every
 * call counted with the read units dynalite bills for it. The retry of the log's first message, sent
 * again after about 5 MB of boxes, must cost one keyed read whatever the log's length.
 */
import { describe, expect, test } from "vitest";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { seatTwo, useRouterRig } from "./testing/rigs.js";

const calls = new Map<string, number>();
let readUnits = 0;

function counting(db: DynamoDBDocumentClient): DynamoDBDocumentClient {
  const c = Object.create(db) as DynamoDBDocumentClient;
  (c as { send: unknown }).send = async (cmd: { constructor: { name: string }; input: Record<string, unknown> }) => {
    const name = cmd.constructor.name.replace(/Command$/, "");
    calls.set(name, (calls.get(name) ?? 0) + 1);
    cmd.input.ReturnConsumedCapacity = "TOTAL";
    const out = (await (db.send as (x: unknown) => Promise<unknown>)(cmd)) as {
      ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[];
    };
    if (name === "Get" || name === "Query" || name === "BatchGet") {
      const cc = out.ConsumedCapacity;
      for (const x of Array.isArray(cc) ? cc : cc === undefined ? [] : [cc]) readUnits += x.CapacityUnits ?? 0;
    }
    return out;
  };
  return c;
}

const rig = useRouterRig("retry", { wrap: counting, stepMs: 100 });

/** A box of the largest size a relay carries. */
const BIG = "b".repeat(16_000);
const LOG_BYTES = 5_000_000;

describe("a renumbered retry", () => {
  test("is found with one keyed read of about one read unit on a 5 MB log", async () => {
    const { roomId, joined, presence } = await seatTwo(rig, "L0", "L1");
    const tok = [String(presence.token), String(joined.token)];
    const via = [String(presence.via), String(joined.via)];
    let head = joined.head as { seq: number; sent: [number, number]; proof: string };
    const relay = async (seat: 0 | 1, cseq: number, box: string, rid: number) =>
      rig.say(seat === 0 ? "L0" : "L1", {
        type: "relay",
        rid,
        room: roomId,
        seat,
        via: via[seat],
        tok: tok[seat],
        seq: head.seq + 1,
        cseq,
        prev: { sent: head.sent, proof: head.proof },
        kind: "game",
        box,
      });
    const first = await relay(0, 1, BIG, 1);
    expect(first).toMatchObject({ type: "relay.ack", seq: 1, cseq: 1 });
    head = first as unknown as typeof head;
    // The other seat fills the log past 5 MB.
    const n = Math.ceil(LOG_BYTES / BIG.length);
    for (let i = 1; i <= n; i++) {
      const a = await relay(1, i, BIG, 10 + i);
      expect(a).toMatchObject({ type: "relay.ack" });
      head = a as unknown as typeof head;
    }
    calls.clear();
    readUnits = 0;
    // Seat 0's first message again, renumbered after the whole log.
    const again = await relay(0, 1, BIG, 9999);
    expect(again).toMatchObject({ type: "relay.ack", rid: 9999, seq: 1, cseq: 1 });
    expect(Object.fromEntries(calls)).toEqual({ Get: 1 });
    expect(readUnits).toBeLessThanOrEqual(1);
  });
});
