import { createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import { newGame, play, type State, boardView } from "../../../core/games/index.js";
import { createBoardView } from "./createBoardView.js";
import { loadIdentity, savedPlayerId } from "./createIdentity.js";
import { BUILT_IN_PHRASES, createPhrases, OWN_PHRASES_MAX, parsePhrases } from "./createPhrases.js";
import { createRooms, parseRooms, showCode, type SavedRoom } from "./createRooms.js";
import { makeGuestRoom, makeOwnRoom } from "./newRoom.js";
import { KEY_PREFIX, memoryStorage } from "../lib/persist.js";
import { parseRoute } from "./createRouter.js";
import { loadSnapshot, parseSnapshot, saveSnapshot } from "./roomSnapshot.js";

const inRoot = <T>(f: () => T): T => createRoot(() => f());

const room = (code: string, extra: Partial<SavedRoom> = {}): SavedRoom => ({
  code,
  secret: "S".repeat(43),
  owner: true,
  created: true,
  setup: { game: "ayo", options: { vsComputer: false }, bestOf: 3 },
  opponent: "Bola",
  moves: 4,
  score: [1, 0],
  over: false,
  createdAt: 1,
  updatedAt: 2,
  ...extra,
});

describe("friend rooms kept on the device", () => {
  test("a room survives reopening the app; updates keep the code and secret", () => {
    const kv = memoryStorage();
    const [, act] = inRoot(() => createRooms(kv, () => 50));
    expect(act.put(room("K7PQ2A9M"))).toBe(true);
    act.update("K7PQ2A9M", { moves: 9, opponent: "Bisi" });
    const [again, act2] = inRoot(() => createRooms(kv));
    expect(again.rooms).toHaveLength(1);
    expect(act2.get("K7PQ2A9M")).toMatchObject({ secret: "S".repeat(43), moves: 9, opponent: "Bisi", updatedAt: 50 });
    act2.remove("K7PQ2A9M");
    expect(inRoot(() => createRooms(kv))[0].rooms).toEqual([]);
  });

  test.each([
    ["a lower-case code", { code: "k7pq2a9m" }],
    ["a code with U", { code: "K7PQ2A9U" }],
    ["a short secret", { secret: "abc" }],
    ["no owner flag", { owner: "yes" }],
  ])("a damaged room (%s) is skipped, the others are kept", (_, bad) => {
    const rooms = parseRooms([{ ...room("AAAA1111"), ...bad }, room("BBBB2222")]);
    expect(rooms.map((r) => r.code)).toEqual(["BBBB2222"]);
  });

  test("damaged optional fields fall back one by one", () => {
    const [r] = parseRooms([{ ...room("CCCC3333"), setup: { game: "chess" }, moves: -4, score: "1-0" }]);
    expect(r).toMatchObject({ code: "CCCC3333", setup: null, moves: 0, score: [0, 0], opponent: "Bola" });
  });

  test("a new room has a fresh code and secret; a typed code is read in any case, dash optional", () => {
    const a = makeOwnRoom({ game: "togyz", options: {}, bestOf: 1 }, 5);
    const b = makeOwnRoom({ game: "togyz", options: {}, bestOf: 1 }, 5);
    expect(a.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(a.code).not.toBe(b.code);
    expect(a.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.roomId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(parseRooms([a])).toEqual([a]);
    const g = makeGuestRoom("k7pq-2a9m", 5);
    expect("room" in g && g.room.code).toBe("K7PQ2A9M");
    expect("room" in g && g.room.owner).toBe(false);
    // A guest's seat secret and room key come from the key exchange, later.
    expect("room" in g && g.room.secret).toBe("");
    expect("room" in g && g.room.key).toBeUndefined();
    if ("room" in g) expect(parseRooms([g.room])).toEqual([g.room]);
    expect(makeGuestRoom("K7PQ-2A9", 5)).toMatchObject({ error: { code: "code/invalid", reason: "length" } });
    expect(makeGuestRoom("K7PQ-2A9U", 5)).toMatchObject({ error: { reason: "character", char: "U" } });
    expect(showCode("K7PQ2A9M")).toBe("K7PQ-2A9M");
  });

  test("a shared link's route carries the code to the join screen", () => {
    expect(parseRoute("#/join/K7PQ-2A9M")).toEqual({ screen: "join", param: "K7PQ-2A9M" });
    expect(parseRoute("#/room/K7PQ2A9M")).toEqual({ screen: "room", param: "K7PQ2A9M" });
  });
});

describe("the game as the device last saw it", () => {
  const snap = {
    v: 2 as const,
    roomId: "R".repeat(43),
    secret: "S".repeat(43),
    code: "K7PQ2A9M",
    key: "K".repeat(43),
    seat: 1 as const,
    applied: 3,
    guard: [2, 1] as [number, number],
    nextCseq: 2,
    log: [
      {
        from: 0 as const,
        seq: 1,
        at: 5,
        payload: { t: "setup" as const, game: "ayo" as const, options: { vsComputer: false }, bestOf: 1 as const },
      },
      { from: 0 as const, seq: 2, at: 6, payload: { t: "chat" as const, text: "hi" } },
      { from: 1 as const, seq: 3, at: 7, payload: { t: "profile" as const, name: "Bola" } },
    ],
    outbox: [{ payload: { t: "chat" as const, text: "on my way" }, kind: "chat" as const, cseq: 2, box: "AbC_-123" }],
  };

  test("kept and read back; removed with its room", () => {
    const kv = memoryStorage();
    expect(saveSnapshot(kv, "K7PQ2A9M", snap)).toBe(true);
    expect(loadSnapshot(kv, "K7PQ2A9M")).toEqual(snap);
    const [, rooms] = inRoot(() => createRooms(kv));
    rooms.put(room("K7PQ2A9M"));
    rooms.remove("K7PQ2A9M");
    expect(loadSnapshot(kv, "K7PQ2A9M")).toBeNull();
  });

  test.each([
    ["another version", { v: 1 }],
    ["a room key that is not 32 bytes", { key: "short" }],
    ["a payload the game does not know", { log: [{ from: 0, seq: 1, at: 5, payload: { t: "teleport" } }] }],
    ["a bad seat", { seat: 2 }],
    [
      "a box that is not base64url",
      { outbox: [{ payload: { t: "chat", text: "x" }, kind: "chat", cseq: 1, box: "<script>" }] },
    ],
  ])("a damaged snapshot (%s) is ignored", (_, bad) => {
    expect(parseSnapshot({ ...snap, ...bad })).toBeNull();
  });
});

describe("quick phrases", () => {
  test("own phrases are added and removed, kept on the device; duplicates, blanks and long ones are refused", () => {
    const kv = memoryStorage();
    const [s, act] = inRoot(() => createPhrases(kv));
    expect(act.add("  See you tomorrow  ")).toBe(true);
    expect(act.add("See you tomorrow")).toBe(false);
    expect(act.add("   ")).toBe(false);
    expect(act.add("x".repeat(61))).toBe(false);
    expect(s.own).toEqual(["See you tomorrow"]);
    expect(inRoot(() => createPhrases(kv))[0].own).toEqual(["See you tomorrow"]);
    act.remove("See you tomorrow");
    expect(inRoot(() => createPhrases(kv))[0].own).toEqual([]);
    for (let i = 0; i < OWN_PHRASES_MAX; i++) expect(act.add(`phrase ${i}`)).toBe(true);
    expect(act.add("one too many")).toBe(false);
    expect(BUILT_IN_PHRASES.length).toBeGreaterThan(3);
  });

  test("a damaged list keeps its good phrases", () => {
    expect(parsePhrases(["ok", 7, "", "ok", "x".repeat(80), "fine"])).toEqual(["ok", "fine"]);
    expect(parsePhrases("nope")).toEqual([]);
  });
});

describe("device identity for ranked play", () => {
  test("made once and kept; a damaged key is replaced", () => {
    const kv = memoryStorage();
    expect(savedPlayerId(kv)).toBeNull();
    const k = loadIdentity(kv);
    expect(k.playerId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loadIdentity(kv).playerId).toBe(k.playerId);
    expect(savedPlayerId(kv)).toBe(k.playerId);
    kv.setItem(`${KEY_PREFIX}identity.v1`, JSON.stringify({ secret: "garbage" }));
    expect(savedPlayerId(kv)).toBeNull();
    expect(loadIdentity(kv).playerId).not.toBe(k.playerId);
  });
});

describe("the online board view", () => {
  const start = (): State => {
    const s = newGame("tsoro-classic", { holes: 4, seeds: 2 });
    if (!s.ok) throw new Error(s.error.message);
    return s.value;
  };
  const idle = async (busy: () => boolean): Promise<void> => {
    for (let i = 0; i < 400 && busy(); i++) await new Promise((r) => setTimeout(r, 5));
  };

  test("a move arriving from the network is animated, then the board shows the position it leads to", async () => {
    const s0 = start();
    let idleCalls = 0;
    const [view, act] = inRoot(() =>
      createBoardView(s0, { speed: () => "fast", bottom: () => 0, nameOf: () => "x", onIdle: () => idleCalls++ }),
    );
    const r = play(s0, 1);
    if (!r.ok) throw new Error(r.error.message);
    act.animate(r.value.trace, r.value.state, 1);
    expect(view.animating).toBe(true);
    await idle(() => view.animating);
    expect(view.display).toEqual(boardView(r.value.state));
    expect(view.lastFrom).toBe(1);
    expect(view.hand).toBeNull();
    expect(idleCalls).toBe(1);
    act.dispose();
  });

  test("a backlog of moves is not replayed seed by seed: only the last few are animated", async () => {
    let s = start();
    let lifts = 0;
    const [view, act] = inRoot(() =>
      createBoardView(s, {
        speed: () => "fast",
        bottom: () => 0,
        nameOf: () => "x",
        cue: (c) => void (c === "lift" && lifts++),
      }),
    );
    const liftsOf: number[] = [];
    for (let i = 0; i < 6; i++) {
      const moves = [0, 1, 2, 3, 4, 5, 6, 7].filter((m) => play(s, m).ok);
      const r = play(s, moves[0]);
      if (!r.ok) throw new Error(r.error.message);
      liftsOf.push(r.value.trace.filter((e) => e.t === "lift").length);
      act.animate(r.value.trace, r.value.state, null);
      s = r.value.state;
    }
    expect(act.queued()).toBe(6);
    await idle(() => view.animating);
    expect(view.display).toEqual(boardView(s));
    expect(lifts).toBe(liftsOf.slice(3).reduce((x, y) => x + y, 0));
    act.dispose();
  });
});
