import { describe, expect, test } from "vitest";
import fc from "fast-check";
import nacl from "tweetnacl";
import {
  CODE_ALPHABET,
  LOCATOR_BITS,
  LOCATOR_COUNT,
  PASSWORD_BITS,
  codeForLocator,
  generateCode,
  locatorOf,
  makeCode,
  parseCode,
  type RoomCode,
} from "./code.js";
import { makeBase64Url, parseBase64Url } from "./base64.js";
import { acceptSealed, createReplayGuard, generateSecret, openBox, sealBox } from "./envelope.js";

const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n });

describe("codes", () => {
  test("a generated code is 8 Crockford characters and 40 bits", () => {
    fc.assert(
      fc.property(bytes(5), (b) => {
        const c = generateCode(() => b);
        expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
        let n = 0n;
        for (const ch of c) n = n * 32n + BigInt(CODE_ALPHABET.indexOf(ch));
        let m = 0n;
        for (const x of b) m = m * 256n + BigInt(x);
        expect(n).toBe(m);
      }),
    );
  });

  test("parseCode reads the display form back, in any case, with or without the dash", () => {
    fc.assert(
      fc.property(bytes(5), fc.boolean(), fc.boolean(), (b, lower, dash) => {
        const c = generateCode(() => b);
        let typed = dash ? makeCode(c) : c;
        if (lower) typed = typed.toLowerCase();
        const r = parseCode(typed);
        expect(r).toEqual({ ok: true, value: c });
      }),
    );
  });

  test.each([
    ["K7PQ-2A9M", "K7PQ2A9M"],
    ["k7pq2a9m", "K7PQ2A9M"],
    [" k7pq 2a9m ", "K7PQ2A9M"],
    ["ILO0-1234", "1100" + "1234"],
    ["il00-oooo", "11000000"],
  ])("%s reads as %s", (typed, want) => {
    expect(parseCode(typed)).toEqual({ ok: true, value: want });
  });

  test.each([["K7PQ-2A9U"], ["K7PQ-2A9"], ["K7PQ-2A9MM"], ["K7PQ_2A9M"], [""], ["ÄÖÜ12345"]])(
    "%s is not a code",
    (typed) => {
      const r = parseCode(typed);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe("code/invalid");
    },
  );

  test("makeCode shows a dash in the middle", () => {
    expect(makeCode("K7PQ2A9M" as RoomCode)).toBe("K7PQ-2A9M");
  });
});

describe("base64url", () => {
  test("round trip", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (b) => {
        expect(parseBase64Url(makeBase64Url(b))).toEqual(b);
      }),
    );
  });
  test.each([["a"], ["ab=c"], ["a+b/"], ["AB"] /* non-canonical trailing bits */])("%s is refused", (t) => {
    expect(parseBase64Url(t)).toBeNull();
  });
});

describe("code split", () => {
  test("a code is its locator and a password; a new password keeps the locator", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LOCATOR_COUNT - 1 }), (loc) => {
        const c = codeForLocator(loc);
        expect(locatorOf(c)).toBe(loc);
        expect(parseCode(makeCode(c))).toEqual({ ok: true, value: c });
      }),
    );
    expect(LOCATOR_BITS + PASSWORD_BITS).toBe(40);
    expect(() => codeForLocator(LOCATOR_COUNT)).toThrow();
  });
});

describe("sealed boxes", () => {
  const key = nacl.randomBytes(32);

  test("seal and open round trip; every box has a fresh nonce", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0 as const, 1 as const),
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.jsonValue(),
        (seat, seq, body) => {
          const content = { seat, seq, kind: "game" as const, body };
          const a = sealBox(key, content);
          const b = sealBox(key, content);
          expect(a).not.toBe(b);
          const r = openBox(key, a);
          expect(r.ok).toBe(true);
          if (r.ok) expect(JSON.stringify(r.value.body)).toBe(JSON.stringify(JSON.parse(JSON.stringify(body))));
        },
      ),
      { numRuns: 50 },
    );
  });

  test("a flipped bit, a wrong key or garbage does not open", () => {
    const box = sealBox(key, { seat: 0, seq: 1, kind: "chat", body: { t: "chat", text: "hi" } });
    const raw = parseBase64Url(box)!;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: raw.length * 8 - 1 }), (bit) => {
        const t = raw.slice();
        t[bit >> 3] ^= 1 << (bit & 7);
        expect(openBox(key, makeBase64Url(t)).ok).toBe(false);
      }),
    );
    expect(openBox(nacl.randomBytes(32), box).ok).toBe(false);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        expect(openBox(key, s).ok).toBe(false);
      }),
    );
  });

  test("the replay guard refuses a replayed, reordered or mis-seated box", () => {
    let g = createReplayGuard();
    const accept = (from: 0 | 1, seat: 0 | 1, seq: number) =>
      acceptSealed(g, from, { seat, seq, kind: "game", body: null });
    const a1 = accept(0, 0, 1);
    expect(a1.ok).toBe(true);
    if (a1.ok) g = a1.value;
    expect(accept(0, 0, 1)).toMatchObject({ ok: false, error: { code: "crypto/replay" } });
    const a3 = accept(0, 0, 3);
    expect(a3.ok).toBe(true);
    if (a3.ok) g = a3.value;
    expect(accept(0, 0, 2)).toMatchObject({ ok: false, error: { code: "crypto/replay" } });
    expect(accept(1, 0, 9)).toMatchObject({ ok: false, error: { code: "crypto/wrong_seat" } });
    expect(accept(1, 1, 1).ok).toBe(true);
  });

  test("seat secrets are 32 random bytes", () => {
    const s = generateSecret();
    expect(parseBase64Url(s)).toHaveLength(32);
    expect(generateSecret()).not.toBe(s);
  });
});
