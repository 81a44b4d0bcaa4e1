/**
 * The timer's lease (`LEASE#timer` / `LEASE`): a tick acts only while it holds the lease, so two
 * ticks never act at once, even when the timer is invoked twice (an EventBridge retry, a manual
 * invoke, the one-second overlap of consecutive invocations). The holder renews it on every tick and
 * gives it up when its invocation ends; a holder that dies loses it `LEASE_MS` after its last tick.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { isConditionFailed } from "../lib/items.js";
import { nowSeconds } from "../lib/table.js";

/** Longer than any tick (a tick reads the due matches and ends a few); far shorter than a minute. */
export const LEASE_MS = 10_000;
const KEY = { pk: "LEASE#timer", sk: "LEASE" };

export interface TimerLease {
  /** Takes or renews the lease for `holder` until `now + LEASE_MS`; false while another holds it. */
  acquire(holder: string, now: number): Promise<boolean>;
  /** Gives the lease up, if `holder` still has it. */
  release(holder: string): Promise<void>;
}

export function makeDynamoTimerLease(db: DynamoDBDocumentClient, tableName: string): TimerLease {
  return {
    async acquire(holder, now) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: KEY,
            UpdateExpression: "SET holder = :h, #until = :until, expiresAt = :exp",
            ConditionExpression: "attribute_not_exists(holder) OR holder = :h OR #until < :now",
            ExpressionAttributeNames: { "#until": "until" },
            ExpressionAttributeValues: {
              ":h": holder,
              ":until": now + LEASE_MS,
              ":now": now,
              ":exp": nowSeconds(now) + 86_400,
            },
          }),
        );
        return true;
      } catch (e) {
        if (isConditionFailed(e)) return false;
        throw e;
      }
    },
    async release(holder) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: KEY,
            UpdateExpression: "REMOVE holder, #until",
            ConditionExpression: "holder = :h",
            ExpressionAttributeNames: { "#until": "until" },
            ExpressionAttributeValues: { ":h": holder },
          }),
        );
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
    },
  };
}
