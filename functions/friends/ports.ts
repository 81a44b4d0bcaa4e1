/**
 * What every part of the friend service shares: its ports (the stores of store.ts, the connection
 * items, the gateway, the seat-token key), who sent a message, and the small helpers each reply is
 * built with.
 */
import type { Seat } from "../../core/types.js";
import {
  makeError,
  type FriendClientMessage,
  type FriendServerMessage,
  type StoredMessage,
} from "../../core/protocol/friend.js";
import type { FriendErrorCode } from "../../core/protocol/errors.js";
import type { Gateway } from "../lib/gateway.js";
import type { TakeResult } from "../lib/counters.js";
import { COUNTER_SPACES } from "../lib/keys.js";
import type { FriendConnectionStore } from "./connections.js";
import type { FriendStores } from "./store.js";
import type { Stored } from "./log.js";
import type { SeatKeys } from "./token.js";
import { makeHeadProof } from "./head.js";
import { friendLimits } from "./limits.js";

export interface FriendPorts extends FriendStores {
  readonly conns: FriendConnectionStore;
  readonly gateway: Gateway;
  /** The key of seat tokens (friends/token.ts). */
  tokenKey(): Promise<SeatKeys>;
  /** One-way hash of a seat secret (the server never stores the secret itself). */
  hashSecret(secret: string): string;
  newId(): string;
}

export type Rid = string | number | undefined;
export type Msg<T extends FriendClientMessage["type"]> = Extract<FriendClientMessage, { type: T }>;

/** Who sent a message, beyond its connection: its network, and the signed-in player if any. */
export interface Sender {
  readonly address: string;
  readonly identity?: string;
}

export const other = (s: Seat): Seat => (s === 0 ? 1 : 0);

/** `{ rid }` when the message carried one. */
export const ridOf = (rid: Rid): { rid?: string | number } => (rid !== undefined ? { rid } : {});

export function fail(
  code: FriendErrorCode,
  message: string,
  rid: Rid,
  extra: { expected?: number; retryMs?: number } = {},
): FriendServerMessage {
  return makeError(code, message, { ...ridOf(rid), ...extra });
}

export const withProof = (key: SeatKeys, roomId: string, m: Stored): StoredMessage => ({
  ...m,
  proof: makeHeadProof(key, roomId, m.seq, m.sent),
});

/** Creation and look-up limits: per network and per signed-in player, across every Lambda instance. */
export async function chargeSender(
  p: FriendPorts,
  what: "create" | "lookup",
  from: Sender,
  now: number,
): Promise<TakeResult> {
  const { limit, windowMs } = friendLimits()[what];
  const space = COUNTER_SPACES.friend;
  const byAddress = await p.counters.take(`${space}${what}#a#${from.address}`, limit, windowMs, now);
  if (!byAddress.ok || from.identity === undefined) return byAddress;
  return p.counters.take(`${space}${what}#i#${from.identity}`, limit, windowMs, now);
}

/**
 * Gives the room a fresh locator in place of `replacing`: the new one, or the one a parallel move
 * gave it (locators.ts: exactly one live locator per room), or null when none was free.
 */
export async function freshLocator(
  p: FriendPorts,
  roomId: string,
  replacing: number | null,
  hint: number | undefined,
  now: number,
): Promise<number | null> {
  const a = await p.locators.allocate(roomId, replacing, hint, now);
  if (a.kind === "moved") return a.loc;
  if (a.kind === "none") return null;
  return (await p.rooms.get(roomId, now))?.loc ?? null;
}

/**
 * A step of the key exchange taken (or taken before: a step sent again because its answer was lost
 * is taken once and answered again). The client sends each step until this answer comes.
 */
export function stepTaken(rid: Rid, reqId: string): FriendServerMessage {
  return { type: "join.ok", ...ridOf(rid), reqId };
}

/** How long a guest waits before knocking again while the owner is away. */
export const OWNER_AWAY_RETRY_MS = 10_000;

export const NO_ROOM = "no game with this code (it may have expired)";
export const NO_FREE_CODE = "no free game code right now; come back later for a new one";
