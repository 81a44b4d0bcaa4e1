import { createRoot, createSignal } from "solid-js";
import { describe, expect, test } from "vitest";
import type { ChallengeView, OpenSeek } from "../../../core/protocol/lobby.js";
import type { RankedClientMessage } from "../../../core/protocol/ranked.js";
import type { GameId } from "../../../core/types.js";
import { createLobby, LOBBY_POLL_MS } from "./createLobby.js";

const ME = "m".repeat(43);
const seek = (id: string, extra: Partial<OpenSeek> = {}): OpenSeek => ({
  id,
  game: "tsoro-wta",
  options: { holes: 4, seeds: 1 },
  preset: "1+1",
  casual: false,
  playerId: "p".repeat(43),
  name: "Tendai",
  rating: 1500,
  provisional: true,
  range: null,
  since: 0,
  expiresAt: 10_000,
  ...extra,
});

function setup() {
  const sent: RankedClientMessage[] = [];
  const [tick, setTick] = createSignal(1_000);
  let connected = true;
  const timers: { fn: () => void; ms: number; stopped: boolean }[] = [];
  const fetched: GameId[] = [];
  let answer: readonly OpenSeek[] | null = [];
  const store = createRoot(() =>
    createLobby({
      playerId: ME,
      send: (m) => void sent.push(m),
      connected: () => connected,
      tick,
      fetchSeeks: (g) => {
        fetched.push(g);
        return Promise.resolve(answer);
      },
      every: (fn, ms) => {
        const t = { fn, ms, stopped: false };
        timers.push(t);
        return () => void (t.stopped = true);
      },
    }),
  );
  return {
    store,
    sent,
    setTick,
    timers,
    fetched,
    setAnswer: (a: readonly OpenSeek[] | null) => void (answer = a),
    setConnected: (c: boolean) => void (connected = c),
  };
}

const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe("the lobby's open games on the device", () => {
  test("watching lists the seeks, then adds and removes them as the server says", () => {
    const { store, sent } = setup();
    const [, act, hooks] = store;
    act.watch("tsoro-wta");
    expect(sent).toEqual([{ type: "lobby.watch", game: "tsoro-wta" }]);
    hooks.onMessage({ type: "lobby.list", game: "tsoro-wta", seeks: [seek("a")], live: true });
    hooks.onMessage({ type: "lobby.added", game: "tsoro-wta", seek: seek("b") });
    hooks.onMessage({ type: "lobby.added", game: "tsoro-wta", seek: seek("b") }); // twice: kept once
    hooks.onMessage({ type: "lobby.added", game: "ayo", seek: seek("c", { game: "ayo" }) }); // another game
    expect(act.visible().map((s) => s.id)).toEqual(["a", "b"]);
    hooks.onMessage({ type: "lobby.removed", game: "tsoro-wta", id: "a" });
    expect(act.visible().map((s) => s.id)).toEqual(["b"]);
    // Not a lobby message: left to the ranked store.
    expect(hooks.onMessage({ type: "ranked.cancelled" })).toBe(false);
  });

  test("a seek past its expiry is not shown, without a word from the server", () => {
    const { store, setTick } = setup();
    const [, act, hooks] = store;
    act.watch("tsoro-wta");
    hooks.onMessage({
      type: "lobby.list",
      game: "tsoro-wta",
      seeks: [seek("a", { expiresAt: 5_000 }), seek("b", { expiresAt: 9_000 })],
      live: true,
    });
    expect(act.visible()).toHaveLength(2);
    setTick(5_000);
    expect(act.visible().map((s) => s.id)).toEqual(["b"]);
    setTick(9_001);
    expect(act.visible()).toEqual([]);
  });

  test("a full live view is polled over HTTP every 3 s until the lobby is left", async () => {
    const { store, timers, fetched, setAnswer, sent } = setup();
    const [state, act, hooks] = store;
    act.watch("tsoro-wta");
    setAnswer([seek("x")]);
    hooks.onMessage({ type: "lobby.list", game: "tsoro-wta", seeks: [], live: false });
    expect(state.live).toBe(false);
    await flush();
    expect(fetched).toEqual(["tsoro-wta"]);
    expect(act.visible().map((s) => s.id)).toEqual(["x"]);
    expect(timers).toHaveLength(1);
    expect(timers[0].ms).toBe(LOBBY_POLL_MS);
    setAnswer([seek("x"), seek("y")]);
    timers[0].fn();
    await flush();
    expect(act.visible().map((s) => s.id)).toEqual(["x", "y"]);
    // A failed read keeps what is shown.
    setAnswer(null);
    timers[0].fn();
    await flush();
    expect(act.visible()).toHaveLength(2);
    act.unwatch();
    expect(timers[0].stopped).toBe(true);
    expect(sent.at(-1)).toEqual({ type: "lobby.unwatch", game: "tsoro-wta" });
    expect(act.visible()).toEqual([]);
  });

  test("a live list after polling stops the poll", () => {
    const { store, timers } = setup();
    const [, act, hooks] = store;
    act.watch("ayo");
    hooks.onMessage({ type: "lobby.list", game: "ayo", seeks: [], live: false });
    hooks.onMessage({ type: "lobby.list", game: "ayo", seeks: [seek("a", { game: "ayo" })], live: true });
    expect(timers[0].stopped).toBe(true);
    expect(act.visible().map((s) => s.id)).toEqual(["a"]);
  });

  test("the own seek is posted again on a new connection, and forgotten when a game starts or it is cancelled", () => {
    const { store, sent, setConnected } = setup();
    const [state, act, hooks] = store;
    act.watch("tsoro-wta");
    act.post({ game: "tsoro-wta", options: { holes: 4, seeds: 1 }, preset: "1+1", casual: true, range: 200 });
    const post = {
      type: "lobby.post",
      game: "tsoro-wta",
      options: { holes: 4, seeds: 1 },
      preset: "1+1",
      casual: true,
      range: 200,
    };
    expect(sent.at(-1)).toEqual(post);
    hooks.onMessage({ type: "lobby.posted", seek: seek("mine", { playerId: ME }) });
    expect(state.mine?.id).toBe("mine");
    expect(act.visible().map((s) => s.id)).toEqual(["mine"]);
    setConnected(false);
    hooks.onClose();
    expect(state.mine).toBe(null);
    setConnected(true);
    sent.length = 0;
    hooks.onOpen();
    expect(sent).toEqual([{ type: "lobby.watch", game: "tsoro-wta" }, post, { type: "challenge.list" }]);
    hooks.onMessage({ type: "lobby.posted", seek: seek("mine2", { playerId: ME }) });
    act.cancelPost();
    expect(sent.at(-1)).toEqual({ type: "lobby.cancel" });
    hooks.onMessage({ type: "lobby.cancelled" });
    expect([state.mine, state.posting]).toEqual([null, null]);
    sent.length = 0;
    hooks.onOpen();
    expect(sent.some((m) => m.type === "lobby.post")).toBe(false);
    act.post({ game: "tsoro-wta", preset: "3+2", casual: false });
    hooks.started();
    sent.length = 0;
    hooks.onOpen();
    expect(sent.some((m) => m.type === "lobby.post")).toBe(false);
  });
});

describe("challenges on the device", () => {
  const chal = (id: string, expiresAt = 50_000): ChallengeView => ({
    id,
    from: { playerId: "f".repeat(43), name: "Aigerim", rating: 1600, provisional: false },
    to: { playerId: ME, name: "Me" },
    game: "togyz",
    options: {},
    preset: "10+5",
    casual: false,
    rematchOf: null,
    createdAt: 0,
    expiresAt,
  });

  test("incoming challenges are listed, answered and dropped at their expiry", () => {
    const { store, sent, setTick } = setup();
    const [, act, hooks] = store;
    hooks.onMessage({ type: "challenge.list", incoming: [chal("c1", 20_000)] });
    hooks.onMessage({
      type: "challenge.received",
      challenge: { ...chal("c2"), from: { ...chal("c2").from, playerId: "g".repeat(43) } },
    });
    expect(act.waiting().map((c) => c.id)).toEqual(["c1", "c2"]);
    setTick(20_000);
    expect(act.waiting().map((c) => c.id)).toEqual(["c2"]);
    act.answer(act.waiting()[0], false);
    expect(sent.at(-1)).toEqual({ type: "challenge.decline", from: "g".repeat(43), id: "c2" });
    expect(act.waiting()).toEqual([]);
  });

  test("the challenger reads waiting, declined, refused and expired", () => {
    const { store, sent, setTick } = setup();
    const [, act, hooks] = store;
    const to = "f".repeat(43);
    act.challenge(to, { game: "togyz", preset: "5+3", casual: true });
    expect(sent.at(-1)).toEqual({ type: "challenge.send", to, game: "togyz", preset: "5+3", casual: true });
    expect(act.sentNow()?.status).toBe("sending");
    hooks.onMessage({
      type: "challenge.sent",
      challenge: { ...chal("s1", 30_000), to: { playerId: to, name: "Aigerim" } },
    });
    expect(act.sentNow()).toMatchObject({ status: "waiting", name: "Aigerim" });
    setTick(30_000);
    expect(act.sentNow()?.status).toBe("expired");
    setTick(1_000);
    hooks.onMessage({ type: "challenge.declined", id: "s1", why: "declined" });
    expect(act.sentNow()?.status).toBe("declined");
    act.challenge(to, { game: "togyz", rematchOf: "match1" });
    expect(sent.at(-1)).toEqual({ type: "challenge.send", to, game: "togyz", rematchOf: "match1" });
    hooks.refused("challenge/refused");
    expect(act.sentNow()).toBe(null);
  });

  test("the wish to take challenges is told on sign-in only when it differs from what the server was told", () => {
    const sent: RankedClientMessage[] = [];
    let want = false;
    let told = true;
    const [, tick] = [null, () => 0];
    const [, , hooks] = createRoot(() =>
      createLobby({
        playerId: ME,
        send: (m) => void sent.push(m),
        connected: () => true,
        tick,
        fetchSeeks: () => Promise.resolve([]),
        challenges: { want: () => want, told: () => told, setTold: (b) => void (told = b) },
      }),
    );
    hooks.onOpen();
    expect(sent).toEqual([{ type: "challenge.list" }, { type: "challenge.setting", accept: false }]);
    hooks.onMessage({ type: "challenge.setting", accept: false });
    expect(told).toBe(false);
    sent.length = 0;
    hooks.onOpen();
    expect(sent).toEqual([{ type: "challenge.list" }]);
    want = true;
    hooks.onOpen();
    expect(sent.at(-1)).toEqual({ type: "challenge.setting", accept: true });
  });
});
