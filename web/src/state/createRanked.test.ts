import { createRoot } from "solid-js";
import { afterEach, describe, expect, test, vi } from "vitest";
import { makeDeviceKeys } from "../../../core/identity.js";
import type { MatchView, RankedClientMessage, RankedServerMessage } from "../../../core/protocol/ranked.js";
import { createRanked } from "./createRanked.js";

const keys = makeDeviceKeys(new Uint8Array(32).fill(9));
const view = (extra: Partial<MatchView> = {}): MatchView => ({
  id: "m1",
  game: "tsoro-wta",
  options: { holes: 4, seeds: 1 },
  seats: [
    { playerId: keys.playerId, name: "Aigerim", rating: 1500, provisional: true },
    { playerId: "b", name: "Tendai", rating: 1620, provisional: false },
  ],
  moves: [],
  version: 0,
  toMove: 0,
  clocks: [5_000, 5_000],
  increment: 0,
  serverTime: 0,
  status: "active",
  result: null,
  rated: false,
  endOffer: null,
  graceUntil: [null, null],
  ...extra,
});

function setup(name = "Aigerim") {
  let t = 1_000_000;
  const sent: RankedClientMessage[] = [];
  let h: { onOpen(): void; onMessage(m: RankedServerMessage): void; onClose(): void } | null = null;
  const store = createRoot(() =>
    createRanked({
      keys,
      name: () => name,
      speed: () => "fast",
      now: () => t,
      connect: (handlers) => {
        h = handlers;
        return { send: (m) => (sent.push(m), true), dispose: () => undefined };
      },
    }),
  );
  h!.onOpen();
  h!.onMessage({
    type: "auth.ok",
    playerId: keys.playerId,
    name: "Aigerim",
    shown: "Aigerim",
    pending: null,
    stats: {},
    activeMatch: null,
  });
  return { store, sent, push: (m: RankedServerMessage) => h!.onMessage(m), advance: (ms: number) => void (t += ms) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("ranked play on the device", () => {
  test("the chosen name is sent once as a wish; without a valid name the player seeks under the generated one", () => {
    const { store, sent, push } = setup();
    const [state, act] = store;
    push({
      type: "auth.ok",
      playerId: keys.playerId,
      name: null,
      shown: "Player #ABCDEF",
      pending: null,
      stats: {},
      activeMatch: null,
    });
    act.seek("ayo");
    expect(sent.filter((m) => m.type === "auth.name").map((m) => (m as { name: string }).name)).toEqual(["Aigerim"]);
    push({ type: "auth.named", name: "Aigerim", claimed: false, shown: "Player #ABCDEF" });
    expect([state.shown, state.pending, state.name]).toEqual(["Player #ABCDEF", "Aigerim", null]);
    act.seek("ayo");
    expect(sent.filter((m) => m.type === "auth.name")).toHaveLength(1); // already the wish: not sent again

    const other = setup("");
    other.push({
      type: "auth.ok",
      playerId: keys.playerId,
      name: null,
      shown: "Player #ABCDEF",
      pending: null,
      stats: {},
      activeMatch: null,
    });
    other.store[1].seek("ayo");
    expect(other.sent.map((m) => m.type)).toContain("ranked.seek");
    expect(other.sent.some((m) => m.type === "auth.name")).toBe(false);
    expect(other.store[0].error).toBeNull();
  });

  test("after a first rated game the lobby shows its new rating at once, and Play again seeks the same game", () => {
    const s = setup();
    const [state, act] = s.store;
    act.seek("tsoro-wta", { holes: 4, seeds: 1 });
    s.push({ type: "ranked.start", seat: 0, match: view() });
    expect(state.phase).toBe("playing");
    const end: RankedServerMessage = {
      type: "ranked.end",
      seat: 0,
      match: view({ status: "finished", result: { winner: 1, reason: "forfeit" }, rated: true }),
      changes: [
        { before: 1500, after: 1420.4, rd: 290 },
        { before: 1620, after: 1630, rd: 100 },
      ],
    };
    s.push(end);
    expect(state.phase).toBe("over");
    expect(state.stats["tsoro-wta"]).toMatchObject({
      rating: 1420.4,
      rd: 290,
      games: 1,
      wins: 0,
      losses: 1,
      provisional: true,
    });
    // The same end again (the timer's announcement and the answer to the last request): counted once.
    s.push({ ...end, rid: "r9" });
    expect(state.stats["tsoro-wta"]).toMatchObject({ rating: 1420.4, games: 1, wins: 0, losses: 1 });
    s.sent.length = 0;
    act.again();
    expect(state.phase).toBe("ready");
    expect(state.match).toBeNull();
    s.push(end); // a copy arriving after Play again changes nothing
    expect(state.phase).toBe("ready");
    expect(state.match).toBeNull();
    expect(state.stats["tsoro-wta"]).toMatchObject({ games: 1 });
    expect(s.sent).toMatchObject([{ type: "ranked.seek", game: "tsoro-wta", options: { holes: 4, seeds: 1 } }]);
    act.dispose();
  });

  test("a seek answered 'in a match' (a copy that lost the race) takes that match and shows no error", () => {
    const { store, sent, push } = setup();
    const [state, act] = store;
    act.seek("tsoro-wta", { holes: 4, seeds: 1 });
    push({ type: "ranked.error", code: "ranked/in_match", message: "already", matchId: "m1", version: 0 });
    expect(sent.at(-1)).toEqual({ type: "ranked.sync", matchId: "m1" });
    expect(state.error).toBeNull();
    push({ type: "ranked.start", seat: 0, match: view() });
    const count = sent.length;
    push({ type: "ranked.error", code: "ranked/in_match", message: "already", matchId: "m1", version: 0 });
    expect(sent.length).toBe(count);
    expect([state.phase, state.error]).toEqual(["playing", null]);
  });

  test("the clock runs down by the server's rule, and a fallen flag is claimed once", () => {
    vi.useFakeTimers();
    const s = setup();
    const [, act] = s.store;
    s.push({ type: "ranked.start", seat: 0, match: view({ toMove: 1 }) });
    s.advance(2_000);
    vi.advanceTimersByTime(250);
    expect(act.clock(1)).toBe(3_000);
    expect(act.clock(0)).toBe(5_000);
    s.sent.length = 0;
    s.advance(3_000);
    vi.advanceTimersByTime(250);
    vi.advanceTimersByTime(250);
    expect(s.sent.filter((m) => m.type === "ranked.sync")).toMatchObject([{ type: "ranked.sync", matchId: "m1" }]);
    act.dispose();
  });

  test("the lobby shows the chosen name at once, waiting until the server holds it; the generated one otherwise", () => {
    const { store, push } = setup();
    const [, act] = store;
    push({
      type: "auth.ok",
      playerId: keys.playerId,
      name: null,
      shown: "Player #ABCDEF",
      pending: null,
      stats: {},
      activeMatch: null,
    });
    // Chosen in the profile, not yet answered: shown at once, marked as waiting.
    expect(act.me()).toEqual({ name: "Aigerim", confirmed: false });
    push({ type: "auth.named", name: "Aigerim", claimed: false, shown: "Player #ABCDEF" });
    expect(act.me()).toEqual({ name: "Aigerim", confirmed: false });
    push({ type: "auth.named", name: "Aigerim", claimed: true, shown: "Aigerim" });
    expect(act.me()).toEqual({ name: "Aigerim", confirmed: true });
  });

  test("a name the server refuses is not shown as the player's; no valid name shows the generated one", () => {
    const refused = setup("Aigerim");
    refused.push({
      type: "auth.ok",
      playerId: keys.playerId,
      name: null,
      shown: "Player #ABCDEF",
      pending: null,
      stats: {},
      activeMatch: null,
    });
    refused.push({ type: "ranked.error", code: "name/taken", message: "taken" });
    expect(refused.store[1].me()).toEqual({ name: "Player #ABCDEF", confirmed: true });

    const none = setup("A");
    none.push({
      type: "auth.ok",
      playerId: keys.playerId,
      name: null,
      shown: "Player #ABCDEF",
      pending: null,
      stats: {},
      activeMatch: null,
    });
    expect(none.store[1].me()).toEqual({ name: "Player #ABCDEF", confirmed: true });
  });

  test("a seek names its time control and casual; lobby messages reach the lobby; a game started clears the own seek", () => {
    const { store, sent, push } = setup();
    const [state, act, , , [lobby, lobbyAct]] = store;
    act.seek("togyz", undefined, { preset: "20+10", casual: true });
    expect(sent.at(-1)).toEqual({ type: "ranked.seek", game: "togyz", preset: "20+10", casual: true });
    lobbyAct.post({ game: "tsoro-wta", options: { holes: 4, seeds: 1 }, preset: "1+1", casual: false });
    push({
      type: "lobby.posted",
      seek: {
        id: "s1",
        game: "tsoro-wta",
        options: { holes: 4, seeds: 1 },
        preset: "1+1",
        casual: false,
        playerId: keys.playerId,
        name: "Aigerim",
        rating: 1500,
        provisional: true,
        range: null,
        since: 0,
        expiresAt: 2_000_000,
      },
    });
    expect(lobby.mine?.id).toBe("s1");
    push({ type: "ranked.start", match: view(), seat: 0 });
    expect(state.phase).toBe("playing");
    expect([lobby.mine, lobby.posting]).toEqual([null, null]);
    push({ type: "ranked.error", code: "lobby/gone", message: "gone" });
    expect(state.error).toBe("That game was taken, cancelled or has expired.");
  });
});
