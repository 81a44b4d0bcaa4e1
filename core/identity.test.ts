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

describe("strict keys and signatures", () => {
  const hex = (h: string): Uint8Array => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));
  /** The eight points of small order, canonically encoded. */
  const SMALL_ORDER = [
    "0100000000000000000000000000000000000000000000000000000000000000", // the identity
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // order 2
    "0000000000000000000000000000000000000000000000000000000000000000", // order 4
    "0000000000000000000000000000000000000000000000000000000000000080",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", // order 8
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
  ];
  const IDENTITY_ID = makeBase64Url(hex(SMALL_ORDER[0]));
  /** R = the identity point, S = 0: verifies under the identity key for any message (non-strict). */
  const FIXED_SIGNATURE = makeBase64Url(new Uint8Array([1, ...new Uint8Array(63)]));

  test("the identity point is AQAA…A and its one fixed signature answers no challenge", () => {
    expect(IDENTITY_ID).toBe(`AQ${"A".repeat(41)}`);
    for (let i = 0; i < 20; i++) {
      const r = verifyChallenge(IDENTITY_ID, makeChallenge(), FIXED_SIGNATURE);
      expect(r.ok).toBe(false);
    }
  });

  test.each(SMALL_ORDER)("a key of small order (%s) is no player id", (h) => {
    const r = parsePlayerId(makeBase64Url(hex(h)));
    expect(!r.ok && r.error.code).toBe("auth/bad_player_id");
  });

  test("a non-canonical encoding (y ≥ p, or x = 0 with its sign bit set) is no player id", () => {
    // p = 2^255 - 19; y = p + k for k = 0..18 still fits in 255 bits.
    for (let k = 0; k < 19; k++) {
      const b = new Uint8Array(32).fill(0xff);
      b[0] = 0xed + k;
      b[31] = 0x7f;
      expect(parsePlayerId(makeBase64Url(b)).ok, `y = p + ${k}`).toBe(false);
    }
    const negZero = hex(SMALL_ORDER[0]);
    negZero[31] |= 0x80;
    expect(parsePlayerId(makeBase64Url(negZero)).ok).toBe(false);
  });

  test("a signature whose scalar is not reduced (S + L) is refused; the reduced one verifies", () => {
    const keys = makeDeviceKeys(seed(9));
    const ch = makeChallenge();
    const sig = parseBase64Url(signChallenge(keys, ch)) as Uint8Array;
    expect(verifyChallenge(keys.playerId, ch, makeBase64Url(sig)).ok).toBe(true);
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    let s = 0n;
    for (let i = 31; i >= 0; i--) s = (s << 8n) | BigInt(sig[32 + i]);
    let t = s + L;
    const bad = sig.slice();
    for (let i = 0; i < 32; i++) {
      bad[32 + i] = Number(t & 255n);
      t >>= 8n;
    }
    expect(verifyChallenge(keys.playerId, ch, makeBase64Url(bad)).ok).toBe(false);
  });

  test("every key a device makes is strict", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (s) => {
        expect(parsePlayerId(makeDeviceKeys(s).playerId).ok).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
