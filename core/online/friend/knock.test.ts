/**
 * The guest's exchange on its own, against a real owner's handshake: the key is used (the name
 * sealed, the seat taken) only after the owner's tag holds; a forged tag or an early seat ends it.
 */
import nacl from "tweetnacl";
import { describe, expect, test } from "vitest";
import { generateCode } from "../../crypto/code.js";
import { openBox } from "../../crypto/envelope.js";
import { answerGuestHandshake } from "../../crypto/handshake.js";
import {
  knockPending,
  knockReply,
  knockReturn,
  knockSeat,
  knockVerified,
  startKnock,
  type Knock,
  type KnockStep,
} from "./knock.js";

const random = nacl.randomBytes;

function replied() {
  const code = generateCode();
  const start = startKnock(code, random);
  const owner = answerGuestHandshake(code, String(start.message.sid), String(start.message.msg));
  if (!owner.ok) throw new Error(owner.error.message);
  const k = knockPending(start.knock, "r1");
  const step = knockReply(k, "r1", owner.value.msg, random) as KnockStep;
  return { code, owner: owner.value, start, step };
}

describe("the guest's exchange", () => {
  test("the right code: confirm with a seat secret of its own, the name sealed after the owner's tag, then the seat", () => {
    const { owner, start, step } = replied();
    expect(start.message.type).toBe("join.hello");
    expect(step.message).toMatchObject({ type: "join.confirm", reqId: "r1" });
    expect(Object.keys(step.message).sort()).toEqual(["reqId", "secret", "tag", "type"]);
    const judged = owner.confirm(String(step.message.tag));
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    // No seat before the owner's tag.
    expect(knockSeat(step.knock)).toBe("wrong_code");
    const v = knockVerified(step.knock, "r1", judged.value.tag, "Gus", random) as KnockStep;
    expect(v.message.type).toBe("join.request");
    const opened = openBox(judged.value.secrets.key, String(v.message.request));
    expect(opened.ok && opened.value.body).toEqual({ name: "Gus" });
    const seat = knockSeat(v.knock);
    expect(seat).toEqual({ key: judged.value.secrets.key, secret: step.message.secret });
  });

  test("a forged owner tag ends the exchange; a tag for another exchange, or a second one, is not for it", () => {
    const { owner, step } = replied();
    expect(knockVerified(step.knock, "r1", "T".repeat(86), "Gus", random)).toBe("wrong_code");
    expect(knockVerified(step.knock, "other", "T".repeat(86), "Gus", random)).toBeNull();
    const judged = owner.confirm(String(step.message.tag));
    if (!judged.ok) throw new Error("confirm");
    const v = knockVerified(step.knock, "r1", judged.value.tag, "Gus", random) as KnockStep;
    expect(knockVerified(v.knock, "r1", judged.value.tag, "Gus", random)).toBeNull();
  });

  test("a share for another exchange, a second share, or none at all: nothing happens; a malformed one is a wrong code", () => {
    const { owner, step } = replied();
    expect(knockReply(step.knock, "r1", owner.msg, random)).toBeNull();
    const fresh: Knock = startKnock(generateCode(), random).knock;
    expect(knockReply(knockPending(fresh, "r1"), "r2", owner.msg, random)).toBeNull();
    expect(knockReply(fresh, "r9", "!!", random)).toBe("wrong_code");
    expect(knockSeat(null)).toBeNull();
    expect(knockSeat(fresh)).toBeNull();
  });

  test("cut off after the owner's tag held: back to the guest seat with its own seat secret; before it, a fresh exchange", () => {
    const { owner, step } = replied();
    expect(knockReturn(step.knock)).toBeNull();
    const judged = owner.confirm(String(step.message.tag));
    if (!judged.ok) throw new Error("confirm");
    const v = knockVerified(step.knock, "r1", judged.value.tag, "Gus", random, "room-1") as KnockStep;
    expect(knockReturn(v.knock)).toEqual({ type: "room.join", roomId: "room-1", secret: step.message.secret });
    const unnamed = knockVerified(step.knock, "r1", judged.value.tag, "Gus", random) as KnockStep;
    expect(knockReturn(unnamed.knock)).toBeNull();
    expect(knockReturn(null)).toBeNull();
  });
});
