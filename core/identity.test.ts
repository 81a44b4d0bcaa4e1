import { describe, expect, test } from "vitest";
import fc from "fast-check";
import {
  makeBase64Url,
  makeChallenge,
  makeDeviceKeys,
  makeDeviceSecret,
  parseBase64Url,
  parseDeviceKeys,
  parsePlayerId,
  signChallenge,
  verifyChallenge,
} from "./identity.js";

const seed = (n: number): Uint8Array => new Uint8Array(32).fill(n);

describe("base64url", () => {
  test.each([
    ["", ""],
    ["f", "Zg"],
    ["fo", "Zm8"],
    ["foo", "Zm9v"],
    ["foob", "Zm9vYg"],
    ["\xff\xfe", "__4"],
  ])("%j encodes as %j (RFC 4648 vectors, unpadded)", (raw, enc) => {
    const bytes = Uint8Array.from(raw, (c) => c.charCodeAt(0));
    expect(makeBase64Url(bytes)).toBe(enc);
    expect(parseBase64Url(enc)).toEqual(bytes);
  });

  test("round-trips any bytes and refuses non-canonical text", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (b) => {
        expect(parseBase64Url(makeBase64Url(b))).toEqual(b);
      }),
    );
    expect(parseBase64Url("Zh")).toBeNull(); // trailing bits set
    expect(parseBase64Url("Zm9v=")).toBeNull();
    expect(parseBase64Url("Z")).toBeNull();
    expect(parseBase64Url("Zm+v")).toBeNull();
  });
});

describe("device identity", () => {
  test("the player id is the public key and a seed gives the same key pair", () => {
    const a = makeDeviceKeys(seed(1));
    const b = makeDeviceKeys(seed(1));
    expect(a.playerId).toBe(b.playerId);
    expect(a.playerId).toHaveLength(43);
    expect(parseBase64Url(a.playerId)).toEqual(a.publicKey);
    expect(makeDeviceKeys(seed(2)).playerId).not.toBe(a.playerId);
  });

  test("a saved secret restores the same identity", () => {
    const a = makeDeviceKeys();
    const back = parseDeviceKeys(makeDeviceSecret(a));
    expect(back.ok && back.value.playerId).toBe(a.playerId);
    expect(parseDeviceKeys("nope").ok).toBe(false);
  });

  test("a signed challenge verifies; another key, challenge or id does not", () => {
    const a = makeDeviceKeys(seed(3));
    const b = makeDeviceKeys(seed(4));
    const ch = makeChallenge();
    const sig = signChallenge(a, ch);
    expect(verifyChallenge(a.playerId, ch, sig)).toEqual({ ok: true, value: a.playerId });
    const wrongKey = verifyChallenge(a.playerId, ch, signChallenge(b, ch));
    expect(!wrongKey.ok && wrongKey.error.code).toBe("auth/bad_signature");
    const otherChallenge = verifyChallenge(a.playerId, makeChallenge(), sig);
    expect(!otherChallenge.ok && otherChallenge.error.code).toBe("auth/bad_signature");
    const claimed = verifyChallenge(b.playerId, ch, sig);
    expect(!claimed.ok && claimed.error.code).toBe("auth/bad_signature");
    const junk = verifyChallenge(a.playerId, "short", sig);
    expect(!junk.ok && junk.error.code).toBe("auth/bad_challenge");
  });

  test("fuzz: 500 random signatures and ids never verify and never throw", () => {
    const a = makeDeviceKeys(seed(5));
    const ch = makeChallenge();
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (id, sig) => {
        expect(verifyChallenge(id, ch, sig).ok).toBe(false);
        expect(verifyChallenge(a.playerId, ch, sig).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  test.each([
    ["too short", "abc"],
    ["not a string", 42],
    ["bad characters", "+".repeat(43)],
    ["trailing bits", "A".repeat(42) + "B"],
  ])("parsePlayerId refuses %s", (_, v) => {
    const r = parsePlayerId(v);
    expect(!r.ok && r.error.code).toBe("auth/bad_player_id");
  });
});
