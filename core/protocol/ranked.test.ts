import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { makeDeviceKeys, makeChallenge, signChallenge } from "../identity.js";
import {
  RANKED_MESSAGE_MAX,
  isRankedType,
  makeRankedClientText,
  makeRankedError,
  parseRankedClientMessage,
  parseRankedClientText,
  parseRankedServerMessage,
  type RankedClientMessage,
} from "./ranked.js";

const keys = makeDeviceKeys(new Uint8Array(32).fill(9));

const VALID: readonly (readonly [string, RankedClientMessage])[] = [
  ["hello", { type: "auth.hello", playerId: keys.playerId }],
  ["prove", { type: "auth.prove", rid: 1, signature: signChallenge(keys, makeChallenge()), name: "Aigerim" }],
  ["name", { type: "auth.name", name: "Ada" }],
  ["seek togyz", { type: "ranked.seek", game: "togyz" }],
  ["seek small tsoro", { type: "ranked.seek", rid: "a1", game: "tsoro-classic", options: { holes: 4, seeds: 1 } }],
  ["cancel", { type: "ranked.cancel" }],
  ["move", { type: "ranked.move", matchId: "m_1-x", version: 3, move: 7 }],
  ["resign", { type: "ranked.resign", matchId: "abc" }],
  ["abort", { type: "ranked.abort", matchId: "abc" }],
  ["agree_end", { type: "ranked.agree_end", matchId: "abc", version: 12 }],
  ["sync", { type: "ranked.sync" }],
];

describe("ranked protocol", () => {
  test.each(VALID)("%s round-trips through make/parse", (_, msg) => {
    expect(parseRankedClientText(makeRankedClientText(msg))).toEqual({ ok: true, value: msg });
  });

  test.each([
    ["unknown type", { type: "ranked.result", winner: 0 }],
    ["extra field", { type: "ranked.cancel", admin: true }],
    ["negative version", { type: "ranked.move", matchId: "a", version: -1, move: 1 }],
    ["fractional move", { type: "ranked.move", matchId: "a", version: 0, move: 1.5 }],
    ["move as text", { type: "ranked.move", matchId: "a", version: 0, move: "1" }],
    ["bad match id", { type: "ranked.move", matchId: "../x", version: 0, move: 1 }],
    ["unknown game", { type: "ranked.seek", game: "chess" }],
    ["unknown option", { type: "ranked.seek", game: "tsoro-wta", options: { vsComputer: true } }],
    ["short player id", { type: "auth.hello", playerId: "abc" }],
    ["missing signature", { type: "auth.prove" }],
    ["not an object", [1, 2]],
    ["null", null],
  ])("refuses %s with proto/invalid and a reason", (_, raw) => {
    const r = parseRankedClientMessage(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("proto/invalid");
      expect(r.error.message.length).toBeGreaterThan(0);
    }
  });

  test("refuses oversized and non-JSON text", () => {
    const big = parseRankedClientText(JSON.stringify({ type: "auth.name", name: "x".repeat(RANKED_MESSAGE_MAX) }));
    expect(!big.ok && big.error.code).toBe("proto/too_large");
    const junk = parseRankedClientText("{not json");
    expect(!junk.ok && junk.error.code).toBe("proto/invalid");
  });

  test("fuzz: 3000 random values and mutated messages never throw and only valid shapes pass", () => {
    const mutated = fc
      .tuple(fc.constantFrom(...VALID.map((x) => x[1])), fc.string(), fc.anything())
      .map(([m, k, val]) => ({ ...m, [k]: val }));
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json(), mutated), (raw) => {
        const r = typeof raw === "string" ? parseRankedClientText(raw) : parseRankedClientMessage(raw);
        if (!r.ok) return;
        // What passes is a whole, valid message: a ranked type, no key its schema does not name, and
        // the value parses again to itself.
        expect(isRankedType(r.value.type)).toBe(true);
        expect(parseRankedClientMessage(r.value)).toEqual({ ok: true, value: r.value });
        if (typeof raw === "object" && raw !== null) {
          const extra = Object.keys(raw).filter(
            (k) => !(k in r.value) && (raw as Record<string, unknown>)[k] !== undefined,
          );
          expect(extra).toEqual([]);
        }
      }),
      { numRuns: 3000 },
    );
  });

  test("server errors validate for clients", () => {
    const e = makeRankedError("ranked/stale", "old version", { version: 4, matchId: "m1", rid: 2 });
    expect(parseRankedServerMessage(e)).toEqual({ ok: true, value: e });
    expect(parseRankedServerMessage({ type: "ranked.error", code: "nope", message: "" }).ok).toBe(false);
  });

  test("only auth.* and ranked.* are ranked types", () => {
    expect(isRankedType("auth.hello")).toBe(true);
    expect(isRankedType("ranked.move")).toBe(true);
    expect(isRankedType("room.create")).toBe(false);
    expect(isRankedType(3)).toBe(false);
  });
});
