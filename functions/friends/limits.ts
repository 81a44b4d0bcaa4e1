/**
 * The friend-room limits that hold across Lambda instances (creation and look-up counters, the knock
 * interval per address and locator), with their defaults from core/protocol/friend.ts.
 * `FRIEND_ROOM_LIMIT`, `FRIEND_LOOKUP_LIMIT` and `FRIEND_KNOCK_MS` override them (the test
 * configuration raises them for tests that are not about them; functions/friends/attacks.test.ts
 * runs with the defaults).
 */
import {
  KNOCK_INTERVAL_MS,
  LOOKUP_LIMIT,
  LOOKUP_WINDOW_MS,
  ROOM_CREATE_LIMIT,
  ROOM_CREATE_WINDOW_MS,
} from "../../core/protocol/friend.js";
import { envInt } from "../lib/env.js";

/**
 * How many more exchanges one address may open on a locator within its knock turn after the one
 * before ended unjudged (cut, or lapsed before its confirmation): a guest whose connection drops
 * mid-exchange knocks again at once. A confirmation spends what is left of the turn until the
 * owner's verdict; a wrong verdict keeps it spent (functions/friends/door.ts, `hello`).
 */
export const KNOCK_RETRIES = 3;

export interface FriendLimits {
  readonly create: { readonly limit: number; readonly windowMs: number };
  readonly lookup: { readonly limit: number; readonly windowMs: number };
  readonly knockMs: number;
}

export function friendLimits(): FriendLimits {
  return {
    create: { limit: envInt("FRIEND_ROOM_LIMIT", ROOM_CREATE_LIMIT), windowMs: ROOM_CREATE_WINDOW_MS },
    lookup: { limit: envInt("FRIEND_LOOKUP_LIMIT", LOOKUP_LIMIT), windowMs: LOOKUP_WINDOW_MS },
    knockMs: envInt("FRIEND_KNOCK_MS", KNOCK_INTERVAL_MS),
  };
}
