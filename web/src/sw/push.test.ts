/**
 * The service worker's push part on a stand-in worker scope: a push of ours is shown (one per game,
 * its words as sent), not when a window of the app is in front, and never when it is not ours; a
 * tap focuses an open window and opens the game in it, or opens one; a replaced subscription is
 * made again with the same key and the windows are asked to tell the server.
 */
import { beforeAll, describe, expect, test, vi } from "vitest";

interface FakeWindow {
  id: string;
  url: string;
  visibilityState: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

const scope = `${location.origin}/`;
const shown: [string, Record<string, unknown>][] = [];
const opened: string[] = [];
const subscribed: unknown[] = [];
let wins: FakeWindow[] = [];
let ids = 0;

function win(visible: boolean, hash = "#/"): FakeWindow {
  const w: FakeWindow = {
    id: `w${++ids}`,
    url: `${location.origin}/${hash}`,
    visibilityState: visible ? "visible" : "hidden",
    focus: vi.fn(async () => w),
    navigate: vi.fn(async () => w),
    postMessage: vi.fn(),
  };
  return w;
}

async function fire(type: string, extra: Record<string, unknown>): Promise<void> {
  const waits: Promise<unknown>[] = [];
  const e = Object.assign(new Event(type), extra, { waitUntil: (p: Promise<unknown>) => waits.push(p) });
  self.dispatchEvent(e);
  await Promise.all(waits);
}

const payload = { v: 1, kind: "turn", matchId: "m1", title: "Ваш ход", body: "Bola", url: "/#/ranked" };
const push = (data: unknown): Promise<void> =>
  fire("push", { data: { text: () => (typeof data === "string" ? data : JSON.stringify(data)) } });

beforeAll(async () => {
  Object.assign(self, {
    registration: {
      scope,
      showNotification: async (title: string, o: Record<string, unknown>) => void shown.push([title, o]),
      pushManager: { subscribe: async (o: unknown) => void subscribed.push(o) },
    },
    clients: {
      matchAll: async () => wins,
      openWindow: async (url: string) => (opened.push(url), null),
    },
  });
  await import("./push.js");
});

describe("a push", () => {
  test("is shown with its words, one notification per game", async () => {
    wins = [win(false)];
    await push(payload);
    expect(shown.at(-1)).toEqual([
      "Ваш ход",
      expect.objectContaining({ body: "Bola", tag: "game-m1", data: { url: "/#/ranked" } }),
    ]);
  });

  test("is not shown while a visible window shows that game's page", async () => {
    wins = [win(true, "#/ranked")];
    const before = shown.length;
    await push(payload);
    expect(shown).toHaveLength(before);
    // The app visible on another page, or that page hidden: shown.
    wins = [win(true, "#/menu"), win(false, "#/ranked")];
    await push(payload);
    expect(shown).toHaveLength(before + 1);
  });

  test("a window that moved to the game's page after it loaded (it says so) counts as showing it", async () => {
    const w = win(true, "#/menu");
    wins = [w];
    const message = Object.assign(new Event("message"), {
      data: { type: "page", hash: "#/ranked" },
      source: { id: w.id },
    });
    self.dispatchEvent(message);
    const before = shown.length;
    await push(payload);
    expect(shown).toHaveLength(before);
  });

  test("that is not ours is not shown", async () => {
    wins = [];
    const before = shown.length;
    await push("not json");
    await push({ ...payload, url: "https://evil.example/" });
    expect(shown).toHaveLength(before);
  });
});

describe("a tap", () => {
  test("focuses an open window and opens the game in it", async () => {
    const w = win(false);
    wins = [w];
    const close = vi.fn();
    await fire("notificationclick", { notification: { data: { url: "/#/game/m1" }, close } });
    expect(close).toHaveBeenCalled();
    expect(w.focus).toHaveBeenCalled();
    expect(w.navigate).toHaveBeenCalledWith(`${scope}#/game/m1`);
  });

  test("opens the game in a new window when none is open", async () => {
    wins = [];
    await fire("notificationclick", { notification: { data: { url: "/#/ranked" }, close: vi.fn() } });
    expect(opened.at(-1)).toBe(`${scope}#/ranked`);
  });
});

test("a replaced subscription is made again with the same key, and the windows tell the server", async () => {
  const w = win(false);
  wins = [w];
  const key = new Uint8Array([4, 1, 2]).buffer;
  await fire("pushsubscriptionchange", { oldSubscription: { options: { applicationServerKey: key } } });
  expect(subscribed.at(-1)).toEqual({ userVisibleOnly: true, applicationServerKey: key });
  expect(w.postMessage).toHaveBeenCalledWith({ type: "push-renew" });
});
