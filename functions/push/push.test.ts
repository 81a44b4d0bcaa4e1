/**
 * The push service on its in-memory store with a recording sender: who is notified of what, the
 * device cap, mutes, a gone device deleted, an endpoint off the allow-list refused without a write;
 * and the allow-list's matching rules.
 */
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { makeMatch } from "../../core/ranked/game.js";
import type { MatchRecord } from "../../core/ranked/types.js";
import { parsePushPayload, PUSH_TEXTS, type PushSubscriptionJson } from "../../core/protocol/push.js";
import { DEFAULT_PUSH_ORIGINS, isAllowedEndpoint, pushOrigins } from "./origins.js";
import { createPush, MAX_DEVICES, pushPayload } from "./push.js";
import type { PushSender, SendOutcome } from "./send.js";
import { createMemoryPushStore, type PushStore } from "./store.js";

const T0 = 1_700_000_000_000;
const ORIGIN = "https://push.example.net";
const seat = (n: number) => ({ playerId: `p${n}`, name: `Player ${n}`, rating: 1500, rd: 200, vol: 0.06 });

function match(conns: [string | null, string | null]): MatchRecord {
  return makeMatch({
    id: "m1",
    game: "ayo",
    options: {},
    seats: [seat(0), seat(1)],
    conns,
    clock: { initialMs: 600_000, incrementMs: 0 },
    now: T0,
  });
}

function sub(n: number): PushSubscriptionJson {
  const key = Buffer.alloc(65, n);
  key[0] = 4;
  return {
    endpoint: `${ORIGIN}/send/${n}`,
    keys: { p256dh: key.toString("base64url"), auth: Buffer.alloc(16, n).toString("base64url") },
  };
}

function rig(answer: (endpoint: string) => SendOutcome = () => "sent") {
  const store = createMemoryPushStore();
  const sent: { endpoint: string; payload: string; ttl: number }[] = [];
  let writes = 0;
  let reads = 0;
  const counted: PushStore = {
    list: (p) => (reads++, store.list(p)),
    put: (s) => (writes++, store.put(s)),
    remove: (p, id) => (writes++, store.remove(p, id)),
    putMutes: (p, m) => (writes++, store.putMutes(p, m)),
  };
  const sender: PushSender = {
    async send(s, payload, ttl) {
      sent.push({ endpoint: s.endpoint, payload, ttl });
      return answer(s.endpoint);
    },
  };
  let now = T0;
  const push = createPush({ store: counted, sender, now: () => now++, origins: () => [ORIGIN] });
  return { push, store, sent, writes: () => writes, reads: () => reads };
}

describe("who is told what", () => {
  test("your turn goes to the player to move only when that player has no connection", async () => {
    const r = rig();
    await r.push.subscribe("p0", sub(1), "kk");
    await r.push.subscribe("p1", sub(2), "en");
    const m = match(["c0", "c1"]);
    const readsBefore = r.reads();
    expect(await r.push.notifyMatch(m, "turn")).toBe(0);
    expect(r.reads()).toBe(readsBefore); // both connected: not even a read
    const away: MatchRecord = { ...m, conns: [m.toMove === 0 ? null : "c0", m.toMove === 1 ? null : "c1"] };
    expect(await r.push.notifyMatch(away, "turn")).toBe(1);
    expect(r.sent).toHaveLength(1);
    // Dropped and in its grace period (the connection id stays until it comes back) is away too.
    const dropped: MatchRecord = { ...m, graceUntil: m.toMove === 0 ? [T0 + 90_000, null] : [null, T0 + 90_000] };
    expect(await r.push.notifyMatch(dropped, "turn")).toBe(1);
    r.sent.splice(1);
    const p = parsePushPayload(r.sent[0].payload)!;
    const lang = m.toMove === 0 ? "kk" : "en";
    expect(p).toEqual({
      v: 1,
      kind: "turn",
      matchId: "m1",
      title: PUSH_TEXTS[lang].turn,
      body: `Player ${1 - m.toMove}`,
      url: "/#/ranked",
    });
  });

  test("the end goes to each player who is away, in each one's own words", async () => {
    const r = rig();
    await r.push.subscribe("p0", sub(1), "ru");
    await r.push.subscribe("p1", sub(2), "yo");
    const m: MatchRecord = {
      ...match([null, null]),
      status: "finished",
      result: { winner: 0, reason: "forfeit" },
    };
    expect(await r.push.notifyMatch(m, "end")).toBe(2);
    const byEndpoint = new Map(r.sent.map((s) => [s.endpoint, parsePushPayload(s.payload)!]));
    expect(byEndpoint.get(sub(1).endpoint)?.title).toBe(PUSH_TEXTS.ru.won);
    expect(byEndpoint.get(sub(2).endpoint)?.title).toBe("Player 0 borí!");
    expect(byEndpoint.get(sub(2).endpoint)?.url).toBe("/#/game/m1");
  });

  test("a draw, and an aborted game is no news", async () => {
    const m: MatchRecord = { ...match([null, null]), status: "finished", result: { winner: null, reason: "agreed" } };
    expect(pushPayload(m, 1, "end", "sn").title).toBe(PUSH_TEXTS.sn.draw);
    const r = rig();
    await r.push.subscribe("p0", sub(1), "en");
    expect(await r.push.notifyMatch({ ...match([null, null]), status: "aborted" }, "end")).toBe(0);
  });

  test("every payload is small and holds no key or connection id", () => {
    for (const lang of Object.keys(PUSH_TEXTS) as (keyof typeof PUSH_TEXTS)[])
      for (const kind of ["turn", "end"] as const) {
        const text = JSON.stringify(pushPayload(match(["secret-conn", null]), 0, kind, lang));
        expect(Buffer.byteLength(text)).toBeLessThan(400);
        expect(text).not.toMatch(/secret-conn|rating|vol/);
      }
  });
});

describe("devices and mutes", () => {
  test(`at most ${MAX_DEVICES} devices: the one subscribed longest ago makes way`, async () => {
    const r = rig();
    for (let i = 1; i <= MAX_DEVICES + 2; i++) await r.push.subscribe("p0", sub(i), "en");
    const { subscriptions } = await r.store.list("p0");
    expect(subscriptions.map((s) => s.endpoint).sort()).toEqual([3, 4, 5, 6, 7].map((i) => sub(i).endpoint).sort());
    // The same device again is a renewal, not a new one.
    expect(await r.push.subscribe("p0", sub(7), "ru")).toEqual({ ok: true, devices: MAX_DEVICES });
    expect((await r.store.list("p0")).subscriptions.find((s) => s.endpoint === sub(7).endpoint)?.lang).toBe("ru");
  });

  test("an endpoint off the allow-list is refused without a write", async () => {
    const r = rig();
    const evil = { ...sub(1), endpoint: "https://127.0.0.1:9/latest/meta-data" };
    expect(await r.push.subscribe("p0", evil, "en")).toEqual({ ok: false, error: "push/origin" });
    expect(r.writes()).toBe(0);
  });

  test("a muted game, or all, sends nothing; unmuting all clears the per-game mutes", async () => {
    const r = rig();
    await r.push.subscribe("p0", sub(1), "en");
    const m: MatchRecord = { ...match([null, null]), toMove: 0 };
    await r.push.mute("p0", { matchId: "m1" });
    expect(await r.push.notifyMatch(m, "turn")).toBe(0);
    await r.push.mute("p0", { all: false });
    expect(await r.push.notifyMatch(m, "turn")).toBe(1);
    await r.push.mute("p0", { all: true });
    expect(await r.push.notifyMatch(m, "turn")).toBe(0);
    await r.push.mute("p0", { all: false });
    expect(await r.push.notifyMatch(m, "turn")).toBe(1);
  });

  test("a device its push service calls gone is deleted; a failure keeps it", async () => {
    const r = rig((e) => (e === sub(1).endpoint ? "gone" : "failed"));
    await r.push.subscribe("p0", sub(1), "en");
    await r.push.subscribe("p0", sub(2), "en");
    const m: MatchRecord = { ...match([null, null]), toMove: 0 };
    expect(await r.push.notifyMatch(m, "turn")).toBe(0);
    expect((await r.store.list("p0")).subscriptions.map((s) => s.endpoint)).toEqual([sub(2).endpoint]);
    expect(await r.push.unsubscribe("p0", sub(2).endpoint)).toBe(0);
    expect((await r.store.list("p0")).subscriptions).toEqual([]);
  });
});

describe("the allow-list", () => {
  test.each([
    ["https://fcm.googleapis.com/fcm/send/abc", true],
    ["https://updates.push.services.mozilla.com/wpush/v2/abc", true],
    ["https://web.push.apple.com/QGx", true],
    ["https://wns2-by3p.notify.windows.com/w/?token=x", true],
    ["https://fcm.googleapis.com:8443/fcm/send/abc", false],
    ["http://fcm.googleapis.com/fcm/send/abc", false],
    ["https://fcm.googleapis.com.evil.example/x", false],
    ["https://evilfcm.googleapis.com/x", false],
    ["https://notify.windows.com/x", false],
    ["https://user:pw@fcm.googleapis.com/x", false],
    ["https://127.0.0.1/x", false],
    ["https://[::1]/x", false],
    ["https://127.0.0.1:9/latest/meta-data", false],
  ])("%s → %s", (endpoint, ok) => {
    expect(isAllowedEndpoint(endpoint, DEFAULT_PUSH_ORIGINS)).toBe(ok);
  });

  test("the setting replaces the default; a loopback receiver by port", () => {
    const list = pushOrigins({ MANCALA_PUSH_ORIGINS: " https://127.0.0.1:4443 , https://push.example.net" });
    expect(list).toEqual(["https://127.0.0.1:4443", "https://push.example.net"]);
    expect(isAllowedEndpoint("https://127.0.0.1:4443/push/a", list)).toBe(true);
    expect(isAllowedEndpoint("https://127.0.0.1:4444/push/a", list)).toBe(false);
    expect(isAllowedEndpoint("https://fcm.googleapis.com/x", list)).toBe(false);
    expect(pushOrigins({})).toBe(DEFAULT_PUSH_ORIGINS);
    expect(() => isAllowedEndpoint("https://a.b/x", ["http://a.b"])).toThrow(/MANCALA_PUSH_ORIGINS/);
  });

  test("no URL outside the listed hosts is accepted (property)", () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ["https", "http"], withQueryParameters: true }), (url) => {
        const host = new URL(url).hostname;
        const listed =
          url.startsWith("https:") &&
          new URL(url).port === "" &&
          (host === "fcm.googleapis.com" ||
            host === "updates.push.services.mozilla.com" ||
            host === "web.push.apple.com" ||
            host.endsWith(".push.apple.com") ||
            host.endsWith(".notify.windows.com"));
        expect(isAllowedEndpoint(url, DEFAULT_PUSH_ORIGINS)).toBe(listed && !url.includes("@"));
      }),
    );
  });
});
