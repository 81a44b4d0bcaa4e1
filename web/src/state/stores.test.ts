import { createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import { createSeries } from "../../../core/series.js";
import { NAME_MAX } from "../../../core/names.js";
import { createProfile, cleanName } from "./createProfile.js";
import { createSaves, isResumable, KEEP_FINISHED_MS } from "./createSaves.js";
import { createSettings, DEFAULT_SETTINGS, parseSettings } from "./createSettings.js";
import { addResult, createStats, EMPTY_RECORD, winRate } from "./createStats.js";
import { parseRoute, makeRoute } from "./createRouter.js";
import { KEY_PREFIX, memoryStorage, type KeyValue } from "./persist.js";
import { parseSavedGame, type SavedGame } from "./records.js";

const inRoot = <T>(f: () => T): T => createRoot(() => f());

describe("settings", () => {
  test("survive reopening the app on the same device", () => {
    const kv = memoryStorage();
    const [, act] = inRoot(() => createSettings(kv));
    expect(act.set("theme", "dark")).toBe(true);
    act.set("counters", "shells");
    act.set("holeSize", "large");
    act.set("hand", "off");
    act.set("speed", "fast");
    act.set("sound", false);
    const [again] = inRoot(() => createSettings(kv));
    expect({ ...again }).toEqual({
      ...DEFAULT_SETTINGS,
      theme: "dark",
      counters: "shells",
      holeSize: "large",
      hand: "off",
      speed: "fast",
      sound: false,
    });
  });

  test("a damaged entry keeps every good field and defaults the rest", () => {
    expect(
      parseSettings({ theme: "purple", counters: "marbles", sound: "loud", photo: "javascript:alert(1)" }),
    ).toEqual({
      ...DEFAULT_SETTINGS,
      counters: "marbles",
    });
    expect(parseSettings("not json")).toEqual(DEFAULT_SETTINGS);
    const kv = memoryStorage();
    kv.setItem(`${KEY_PREFIX}settings.v1`, "{broken");
    const [s] = inRoot(() => createSettings(kv));
    expect(s.theme).toBe("system");
  });

  test("refuses values outside the lists", () => {
    const [s, act] = inRoot(() => createSettings(memoryStorage()));
    expect(act.set("speed", "warp" as never)).toBe(false);
    expect(s.speed).toBe(DEFAULT_SETTINGS.speed);
  });

  test("a full device is reported, not thrown", () => {
    const full: KeyValue = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    const [, act] = inRoot(() => createSettings(full));
    expect(act.set("theme", "light")).toBe(false);
  });
});

describe("profile", () => {
  test("name, avatar and photo survive reopening the app", () => {
    const kv = memoryStorage();
    const [, act] = inRoot(() => createProfile(kv));
    act.setName("  Aigerim   Bekova ");
    act.setAvatar("🐎");
    expect(act.setPhoto("data:image/jpeg;base64,AAAA")).toBe(true);
    expect(act.setPhoto("https://example.invalid/x.png")).toBe(false);
    const [p] = inRoot(() => createProfile(kv));
    expect(p.name).toBe("Aigerim Bekova ");
    expect(p.avatar).toBe("🐎");
    expect(p.photo).toBe("data:image/jpeg;base64,AAAA");
    expect(cleanName("x".repeat(40)).length).toBe(NAME_MAX);
    expect(Array.from(cleanName("🦅".repeat(40)))).toHaveLength(NAME_MAX);
  });
});

describe("statistics", () => {
  test("wins, losses, draws, streaks and win rate per game and level", () => {
    let r = EMPTY_RECORD;
    for (const x of ["win", "win", "loss", "win", "win", "win", "draw"] as const) r = addResult(r, x);
    expect(r).toEqual({ wins: 5, losses: 1, draws: 1, streak: 0, best: 3 });
    expect(winRate(r)).toBe(71);
    const kv = memoryStorage();
    const [, act] = inRoot(() => createStats(kv));
    act.record("ayo", "hard", "win");
    act.record("ayo", "hard", "win");
    act.record("togyz", "easy", "loss");
    const [, again] = inRoot(() => createStats(kv));
    expect(again.get("ayo", "hard")).toEqual({ wins: 2, losses: 0, draws: 0, streak: 2, best: 2 });
    expect(again.get("togyz", "easy").losses).toBe(1);
    expect(again.get("tsoro-wta", "crazy")).toEqual(EMPTY_RECORD);
  });
});

describe("saved games", () => {
  const game = (id: string, updatedAt: number, over = false): SavedGame => ({
    id,
    updatedAt,
    createdAt: updatedAt,
    names: ["A", "B"],
    moves: [1, 7],
    ended: null,
    recorded: over,
    setup: { game: "ayo", holes: 8, seeds: 2, opponent: "computer", level: "easy", speed: "normal", bestOf: 1 },
    series: over
      ? {
          ...createSeries(1),
          over: true,
          winner: 0,
          end: "majority",
          score: [1, 0],
          games: [{ starter: 0, winner: 0, reason: "captures" }],
        }
      : createSeries(1),
  });

  test("newest first, kept when the app is reopened, deleted one by one or by age", () => {
    const kv = memoryStorage();
    const [state, act] = inRoot(() => createSaves(kv, () => 10_000));
    act.put(game("aaaa-1", 1000));
    act.put(game("bbbb-2", 5000));
    act.put(game("cccc-3", 3000, true));
    expect(state.games.map((g) => g.id)).toEqual(["cccc-3", "bbbb-2", "aaaa-1"]);
    expect(state.games.filter(isResumable).map((g) => g.id)).toEqual(["bbbb-2", "aaaa-1"]);
    const [again, act2] = inRoot(() => createSaves(kv, () => 10_000));
    expect(again.games.length).toBe(3);
    act2.remove("bbbb-2");
    // Finished matches always go; unfinished ones only when older than the limit.
    expect(act2.removeOld(10_000, 9500)).toBe(1);
    expect(again.games.map((g) => g.id)).toEqual(["aaaa-1"]);
    expect(act2.removeOld(10_000, 8000)).toBe(1);
    expect(again.games.map((g) => g.id)).toEqual([]);
    const [fresh] = inRoot(() => createSaves(kv, () => 10_000));
    expect(fresh.games).toEqual([]);
  });

  test("finished matches are dropped after a week; damaged entries are skipped", () => {
    const kv = memoryStorage();
    kv.setItem(`${KEY_PREFIX}games.v1`, JSON.stringify([game("old0-1", 0, true), { id: "bad" }, game("live-1", 0)]));
    const [s] = inRoot(() => createSaves(kv, () => KEEP_FINISHED_MS + 1));
    expect(s.games.map((g) => g.id)).toEqual(["live-1"]);
  });

  test("a saved game with moves out of range is refused", () => {
    expect(parseSavedGame({ ...game("x123-1", 0), moves: [99] })).toBeNull();
    expect(parseSavedGame(game("x123-1", 0))).not.toBeNull();
  });
});

describe("routes", () => {
  test.each([
    ["#/", { screen: "menu", param: null }],
    ["#/play/abc-123", { screen: "play", param: "abc-123" }],
    ["#/rules/ayo", { screen: "rules", param: "ayo" }],
    ["#/nowhere", { screen: "menu", param: null }],
    ["#/play/<script>", { screen: "play", param: null }],
  ] as const)("%s", (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
    if (route.param !== null) expect(makeRoute(route)).toBe(hash);
  });
});
