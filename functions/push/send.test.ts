/**
 * The sender against the loopback push service (functions/push/testing/receiver.ts): the request
 * is signed with the server's VAPID key and its payload decrypts, with the subscription's own keys,
 * to the exact text sent; a 410 reads as gone; an endpoint off the allow-list gets no request.
 */
import { readFileSync } from "node:fs";
import { request } from "node:https";
import webPush from "web-push";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeWebPushSender } from "./send.js";
import { endpointId, type StoredSubscription } from "./store.js";
import { vapidKeysOf } from "./vapid.js";
import { RECEIVER_CA_FILE, startPushReceiver, type PushReceiver } from "./testing/receiver.js";
import type { PushSubscriptionJson } from "../../core/protocol/push.js";

let allowed: PushReceiver;
let other: PushReceiver;
const keys = vapidKeysOf("a test seed that is long enough to be one");
const env = { MANCALA_LOCAL: "1", MANCALA_PUSH_CA: RECEIVER_CA_FILE, MANCALA_PUSH_SUBJECT: "mailto:ops@example.org" };

function stored(s: PushSubscriptionJson): StoredSubscription {
  return {
    playerId: "p",
    id: endpointId(s.endpoint),
    endpoint: s.endpoint,
    p256dh: s.keys.p256dh,
    auth: s.keys.auth,
    lang: "en",
    createdAt: 0,
    updatedAt: 0,
  };
}

beforeAll(async () => {
  allowed = await startPushReceiver();
  other = await startPushReceiver();
});
afterAll(async () => {
  await allowed.close();
  await other.close();
});

describe("sending a push", () => {
  const sender = () =>
    makeWebPushSender(
      async () => keys,
      () => [allowed.origin],
      env,
    );

  test("signed by the VAPID key, decrypted by the subscription's keys to the very text", async () => {
    const { device, subscription } = allowed.subscribe();
    const text = JSON.stringify({ hello: "Сіздің жүрісіңіз ✓" });
    expect(await sender().send(stored(subscription), text, 600)).toBe("sent");
    const got = await allowed.next(device, 0);
    expect(got.text).toBe(text);
    expect(got.vapidKey).toBe(keys.publicKey);
    expect(got.claims.aud).toBe(allowed.origin);
    expect(got.claims.sub).toBe("mailto:ops@example.org");
    expect(got.ttl).toBe(600);
    expect(got.urgency).toBe("high");
    expect(allowed.refused).toEqual([]);
  });

  test("a 404 or 410 is gone, another failure is only a failure", async () => {
    const { device, subscription } = allowed.subscribe();
    allowed.answer(device, 410);
    expect(await sender().send(stored(subscription), "x", 60)).toBe("gone");
    allowed.answer(device, 404);
    expect(await sender().send(stored(subscription), "x", 60)).toBe("gone");
    allowed.answer(device, 500);
    expect(await sender().send(stored(subscription), "x", 60)).toBe("failed");
  });

  test("an endpoint off the allow-list is refused without a request", async () => {
    const { device, subscription } = other.subscribe();
    expect(await sender().send(stored(subscription), "x", 60)).toBe("refused");
    expect(other.requests(device)).toBe(0);
  });

  test("without the local CA the receiver's certificate is not trusted (the system's roots only)", async () => {
    const { device, subscription } = allowed.subscribe();
    const plain = makeWebPushSender(
      async () => keys,
      () => [allowed.origin],
      { MANCALA_PUSH_SUBJECT: "mailto:ops@example.org" },
    );
    expect(await plain.send(stored(subscription), "x", 60)).toBe("failed");
    expect(allowed.received.filter((r) => r.device === device)).toEqual([]);
  });

  test("the receiver refuses a payload changed in flight and a token made for another audience", async () => {
    const { device, subscription } = allowed.subscribe();
    const post = (endpoint: string, body: Buffer, headers: Record<string, string | number>): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = request(
          endpoint,
          { method: "POST", headers, ca: readFileSync(RECEIVER_CA_FILE, "utf8") },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    const vapidDetails = { subject: "mailto:ops@example.org", publicKey: keys.publicKey, privateKey: keys.privateKey };
    const good = webPush.generateRequestDetails(subscription, "hello", { vapidDetails, contentEncoding: "aes128gcm" });
    const body = Buffer.from(good.body as Buffer);
    body[body.length - 1] ^= 1;
    expect(await post(subscription.endpoint, body, good.headers)).toBe(400);
    // The same device's endpoint, but the token names another origin as its audience.
    const elsewhere = webPush.generateRequestDetails(
      { ...subscription, endpoint: `${other.origin}/push/${device}` },
      "hello",
      { vapidDetails, contentEncoding: "aes128gcm" },
    );
    expect(await post(subscription.endpoint, elsewhere.body as Buffer, elsewhere.headers)).toBe(400);
    expect(allowed.refused.slice(-2)).toEqual([expect.stringMatching(/authenticate/), expect.stringMatching(/^aud /)]);
    expect(allowed.received.filter((r) => r.device === device)).toEqual([]);
  });
});
