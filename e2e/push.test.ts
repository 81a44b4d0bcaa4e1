/**
 * The service worker's push part in Chromium: a push delivered to the built client's real service
 * worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`, as a push service's
 * message arrives) is shown as a notification with its words and its game's tag when no window of
 * the app shows that game, and not shown while one does. (A tap on a notification cannot be
 * made through the protocol; web/src/sw/push.test.ts covers what a tap does.)
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CDPSession } from "playwright-core";
import { startHarness, type Harness } from "./harness.js";
import { sharedClient } from "./client.js";

let h: Harness;
let cdp: CDPSession;
let registrationId = "";

const payload = { v: 1, kind: "turn", matchId: "m42", title: "Your turn", body: "Bola", url: "/#/ranked" };

async function notifications(): Promise<{ title: string; body: string; tag: string }[]> {
  return h.page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return (await r.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });
}

async function deliver(data: object): Promise<void> {
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(h.url).origin,
    registrationId,
    data: JSON.stringify(data),
  });
}

beforeAll(async () => {
  h = await startHarness(sharedClient());
  await h.context.grantPermissions(["notifications"], { origin: new URL(h.url).origin });
  cdp = await h.context.newCDPSession(h.page);
  const registered = new Promise<string>((resolve) => {
    cdp.on(
      "ServiceWorker.workerRegistrationUpdated",
      (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const r = e.registrations.find((x) => x.scopeURL.startsWith(h.url));
        if (r !== undefined) resolve(r.registrationId);
      },
    );
  });
  await cdp.send("ServiceWorker.enable");
  await h.page.goto(h.url);
  await h.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  registrationId = await registered;
});

afterAll(async () => {
  await h?.close();
});

describe("a push reaching the service worker", () => {
  test("is not shown while the app shows that game's page; with no window of the app, it shows its words", async () => {
    // Loaded at the game's page (a move there within the app is told to the worker by a message,
    // web/src/sw/push.test.ts).
    await h.page.goto("about:blank");
    await h.page.goto(`${h.url}#/ranked`);
    await h.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await deliver({ ...payload, matchId: "m41" });
    await h.page.goto("about:blank");
    await deliver(payload);
    await h.page.goto(h.url);
    // The worker handles pushes in order: once the second is shown, the first was handled (and not shown).
    await expect
      .poll(notifications, { timeout: 10_000 })
      .toEqual([{ title: "Your turn", body: "Bola", tag: "game-m42" }]);
  });

  test("a push that is not ours shows nothing", async () => {
    await h.page.goto("about:blank");
    await deliver({ hello: "world" });
    await deliver({ ...payload, matchId: "m43", title: "Your turn again" });
    await h.page.goto(h.url);
    await expect.poll(async () => (await notifications()).map((n) => n.tag), { timeout: 10_000 }).toContain("game-m43");
    // Only the two pushes of ours (the first test's and this one) are on show.
    expect((await notifications()).map((n) => n.tag).sort()).toEqual(["game-m42", "game-m43"]);
  });
});
