import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { parseEnvelope, utf8Length } from "./envelope.js";
import { MAX_FRAME_BYTES } from "./envelope.js";
import { parseFriendClientMessage, parseFriendServerMessage } from "./friend.js";
import { ERROR_CODES, FRIEND_ERROR_CODES } from "./errors.js";

const ID = "A".repeat(43);

function parse(text: string): { ok: boolean; code?: string } {
  const env = parseEnvelope(text);
  if (!env.ok) return { ok: false, code: env.error.code };
  const m = parseFriendClientMessage(env.value);
  return m.ok ? { ok: true } : { ok: false, code: m.error.code };
}

describe("friend protocol decoding", () => {
  test.each([
    ["create", { type: "room.create", rid: 1, roomId: ID, secret: ID }],
    ["create with a proposed locator", { type: "room.create", rid: 1, roomId: ID, secret: ID, loc: 65_535 }],
    ["join", { type: "room.join", rid: "x", roomId: ID, secret: ID }],
    ["recode", { type: "room.recode", rid: 2 }],
    ["hello", { type: "join.hello", loc: 0, sid: "S".repeat(22), msg: "M".repeat(63) }],
    ["reply", { type: "join.reply", reqId: "abcdefgh12", msg: "M".repeat(63) }],
    ["confirm", { type: "join.confirm", reqId: "abcdefgh12", tag: "T".repeat(86), secret: ID }],
    ["request", { type: "join.request", reqId: "abcdefgh12", request: "B".repeat(60) }],
    ["verdict", { type: "join.verdict", reqId: "abcdefgh12", ok: true, tag: "T".repeat(86) }],
    ["answer", { type: "join.answer", reqId: "abcdefgh12", approve: false }],
    [
      "relay",
      {
        type: "relay",
        rid: 3,
        room: ID,
        seat: 1,
        via: "",
        tok: ID,
        seq: 4,
        cseq: 1,
        kind: "chat",
        box: "C".repeat(100),
      },
    ],
    ["sync", { type: "sync", after: 0 }],
    ["ping", { type: "ping" }],
  ])("accepts a valid %s", (_n, msg) => {
    expect(parse(JSON.stringify(msg))).toEqual({ ok: true });
  });

  test.each([
    ["not JSON", "{", "proto/malformed"],
    ["an array", "[]", "proto/malformed"],
    ["no type", '{"rid":1}', "proto/malformed"],
    ["too large", JSON.stringify({ type: "relay", box: "x".repeat(MAX_FRAME_BYTES) }), "proto/too_large"],
    ["too many bytes", JSON.stringify({ type: "ping", pad: "é".repeat(MAX_FRAME_BYTES / 2) }), "proto/too_large"],
    ["unknown type", '{"type":"room.delete"}', "proto/unknown_type"],
    ["extra field", JSON.stringify({ type: "ping", admin: true }), "proto/invalid"],
    ["short room id", JSON.stringify({ type: "room.create", roomId: "abc", secret: ID }), "proto/invalid"],
    [
      "room id not base64url",
      JSON.stringify({ type: "room.create", roomId: "+".repeat(43), secret: ID }),
      "proto/invalid",
    ],
    ["cseq 0", JSON.stringify({ type: "relay", cseq: 0, kind: "game", box: "C".repeat(100) }), "proto/invalid"],
    ["kind unknown", JSON.stringify({ type: "relay", cseq: 1, kind: "admin", box: "C".repeat(100) }), "proto/invalid"],
    [
      "a locator past 16 bits",
      JSON.stringify({ type: "join.hello", loc: 65_536, sid: "S".repeat(22), msg: "M".repeat(63) }),
      "proto/invalid",
    ],
    [
      "a join with the old sealed request",
      JSON.stringify({ type: "room.join", roomId: ID, secret: ID, request: "B".repeat(60) }),
      "proto/invalid",
    ],
    [
      "a confirmation with the name sealed before the owner's tag",
      JSON.stringify({
        type: "join.confirm",
        reqId: "abcdefgh12",
        tag: "T".repeat(86),
        secret: ID,
        request: "B".repeat(60),
      }),
      "proto/invalid",
    ],
    [
      "a tag of the wrong length",
      JSON.stringify({ type: "join.verdict", reqId: "abcdefgh12", ok: true, tag: "T".repeat(85) }),
      "proto/invalid",
    ],
    ["fractional sync", JSON.stringify({ type: "sync", after: 1.5 }), "proto/invalid"],
  ])("refuses %s", (_n, text, code) => {
    expect(parse(text)).toEqual({ ok: false, code });
  });

  test("fuzz: any text decodes to a value or a known error code, never throws", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 500 }),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (text) => {
          const r = parse(text);
          if (!r.ok) expect(ERROR_CODES).toContain(r.code);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test("fuzz: mutated valid messages never throw", () => {
    const base = { type: "relay", rid: 1, cseq: 1, kind: "game", box: "C".repeat(100) };
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("type", "rid", "cseq", "kind", "box", "x"), fc.jsonValue()),
        (patch) => {
          const r = parse(JSON.stringify({ ...base, ...patch }));
          if (!r.ok) expect(FRIEND_ERROR_CODES as readonly string[]).toContain(r.code);
        },
      ),
      { numRuns: 1000 },
    );
  });

  test("server messages are checked by the client too", () => {
    expect(parseFriendServerMessage({ type: "relay.ack", cseq: 1, seq: 2, at: 3 }).ok).toBe(true);
    expect(parseFriendServerMessage({ type: "relay.ack", cseq: "1", seq: 2, at: 3 }).ok).toBe(false);
    expect(parseFriendServerMessage({ type: "presence", seat: 2, online: true, seated: true }).ok).toBe(false);
  });

  test("utf8Length counts UTF-8 bytes", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (t) => {
        expect(utf8Length(t)).toBe(new TextEncoder().encode(t).length);
      }),
    );
  });

  test("error codes are unique and name their layer", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const c of ERROR_CODES) expect(c).toMatch(/^[a-z]+\/[a-z_]+$/);
  });
});
