/**
 * Friend games kept on this device: the room code, this device's seat secret (so Continue, or typing
 * the same code again, returns to the same seat), the game the creator chose and who is playing.
 * Resume lists the rooms whose series is not over.
 */
import { createStore, reconcile, type Store } from "solid-js/store";
import * as v from "valibot";
import { BEST_OF, type BestOf } from "../../../core/series.js";
import { GAMES, type GameId } from "../../../core/types.js";
import { makeStoreContext } from "./context.js";
import { readJson, removeKey, writeJson, type KeyValue } from "./persist.js";

const MAX_ROOMS = 30;

export interface RoomSetup {
  readonly game: GameId;
  readonly options: Readonly<Record<string, number | boolean>>;
  readonly bestOf: BestOf;
}

export interface SavedRoom {
  /** Canonical code this device first knew the room by (its key here): 8 characters, no dash. */
  readonly code: string;
  /** The code to share now, when the server gave the room another locator (owner). */
  readonly shown?: string;
  /** The room's id (the owner's from the start, the guest's once seated). */
  readonly roomId?: string;
  /** The room key from the key exchange (base64url), once known: Continue needs no new exchange. */
  readonly key?: string;
  /** This device's seat secret (base64url of 32 bytes; "" for a guest until the exchange gives it). */
  readonly secret: string;
  /** This device made the room (seat 0). */
  readonly owner: boolean;
  /** The owner's room exists on the server: reconnect by joining with the secret. */
  readonly created: boolean;
  /** The creator's choice (known to the guest once set up). */
  readonly setup: RoomSetup | null;
  /** Guest: the game the join link named (lib/invite.ts), shown while waiting; `setup` is what is played. */
  readonly announced?: RoomSetup;
  readonly opponent: string | null;
  readonly moves: number;
  readonly score: readonly [number, number];
  readonly over: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
}

const Code = v.pipe(v.string(), v.regex(/^[0-9A-HJKMNP-TV-Z]{8}$/));
const Secret = v.pipe(v.string(), v.regex(/^(?:[A-Za-z0-9_-]{43})?$/));
const B32 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000));

const RoomSetupSchema = v.object({
  game: v.picklist(GAMES),
  options: v.record(v.pipe(v.string(), v.maxLength(20)), v.union([v.number(), v.boolean()])),
  bestOf: v.picklist(BEST_OF),
});

const SavedRoomSchema = v.object({
  code: Code,
  shown: v.optional(Code),
  roomId: v.optional(B32),
  key: v.optional(B32),
  secret: Secret,
  owner: v.boolean(),
  created: v.fallback(v.boolean(), false),
  setup: v.fallback(v.nullable(RoomSetupSchema), null),
  announced: v.fallback(v.optional(RoomSetupSchema), undefined),
  opponent: v.fallback(v.nullable(v.pipe(v.string(), v.maxLength(40))), null),
  moves: v.fallback(Count, 0),
  score: v.fallback(v.tuple([Count, Count]), [0, 0]),
  over: v.fallback(v.boolean(), false),
  createdAt: v.number(),
  updatedAt: v.number(),
});

export function parseRooms(raw: unknown): SavedRoom[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: SavedRoom[] = [];
  for (const item of raw) {
    const r = v.safeParse(SavedRoomSchema, item);
    if (!r.success || seen.has(r.output.code)) continue;
    seen.add(r.output.code);
    out.push(r.output as SavedRoom);
  }
  return out.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_ROOMS);
}

function makeRooms(rooms: readonly SavedRoom[]): unknown[] {
  return JSON.parse(JSON.stringify(rooms)) as unknown[];
}

export interface RoomsActions {
  get(code: string): SavedRoom | undefined;
  /** Inserts or replaces a room; false when the device refused to store it. */
  put(room: SavedRoom): boolean;
  /** Changes some fields of a saved room (no-op when it is gone). */
  update(code: string, change: Partial<Omit<SavedRoom, "code">>): void;
  remove(code: string): void;
}

export type RoomsStore = readonly [Store<{ readonly rooms: readonly SavedRoom[] }>, RoomsActions];

const KEY = "rooms.v1";

export function createRooms(kv: KeyValue, now: () => number = Date.now): RoomsStore {
  const [state, setState] = createStore<{ rooms: SavedRoom[] }>({ rooms: parseRooms(readJson(kv, KEY)) });
  const save = (): boolean => writeJson(kv, KEY, makeRooms(state.rooms));
  const actions: RoomsActions = {
    get: (code) => state.rooms.find((r) => r.code === code),
    put(room) {
      const rest = state.rooms.filter((r) => r.code !== room.code);
      setState("rooms", reconcile([room, ...rest].slice(0, MAX_ROOMS), { key: "code" }));
      return save();
    },
    update(code, change) {
      const cur = actions.get(code);
      if (cur === undefined) return;
      actions.put({ ...cur, ...change, updatedAt: now() });
    },
    remove(code) {
      setState("rooms", (rs) => rs.filter((r) => r.code !== code));
      save();
      // The game as last seen on this device (state/roomSnapshot.ts) goes with the room.
      removeKey(kv, `room.${code}.v1`);
    },
  };
  return [state, actions];
}

/** The code to share for a saved room (the owner's may have changed since it was made). */
export function currentCode(room: SavedRoom): string {
  return room.shown ?? room.code;
}

/** The display form of a canonical code: `K7PQ-2A9M`. */
export function showCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export const RoomsContext = makeStoreContext<RoomsStore>("useRooms");
export const useRooms = RoomsContext.use;
