/**
 * Locators: the only part of a friend code the server sees, one item each (`LOC#<locator>` /
 * `LOC`) naming the room it leads to while the room waits for a guest, and holding the room's guess
 * slots. Nothing stored is derived from the code's password.
 *
 * THE GUESS-SLOT RULE (the one statement of it; everything else names it). A locator counts
 * `slots`, the key exchanges open on it, and `fails`, the wrong codes the owner's device judged. An
 * exchange takes a slot before the owner sees it, with one conditional update that holds only while
 * `slots < OPEN_EXCHANGES` and `fails < MAX_WRONG_CODES` (`reserveGuess`). It gives the slot up
 * exactly once, when it ends: moved into `fails` when the owner's device judged its confirmation
 * wrong (`countWrongCode`), given back in every other case (`passGuess` for a right code,
 * `releaseGuess` for one refused, lapsed, or whose guest left at any step). So at most
 * OPEN_EXCHANGES exchanges are open at once however many guests knock, a guesser learns the outcome
 * of at most MAX_WRONG_CODES wrong codes, and the last one retires the locator (the room gets a new
 * one).
 *
 * A room holds exactly one live locator: `allocate` claims a free one, then moves the room to it
 * with one conditional update on the room's current locator (rooms.ts `moveLocator`); only the
 * winner of parallel moves frees the locator it replaced, a loser frees the one it claimed.
 */
import {
  BatchGetCommand,
  DeleteCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import { LOCATOR_COUNT } from "../../core/crypto/code.js";
import { LOCATOR_TTL_SECONDS, MAX_WRONG_CODES, OPEN_EXCHANGES } from "../../core/protocol/friend.js";
import { getLive, isConditionFailed, yieldTurn } from "../lib/items.js";
import { PREFIX } from "../lib/keys.js";
import { isLive, nowSeconds } from "../lib/table.js";
import type { RoomStore } from "./rooms.js";

interface Locator {
  readonly loc: number;
  readonly roomId: string;
  readonly fails: number;
  /** The exchanges holding a slot (the guess-slot rule). */
  readonly slots: number;
}

/** Taking a guess slot: taken, all slots under way, or the locator is gone (retired, lapsed, another room's). */
type ReserveResult = "reserved" | "full" | "gone";

type CountResult =
  /** Counted; `retired` when this was the last wrong code the locator allows. */
  | { readonly kind: "counted"; readonly fails: number; readonly retired: boolean }
  /** The locator is gone or no longer this room's (retired before). */
  | { readonly kind: "gone" };

type AllocateResult =
  /** The room's locator is now `loc` (the one it replaced is freed). */
  | { readonly kind: "moved"; readonly loc: number }
  /** Another move of the same room won: the room's locator is what that one made it. */
  | { readonly kind: "lost" }
  /** No free locator was found (see ALLOCATION). */
  | { readonly kind: "none" };

export interface LocatorStore {
  /**
   * Gives the room a free locator in place of `replacing` (null: it has none): `hint` first, then
   * random ones (ALLOCATION).
   */
  allocate(roomId: string, replacing: number | null, hint: number | undefined, now: number): Promise<AllocateResult>;
  /** The locator while it is live and not retired. */
  get(loc: number, now: number): Promise<Locator | null>;
  reserveGuess(loc: number, roomId: string, now: number): Promise<ReserveResult>;
  releaseGuess(loc: number, roomId: string): Promise<void>;
  /** A right code's slot back, only while the locator is live and not retired; false otherwise (the guest must not get the owner's tag). */
  passGuess(loc: number, roomId: string, now: number): Promise<boolean>;
  countWrongCode(loc: number, roomId: string, now: number): Promise<CountResult>;
  /** Frees `loc` (the room is full); the room's locator is cleared if it is still `loc`. */
  release(loc: number, roomId: string): Promise<void>;
}

/**
 * ALLOCATION. The hint and RANDOM_TRIES random locators are tried with a conditional put each; then
 * up to WINDOWS runs of WINDOW consecutive locators from a random start are read at once (one
 * BatchGetItem each) and up to PUTS_PER_WINDOW of the free ones tried. With a fraction `f` of the
 * space taken (and no race for the same free locators), allocation fails only if every random try
 * and every window finds nothing free: probability f^(RANDOM_TRIES + WINDOWS·WINDOW), at f = 0.9
 * below 10^-9 (8 random tries alone: 0.9^8 ≈ 43 %). store.test.ts has both stores find the one free
 * locator of a window when every random try is taken.
 */
const ALLOCATION = { RANDOM_TRIES: 4, WINDOWS: 2, WINDOW: 100, PUTS_PER_WINDOW: 4 } as const;

const locKey = (loc: number) => ({ pk: `${PREFIX.loc}${loc}`, sk: "LOC" });

/** The claim-then-move allocation, on any store's claim and free steps. */
async function allocateWith(
  rooms: RoomStore,
  random: () => number,
  ops: {
    /** Takes `loc` for the room if no live locator item holds it. */
    claim(loc: number): Promise<boolean>;
    /** The locators of `locs` that no live item holds. */
    freeAmong(locs: readonly number[]): Promise<number[]>;
    /** Deletes `loc`'s item while it is this room's. */
    drop(loc: number): Promise<void>;
  },
  roomId: string,
  replacing: number | null,
  hint: number | undefined,
): Promise<AllocateResult> {
  const pick = () => Math.floor(random() * LOCATOR_COUNT);
  let got: number | null = null;
  const tried = new Set<number>();
  const attempt = async (loc: number): Promise<boolean> => {
    if (tried.has(loc)) return false;
    tried.add(loc);
    if (!(await ops.claim(loc))) return false;
    got = loc;
    return true;
  };
  const candidates = [...(hint !== undefined ? [hint] : []), ...Array.from({ length: ALLOCATION.RANDOM_TRIES }, pick)];
  for (const loc of candidates) if (await attempt(loc)) break;
  for (let w = 0; got === null && w < ALLOCATION.WINDOWS; w++) {
    const start = pick();
    const run = Array.from({ length: ALLOCATION.WINDOW }, (_, i) => (start + i) % LOCATOR_COUNT);
    const free = await ops.freeAmong(run);
    for (let i = free.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [free[i], free[j]] = [free[j]!, free[i]!];
    }
    for (const loc of free.slice(0, ALLOCATION.PUTS_PER_WINDOW)) if (await attempt(loc)) break;
  }
  if (got === null) return { kind: "none" };
  const loc: number = got;
  if (!(await rooms.moveLocator(roomId, replacing, loc))) {
    await ops.drop(loc);
    return { kind: "lost" };
  }
  if (replacing !== null && replacing !== loc) await ops.drop(replacing);
  return { kind: "moved", loc };
}

export function makeDynamoLocatorStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  rooms: RoomStore,
  random: () => number = Math.random,
): LocatorStore {
  const T = tableName;
  const locUpdate = async (loc: number, expr: string, cond: string, values: Record<string, unknown>) => {
    try {
      const r = await db.send(
        new UpdateCommand({
          TableName: T,
          Key: locKey(loc),
          UpdateExpression: expr,
          ConditionExpression: cond,
          ExpressionAttributeValues: values,
          ReturnValues: "ALL_NEW",
        }),
      );
      return r.Attributes ?? {};
    } catch (e) {
      if (isConditionFailed(e)) return null;
      throw e;
    }
  };
  const drop = async (loc: number, roomId: string) => {
    try {
      await db.send(
        new DeleteCommand({
          TableName: T,
          Key: locKey(loc),
          ConditionExpression: "roomId = :r",
          ExpressionAttributeValues: { ":r": roomId },
        }),
      );
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
    }
  };
  const liveOf = (item: Record<string, unknown> | null, roomId: string) =>
    item !== null && item.roomId === roomId && Number(item.fails ?? 0) < MAX_WRONG_CODES;
  return {
    allocate(roomId, replacing, hint, now) {
      return allocateWith(
        rooms,
        random,
        {
          async claim(loc) {
            try {
              await db.send(
                new PutCommand({
                  TableName: T,
                  Item: {
                    ...locKey(loc),
                    loc,
                    roomId,
                    fails: 0,
                    slots: 0,
                    createdAt: now,
                    expiresAt: nowSeconds(now) + LOCATOR_TTL_SECONDS,
                  },
                  // A lapsed locator (TTL passed, not yet swept) is free again.
                  ConditionExpression: "attribute_not_exists(pk) OR expiresAt < :nows",
                  ExpressionAttributeValues: { ":nows": nowSeconds(now) },
                }),
              );
              return true;
            } catch (e) {
              if (isConditionFailed(e)) return false;
              throw e;
            }
          },
          async freeAmong(locs) {
            const r = await db.send(
              new BatchGetCommand({
                RequestItems: {
                  [T]: { Keys: locs.map(locKey), ConsistentRead: true, ProjectionExpression: "loc, expiresAt" },
                },
              }),
            );
            const held = new Set((r.Responses?.[T] ?? []).filter((it) => isLive(it, now)).map((it) => Number(it.loc)));
            const unread = new Set(
              ((r.UnprocessedKeys?.[T]?.Keys ?? []) as { pk?: string }[]).map((k) =>
                Number(String(k.pk).slice(PREFIX.loc.length)),
              ),
            );
            return locs.filter((l) => !held.has(l) && !unread.has(l));
          },
          drop: (loc) => drop(loc, roomId),
        },
        roomId,
        replacing,
        hint,
      );
    },
    async get(loc, now) {
      const it = await getLive(db, T, locKey(loc).pk, "LOC", now);
      if (it === null || Number(it.fails ?? 0) >= MAX_WRONG_CODES) return null;
      return { loc, roomId: String(it.roomId), fails: Number(it.fails ?? 0), slots: Number(it.slots ?? 0) };
    },
    async reserveGuess(loc, roomId, now) {
      const taken = await locUpdate(
        loc,
        "ADD slots :one",
        "roomId = :r AND fails < :max AND expiresAt > :nows AND (attribute_not_exists(slots) OR slots < :open)",
        { ":one": 1, ":r": roomId, ":max": MAX_WRONG_CODES, ":open": OPEN_EXCHANGES, ":nows": nowSeconds(now) },
      );
      if (taken !== null) return "reserved";
      return liveOf(await getLive(db, T, locKey(loc).pk, "LOC", now), roomId) ? "full" : "gone";
    },
    async releaseGuess(loc, roomId) {
      await locUpdate(loc, "ADD slots :minus", "roomId = :r AND slots > :zero", {
        ":minus": -1,
        ":r": roomId,
        ":zero": 0,
      });
    },
    async passGuess(loc, roomId, now) {
      const a = await locUpdate(
        loc,
        "ADD slots :minus",
        "roomId = :r AND fails < :max AND expiresAt > :nows AND slots > :zero",
        {
          ":minus": -1,
          ":r": roomId,
          ":max": MAX_WRONG_CODES,
          ":nows": nowSeconds(now),
          ":zero": 0,
        },
      );
      return a !== null;
    },
    async countWrongCode(loc, roomId, now) {
      const a = await locUpdate(
        loc,
        "ADD fails :one, slots :minus",
        "roomId = :r AND fails < :max AND expiresAt > :nows",
        {
          ":one": 1,
          ":minus": -1,
          ":r": roomId,
          ":max": MAX_WRONG_CODES,
          ":nows": nowSeconds(now),
        },
      );
      if (a === null) return { kind: "gone" };
      const fails = Number(a.fails ?? 0);
      return { kind: "counted", fails, retired: fails >= MAX_WRONG_CODES };
    },
    async release(loc, roomId) {
      await drop(loc, roomId);
      await rooms.moveLocator(roomId, loc, null);
    },
  };
}

interface LocItem {
  roomId: string;
  fails: number;
  slots: number;
  expiresAt: number;
}

/** The in-memory twin: the same rules, each write one step after a turn of the event loop. */
export function createMemoryLocatorStore(rooms: RoomStore, random: () => number = Math.random): LocatorStore {
  const locs = new Map<number, LocItem>();
  const liveLoc = (l: LocItem | undefined, now: number): l is LocItem => l !== undefined && l.expiresAt > now;
  const judged = (l: LocItem | undefined, roomId: string, now: number): l is LocItem =>
    liveLoc(l, now) && l.roomId === roomId && l.fails < MAX_WRONG_CODES;
  const drop = (loc: number, roomId: string) => {
    if (locs.get(loc)?.roomId === roomId) locs.delete(loc);
  };
  return {
    allocate(roomId, replacing, hint, now) {
      return allocateWith(
        rooms,
        random,
        {
          async claim(loc) {
            await yieldTurn();
            if (liveLoc(locs.get(loc), now)) return false;
            locs.set(loc, { roomId, fails: 0, slots: 0, expiresAt: now + LOCATOR_TTL_SECONDS * 1000 });
            return true;
          },
          async freeAmong(run) {
            await yieldTurn();
            return run.filter((l) => !liveLoc(locs.get(l), now));
          },
          async drop(loc) {
            await yieldTurn();
            drop(loc, roomId);
          },
        },
        roomId,
        replacing,
        hint,
      );
    },
    async get(loc, now) {
      await yieldTurn();
      const l = locs.get(loc);
      if (!liveLoc(l, now) || l.fails >= MAX_WRONG_CODES) return null;
      return { loc, roomId: l.roomId, fails: l.fails, slots: l.slots };
    },
    async reserveGuess(loc, roomId, now) {
      await yieldTurn();
      const l = locs.get(loc);
      if (!judged(l, roomId, now)) return "gone";
      if (l.slots >= OPEN_EXCHANGES) return "full";
      l.slots++;
      return "reserved";
    },
    async releaseGuess(loc, roomId) {
      await yieldTurn();
      const l = locs.get(loc);
      if (l !== undefined && l.roomId === roomId && l.slots > 0) l.slots--;
    },
    async passGuess(loc, roomId, now) {
      await yieldTurn();
      const l = locs.get(loc);
      if (!judged(l, roomId, now) || l.slots <= 0) return false;
      l.slots--;
      return true;
    },
    async countWrongCode(loc, roomId, now) {
      await yieldTurn();
      const l = locs.get(loc);
      if (!judged(l, roomId, now)) return { kind: "gone" };
      l.fails++;
      l.slots--;
      return { kind: "counted", fails: l.fails, retired: l.fails >= MAX_WRONG_CODES };
    },
    async release(loc, roomId) {
      await yieldTurn();
      drop(loc, roomId);
      await rooms.moveLocator(roomId, loc, null);
    },
  };
}
