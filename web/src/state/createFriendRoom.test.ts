/**
 * The friend room's store over a session that plays the real friend rules (core's applyPayload) on
 * both seats without a network: what the room mirrors, the read marks of its chat, results, and the
 * room as a game table (engine seats, scores, names).
 */
import { createRoot } from "solid-js";
import { describe, expect, test, vi } from "vitest";
import { legalMoves, score, toMove } from "../../../core/games/index.js";
import type { RoomCode } from "../../../core/crypto/code.js";
import {
  applyPayload,
  createFriendGame,
  engineSeat,
  type FriendGame,
  type Settings,
} from "../../../core/online/friend/game.js";
import type { FriendSession, SessionEvent, SessionView } from "../../../core/online/friend/types.js";
import type { Payload } from "../../../core/online/payload.js";
import type { Seat } from "../../../core/types.js";
import { roomTable } from "../table/adapters/room.js";
import { chatReads } from "./chatReads.js";
import { createFriendRoom, type FriendRoomStore } from "./createFriendRoom.js";
import { createRooms, type SavedRoom } from "./createRooms.js";
import { memoryStorage, type KeyValue } from "../lib/persist.js";

const CODE = "K7PQ2A9M";

interface Table {
  readonly session: FriendSession;
  /** A payload from the other seat, applied by the friend rules as the server would relay it. */
  peer(p: Payload): void;
  game(): FriendGame;
}

/** A seated session whose room log is kept here: both seats' payloads go through `applyPayload`. */
function localSession(seat: Seat, setup: Settings): Table {
  let g = createFriendGame();
  let seq = 0;
  const listeners = new Set<(e: SessionEvent) => void>();
  const emit = (e: SessionEvent): void => {
    for (const l of listeners) l(e);
  };
  const apply = (from: Seat, payload: Payload): { ok: true; value: undefined } => {
    const r = applyPayload(g, { from, seq: ++seq, at: 1_000 + seq, payload });
    if (!r.ok) throw new Error(r.error.message);
    g = r.value.game;
    emit({
      type: "applied",
      from,
      seq,
      payload,
      ...(r.value.trace !== undefined ? { trace: r.value.trace } : {}),
      ...(r.value.ended !== undefined ? { ended: r.value.ended } : {}),
    });
    // The session tells a change after every applied message, as core/online/session.ts does.
    emit({ type: "change" });
    return { ok: true, value: undefined };
  };
  const view = (): SessionView => ({
    status: "seated",
    connected: true,
    link: { status: "connected" },
    roomId: "room",
    code: CODE as RoomCode,
    keyed: true,
    seat,
    peer: { seated: true, online: true },
    requests: [],
    game: g,
    caughtUp: true,
    unsent: 0,
    applied: seq,
    codeSpent: false,
    answered: 0,
  });
  const session: FriendSession = {
    view,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    secret: "S".repeat(43),
    roomId: "room",
    key: null,
    move: (move) => {
      const st = g.state;
      if (st === null || g.series === null) throw new Error("no game");
      return apply(seat, { t: "move", series: g.seriesNo, game: g.series.games.length, ply: g.moves.length, move });
    },
    chat: (text) => apply(seat, { t: "chat", text }),
    pause: (on) => apply(seat, { t: "pause", on }),
    answer: (what, accept) => apply(seat, { t: "answer", what, accept }),
    rematch: () => apply(seat, { t: "rematch" }),
    forfeit: (whole) => apply(seat, { t: "forfeit", whole }),
    offerEnd: () => apply(seat, { t: "end" }),
    setProfile: (p) => apply(seat, { t: "profile", ...p }),
    answerJoin: () => ({ ok: true, value: undefined }),
    snapshot: () => {
      throw new Error("not kept in these tests");
    },
    dispose: () => listeners.clear(),
  };
  // The owner's setup and both profiles, as the room log starts.
  apply(0, { t: "setup", ...setup });
  apply(0, { t: "profile", name: seat === 0 ? "Ada" : "Bola" });
  apply(1, { t: "profile", name: seat === 0 ? "Bola" : "Ada" });
  return {
    session,
    peer: (p) => void apply(seat === 0 ? 1 : 0, p),
    game: () => g,
  };
}

const savedRoom = (setup: Settings): SavedRoom => ({
  code: CODE,
  secret: "S".repeat(43),
  owner: true,
  created: true,
  roomId: "room",
  setup,
  opponent: null,
  moves: 0,
  score: [0, 0],
  over: false,
  createdAt: 1,
  updatedAt: 1,
});

function openRoom(
  setup: Settings,
  kv: KeyValue = memoryStorage(),
): { store: FriendRoomStore; table: Table; dispose: () => void } {
  const table = localSession(0, setup);
  return createRoot((dispose) => {
    const [, rooms] = createRooms(kv);
    rooms.put(savedRoom(setup));
    const store = createFriendRoom({
      room: savedRoom(setup),
      rooms,
      profile: () => ({ name: "Ada" }),
      speed: () => "fast",
      open: () => table.session,
      reads: chatReads(kv),
    });
    return {
      store,
      table,
      dispose: () => {
        store[1].dispose();
        dispose();
      },
    };
  });
}

const togyz: Settings = { game: "togyz", options: {}, bestOf: 3 };

describe("a friend room's store", () => {
  test("mirrors the seated game: the owner moves first from the bottom, a move goes to the room log", async () => {
    const { store, table, dispose } = openRoom(togyz);
    const [room, act, [view]] = store;
    expect(room.phase).toBe("seated");
    expect(room.seat).toBe(0);
    expect(room.names).toEqual(["Ada", "Bola"]);
    expect(room.turn).toBe(0);
    expect(room.bottom).toBe(0);
    expect(room.legal).toHaveLength(9);
    expect(view.display.board).toHaveLength(18);
    expect(act.move(room.legal[0])).toBe(true);
    expect(table.game().moves).toHaveLength(1);
    await vi.waitFor(() => expect(view.animating).toBe(false));
    expect(room.turn).toBe(1);
    expect(room.legal).toEqual([]);
    expect(view.lastMove?.seat).toBe(0);
    dispose();
  });

  test("the other player's chat lines count as unread until the chat is opened, and stay read on the device", () => {
    const kv = memoryStorage();
    const first = openRoom(togyz, kv);
    const [room, act] = first.store;
    first.table.peer({ t: "chat", text: "salem" });
    first.table.peer({ t: "chat", text: "good luck" });
    act.chat("thanks");
    expect(room.chat).toHaveLength(3);
    expect(room.unread).toBe(2);
    act.openChat(true);
    expect(room.unread).toBe(0);
    first.table.peer({ t: "chat", text: "read at once" });
    expect(room.unread).toBe(0);
    act.openChat(false);
    expect(room.unread).toBe(0);
    first.table.peer({ t: "chat", text: "new" });
    expect(room.unread).toBe(1);
    first.dispose();

    // The same room on the same device later, its log fetched again: what was read is still read.
    const again = openRoom(togyz, kv);
    const t = again.table;
    t.peer({ t: "chat", text: "salem" });
    t.peer({ t: "chat", text: "good luck" });
    t.session.chat("thanks");
    t.peer({ t: "chat", text: "read at once" });
    expect(again.store[0].unread).toBe(0);
    t.peer({ t: "chat", text: "new" });
    expect(again.store[0].unread).toBe(1);
    t.peer({ t: "chat", text: "and newer" });
    expect(again.store[0].unread).toBe(2);
    again.dispose();
  });

  test("a forfeit shows the result in room seats until dismissed; the next game flips who starts", () => {
    const { store, table, dispose } = openRoom(togyz);
    const [room, act] = store;
    table.peer({ t: "forfeit", whole: false });
    expect(room.result?.outcome).toEqual({ winner: 0, reason: "forfeit" });
    expect(room.series?.score).toEqual([1, 0]);
    act.dismissResult();
    expect(room.result).toBeNull();
    expect(room.starter).toBe(1);
    expect(room.bottom).toBe(engineSeat(room, 0));
    expect(room.turn).toBe(1);
    dispose();
  });
});

describe("a friend room as a game table", () => {
  test("names, scores and the seat to move are by engine seat, mapped from room seats by core", async () => {
    const { store, table, dispose } = openRoom(togyz);
    const [room, act, [view]] = store;
    const { model, nameOf } = createRoot(() => roomTable(store));
    expect(model.names()).toEqual(["You", "Bola"]);
    expect(model.bottom()).toBe(0);
    expect(model.toMove()).toBe(0);
    act.move(room.legal[0]);
    await vi.waitFor(() => expect(view.animating).toBe(false));
    const st = table.game().state;
    if (st === null) throw new Error("no game");
    expect(model.score(0)).toBe(score(st, 0));
    expect(model.toMove()).toBe(toMove(st));
    // The second game: Bola starts, so engine seat 0 is Bola's and the board turns.
    table.peer({ t: "forfeit", whole: false });
    expect(model.result()).toEqual({ winner: engineSeat({ starter: 0 }, 0), reason: "forfeit" });
    act.dismissResult();
    expect(model.names()).toEqual(["Bola", "You"]);
    expect(model.bottom()).toBe(1);
    expect(model.toMove()).toBe(0);
    expect(model.legal()).toEqual([]);
    expect(nameOf(1)).toBe("Bola");
    const g = table.game().state;
    if (g === null) throw new Error("no game");
    table.peer({
      t: "move",
      series: 0,
      game: 1,
      ply: 0,
      move: legalMoves(g)[0],
    });
    await vi.waitFor(() => expect(view.animating).toBe(false));
    expect(model.toMove()).toBe(1);
    expect(model.legal().length).toBeGreaterThan(0);
    dispose();
  });

  test("Winner Takes All scores the seeds on each side of the board, as core counts them", () => {
    const wta: Settings = { game: "tsoro-wta", options: { holes: 6, seeds: 2 }, bestOf: 1 };
    const { store, table, dispose } = openRoom(wta);
    const { model } = createRoot(() => roomTable(store));
    const st = table.game().state;
    if (st === null) throw new Error("no game");
    expect([model.score(0), model.score(1)]).toEqual([score(st, 0), score(st, 1)]);
    expect(model.score(0)).toBeGreaterThan(0);
    dispose();
  });
});
