import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { parsePushClientMessage, parsePushPayload, PUSH_ENDPOINT_MAX } from "./push.js";

const P256DH = `B${"A".repeat(86)}`;
const AUTH = `${"A".repeat(21)}Q`;
const sub = (over: object = {}, keys: object = {}) => ({
  endpoint: "https://fcm.googleapis.com/fcm/send/abc",
  keys: { p256dh: P256DH, auth: AUTH, ...keys },
  ...over,
});

describe("push messages", () => {
  test("a subscription as a browser gives it is accepted", () => {
    const r = parsePushClientMessage({
      type: "push.subscribe",
      rid: 1,
      subscription: sub({ expirationTime: null }),
      lang: "kk",
    });
    expect(r.ok).toBe(true);
  });

  test.each([
    ["http endpoint", sub({ endpoint: "http://fcm.googleapis.com/x" })],
    ["not a URL", sub({ endpoint: "fcm.googleapis.com/x" })],
    ["credentials in the URL", sub({ endpoint: "https://a:b@fcm.googleapis.com/x" })],
    ["too long", sub({ endpoint: `https://fcm.googleapis.com/${"a".repeat(PUSH_ENDPOINT_MAX)}` })],
    ["p256dh one short", sub({}, { p256dh: P256DH.slice(1) })],
    ["p256dh compressed", sub({}, { p256dh: `A${"A".repeat(86)}` })],
    ["p256dh padded", sub({}, { p256dh: `${P256DH}=` })],
    ["auth 17 bytes", sub({}, { auth: `${AUTH}AA` })],
    ["auth with stray bits", sub({}, { auth: `${"A".repeat(21)}B` })],
    ["an extra field", sub({ extra: 1 })],
  ])("refused: %s", (_, subscription) => {
    const r = parsePushClientMessage({ type: "push.subscribe", subscription, lang: "en" });
    expect(r.ok).toBe(false);
  });

  test("a language the client does not speak is refused", () => {
    expect(parsePushClientMessage({ type: "push.subscribe", subscription: sub(), lang: "fr" }).ok).toBe(false);
  });

  test("mute names one game or all, never both or neither", () => {
    expect(parsePushClientMessage({ type: "push.mute", matchId: "abc" }).ok).toBe(true);
    expect(parsePushClientMessage({ type: "push.mute", all: false }).ok).toBe(true);
    expect(parsePushClientMessage({ type: "push.mute", matchId: "abc", all: true }).ok).toBe(false);
    expect(parsePushClientMessage({ type: "push.mute" }).ok).toBe(false);
    expect(parsePushClientMessage({ type: "push.mute", matchId: "a/b" }).ok).toBe(false);
  });

  test("any input: a result, never a throw", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom("push.subscribe", "push.unsubscribe", "push.mute"), (v, type) => {
        const raw = typeof v === "object" && v !== null && !Array.isArray(v) ? { ...v, type } : v;
        expect(typeof parsePushClientMessage(raw).ok).toBe("boolean");
      }),
    );
  });
});

describe("the notification's data", () => {
  const payload = { v: 1, kind: "turn", matchId: "m1", title: "Your turn", body: "Ana", url: "/#/ranked" };
  test("ours is read back; anything else is null", () => {
    expect(parsePushPayload(JSON.stringify(payload))).toEqual(payload);
    expect(parsePushPayload("not json")).toBeNull();
    expect(parsePushPayload(JSON.stringify({ ...payload, url: "https://evil.example/" }))).toBeNull();
    expect(parsePushPayload(JSON.stringify({ ...payload, url: "//evil.example/" }))).toBeNull();
    expect(parsePushPayload(JSON.stringify({ ...payload, v: 2 }))).toBeNull();
  });
});
