/**
 * The notifications setting on a fake push platform: the permission is asked only by the tap that
 * turns notifications on, never at start; a refusal stays off; a start with notifications on sends
 * the subscription again only when it changed (a new endpoint, a rotated server key) or is a week
 * old; turning off tells the server and the browser.
 */
import { describe, expect, test } from "vitest";
import type { PushClientMessage, PushSubscriptionJson } from "../../../core/protocol/push.js";
import { memoryStorage } from "../lib/persist.js";
import type { Permission, PushPlatform } from "../lib/push.js";
import { createNotifications } from "./createNotifications.js";

const sub = (n: number): PushSubscriptionJson => ({
  endpoint: `https://push.example/${n}`,
  expirationTime: null,
  keys: { p256dh: `B${"A".repeat(86)}`, auth: `${"A".repeat(21)}Q` },
});

function fakePlatform(start: Permission = "default", answer: Permission = "granted") {
  let perm = start;
  let serverKey = "K1";
  let current: { subscription: PushSubscriptionJson; key: string } | null = null;
  let made = 0;
  const asked: number[] = [];
  const sent: PushClientMessage[] = [];
  const p: PushPlatform = {
    supported: () => true,
    permission: () => perm,
    async requestPermission() {
      asked.push(1);
      perm = answer;
      return perm;
    },
    current: async () => current,
    async subscribe(key) {
      current = { subscription: sub(++made), key };
      return current.subscription;
    },
    async unsubscribe() {
      current = null;
    },
    serverKey: async () => serverKey,
    async send(msg) {
      sent.push(msg);
      return { type: "push.ok", devices: 1 };
    },
  };
  return {
    p,
    asked,
    sent,
    rotate: (k: string) => (serverKey = k),
    browserReplaces: () => current !== null && (current = { ...current, subscription: sub(++made) }),
    current: () => current,
  };
}

describe("turning notifications on and off", () => {
  test("nothing is asked at start; the tap asks once, subscribes with the server's key, tells the server", async () => {
    const f = fakePlatform();
    const kv = memoryStorage();
    const [s, act] = createNotifications(f.p, kv);
    expect(s.status).toBe("off");
    await act.renew("en");
    expect(f.asked).toEqual([]);
    expect(f.sent).toEqual([]);
    await act.enable("kk");
    expect(f.asked).toHaveLength(1);
    expect(s.status).toBe("on");
    expect(f.current()?.key).toBe("K1");
    expect(f.sent).toEqual([{ type: "push.subscribe", subscription: sub(1), lang: "kk" }]);
    // A new start of the app: on, and nothing asked again.
    const [again] = createNotifications(f.p, kv);
    expect(again.status).toBe("on");
  });

  test("a refusal leaves it off (denied), and nothing is subscribed or sent", async () => {
    const f = fakePlatform("default", "denied");
    const [s, act] = createNotifications(f.p, memoryStorage());
    await act.enable("en");
    expect(s.status).toBe("denied");
    expect(f.current()).toBeNull();
    expect(f.sent).toEqual([]);
  });

  test("turning off tells the server, then the browser", async () => {
    const f = fakePlatform("granted");
    const kv = memoryStorage();
    const [s, act] = createNotifications(f.p, kv);
    await act.enable("en");
    await act.disable();
    expect(s.status).toBe("off");
    expect(f.sent.at(-1)).toEqual({ type: "push.unsubscribe", endpoint: sub(1).endpoint });
    expect(f.current()).toBeNull();
    expect(createNotifications(f.p, kv)[0].status).toBe("off");
  });
});

describe("renewing at start", () => {
  test("unchanged and fresh: nothing sent; a week later: sent again", async () => {
    let now = 1_000_000;
    const f = fakePlatform("granted");
    const kv = memoryStorage();
    const [, act] = createNotifications(f.p, kv, () => now);
    await act.enable("en");
    await act.renew("en");
    expect(f.sent).toHaveLength(1);
    now += 8 * 24 * 3600_000;
    await act.renew("en");
    expect(f.sent).toHaveLength(2);
  });

  test("the browser replaced the subscription (pushsubscriptionchange): the new one is sent", async () => {
    const f = fakePlatform("granted");
    const [, act] = createNotifications(f.p, memoryStorage());
    await act.enable("en");
    f.browserReplaces();
    await act.renew("en");
    expect(f.sent.at(-1)).toEqual({ type: "push.subscribe", subscription: sub(2), lang: "en" });
  });

  test("the server rotated its key: the old subscription goes, a new one is made with the new key", async () => {
    const f = fakePlatform("granted");
    const [, act] = createNotifications(f.p, memoryStorage());
    await act.enable("en");
    f.rotate("K2");
    await act.renew("en");
    expect(f.current()?.key).toBe("K2");
    expect(f.sent.at(-1)).toMatchObject({ type: "push.subscribe", subscription: sub(2) });
  });

  test("a changed language is sent", async () => {
    const f = fakePlatform("granted");
    const [, act] = createNotifications(f.p, memoryStorage());
    await act.enable("en");
    await act.renew("yo");
    expect(f.sent.at(-1)).toMatchObject({ type: "push.subscribe", lang: "yo" });
  });
});
