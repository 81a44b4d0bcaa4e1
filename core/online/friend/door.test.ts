/**
 * The owner's door on its own: real CPace exchanges driven event by event, the commands checked.
 * Whatever guests and the server do, at most MAX_WRONG_CODES confirmations are judged per code, at
 * most MAX_OPEN_EXCHANGES unconfirmed exchanges are open, a new code is asked for once, and the
 * right guest's key is the one the owner takes.
 */
import fc from "fast-check";
import nacl from "tweetnacl";
import { describe, expect, test } from "vitest";
import { generateCode, type RoomCode } from "../../crypto/code.js";
import { sealBox } from "../../crypto/envelope.js";
import { startGuestHandshake } from "../../crypto/handshake.js";
import { JOIN_STEP_MS, MAX_WRONG_CODES } from "../../protocol/friend.js";
import {
  MAX_OPEN_EXCHANGES,
  answered,
  confirm,
  createDoor,
  hello,
  keyOpening,
  named,
  withdrawn,
  type Door,
  type DoorCommand,
  type DoorContext,
} from "./door.js";

const ctxFor = (code: RoomCode, now = 1_000_000, mayRecode = true): DoorContext => ({
  code,
  now,
  random: nacl.randomBytes,
  mayRecode,
});

const sends = (out: readonly DoorCommand[], type: string): Record<string, unknown>[] =>
  out.flatMap((c) => (c.kind === "send" && c.message.type === type ? [c.message] : []));

/** One guest's exchange up to its confirmation: the door's reply and the guest's tag. */
function knock(door: Door, reqId: string, guestCode: RoomCode, ctx: DoorContext) {
  const g = startGuestHandshake(guestCode);
  const h = hello(door, { reqId, sid: g.sid, msg: g.msg }, ctx);
  const reply = sends(h.out, "join.reply")[0];
  const fin = reply === undefined ? null : g.finish(String(reply.msg));
  return { door: h.door, out: h.out, fin: fin?.ok === true ? fin.value : null };
}

describe("the owner's door", () => {
  test("the right guest: reply, verdict with the owner's tag, the sealed name shown, and the key on approval", () => {
    const code = generateCode();
    const ctx = ctxFor(code);
    const k = knock(createDoor(), "r1", code, ctx);
    expect(sends(k.out, "join.reply")).toHaveLength(1);
    const c = confirm(k.door, "r1", k.fin!.tag, ctx);
    const verdict = sends(c.out, "join.verdict")[0];
    expect(verdict).toMatchObject({ reqId: "r1", ok: true });
    expect(k.fin!.check(String(verdict.tag))).toBe(true);
    expect(c.door.answered).toBe(1);
    const box = sealBox(k.fin!.secrets.key, { seat: 1, seq: 0, kind: "request", body: { name: "Gus" } });
    const n = named(c.door, "r1", box);
    expect(n.out).toEqual([{ kind: "request", reqId: "r1", name: "Gus" }]);
    // The guest's first box opens under its exchange's key only.
    const first = sealBox(k.fin!.secrets.key, { seat: 1, seq: 1, kind: "game", body: { t: "chat", text: "hi" } });
    expect(keyOpening(n.door, first)).toEqual(k.fin!.secrets.key);
    expect(keyOpening(n.door, sealBox(nacl.randomBytes(32), { seat: 1, seq: 1, kind: "game", body: 1 }))).toBeNull();
    const a = answered(n.door, "r1", true, ctx, false);
    expect(a.key).toEqual(k.fin!.secrets.key);
    expect(a.door.attempts.size).toBe(0);
  });

  test("a wrong code is judged and reported; a malformed share or an unreadable request is refused unjudged", () => {
    const code = generateCode();
    const ctx = ctxFor(code);
    const k = knock(createDoor(), "r1", generateCode(), ctx);
    const c = confirm(k.door, "r1", k.fin!.tag, ctx);
    expect(sends(c.out, "join.verdict")).toEqual([{ type: "join.verdict", reqId: "r1", ok: false }]);
    expect(c.out).toContainEqual({ kind: "wrong_code", reqId: "r1" });
    expect(c.door.wrong).toBe(1);
    const junk = hello(c.door, { reqId: "r2", sid: "x", msg: "y" }, ctx);
    expect(sends(junk.out, "join.answer")).toEqual([{ type: "join.answer", reqId: "r2", approve: false }]);
    expect(junk.door.answered).toBe(1);
    const right = knock(junk.door, "r3", code, ctx);
    const ok = confirm(right.door, "r3", right.fin!.tag, ctx);
    const unreadable = named(
      ok.door,
      "r3",
      sealBox(nacl.randomBytes(32), { seat: 1, seq: 0, kind: "request", body: {} }),
    );
    expect(sends(unreadable.out, "join.answer")).toEqual([{ type: "join.answer", reqId: "r3", approve: false }]);
    expect(unreadable.door.attempts.has("r3")).toBe(false);
  });

  test("exchanges idle past two steps are let go; more than MAX_OPEN_EXCHANGES wait in the queue and go on when one is withdrawn", () => {
    const code = generateCode();
    let door = createDoor();
    for (let i = 0; i < MAX_OPEN_EXCHANGES; i++) door = knock(door, `a${i}`, code, ctxFor(code)).door;
    const extra = knock(door, "late", code, ctxFor(code));
    expect(extra.out).toEqual([]);
    expect(extra.door.queued.map((q) => q.reqId)).toEqual(["late"]);
    const w = withdrawn(extra.door, "a0", ctxFor(code));
    expect(sends(w.out, "join.reply").map((m) => m.reqId)).toEqual(["late"]);
    // Much later, the idle ones are let go and a new hello is answered at once.
    const later = knock(extra.door, "fresh", code, ctxFor(code, 1_000_000 + 2 * JOIN_STEP_MS + 1));
    expect(sends(later.out, "join.reply")).toHaveLength(1);
    expect(later.door.attempts.size).toBe(1);
  });

  test("whatever guests do: at most MAX_WRONG_CODES judged, at most MAX_OPEN_EXCHANGES open, one new code asked for", () => {
    const code = generateCode();
    const Event = fc.oneof(
      fc.record({ e: fc.constant("hello" as const), right: fc.boolean() }),
      fc.record({ e: fc.constant("confirm" as const), pick: fc.nat() }),
      fc.record({ e: fc.constant("withdrawn" as const), pick: fc.nat() }),
      fc.record({ e: fc.constant("junk" as const) }),
    );
    fc.assert(
      fc.property(fc.array(Event, { maxLength: 30 }), (events) => {
        let door = createDoor();
        const tags = new Map<string, string>();
        let n = 0;
        let verdicts = 0;
        let recodes = 0;
        const ctx = ctxFor(code);
        for (const ev of events) {
          let out: readonly DoorCommand[] = [];
          if (ev.e === "hello") {
            const id = `q${n++}`;
            const k = knock(door, id, ev.right ? code : generateCode(), ctx);
            door = k.door;
            out = k.out;
            if (k.fin !== null) tags.set(id, k.fin.tag);
          } else if (ev.e === "junk") {
            const s = hello(door, { reqId: `q${n++}`, sid: "bad", msg: "bad" }, ctx);
            door = s.door;
            out = s.out;
          } else {
            const ids = [...door.attempts.keys()];
            if (ids.length === 0) continue;
            const id = ids[ev.pick % ids.length];
            const s = ev.e === "confirm" ? confirm(door, id, tags.get(id) ?? "x", ctx) : withdrawn(door, id, ctx);
            door = s.door;
            out = s.out;
          }
          // Replies to hellos that were queued come out here too.
          for (const r of sends(out, "join.reply")) if (!tags.has(String(r.reqId))) tags.set(String(r.reqId), "x");
          verdicts += sends(out, "join.verdict").length;
          recodes += sends(out, "room.recode").length;
          const open = [...door.attempts.values()].filter((a) => !a.confirmed).length;
          expect(open).toBeLessThanOrEqual(MAX_OPEN_EXCHANGES);
          expect(door.answered).toBeLessThanOrEqual(MAX_WRONG_CODES);
          expect(verdicts).toBe(door.answered);
          expect(recodes).toBeLessThanOrEqual(1);
          if (recodes === 1) expect(door.spent).toBe(true);
        }
      }),
      { numRuns: 25 },
    );
  });

  test("a spent code: nothing more answered, and a new one asked for once nothing is open (not when the server retires it itself)", () => {
    const code = generateCode();
    const ctx = ctxFor(code);
    let door = createDoor(MAX_WRONG_CODES);
    expect(door.spent).toBe(true);
    const g = startGuestHandshake(code);
    const h = hello(door, { reqId: "r", sid: g.sid, msg: g.msg }, ctx);
    expect(sends(h.out, "join.reply")).toEqual([]);
    expect(sends(h.out, "room.recode")).toHaveLength(1);
    door = h.door;
    const again = hello(door, { reqId: "s", sid: g.sid, msg: g.msg }, ctx);
    expect(sends(again.out, "room.recode")).toEqual([]);
    // Five wrong verdicts: the server retires the code on its own count; the device does not ask.
    let d = createDoor();
    for (let i = 0; i < MAX_WRONG_CODES; i++) {
      const k = knock(d, `w${i}`, generateCode(), ctx);
      const c = confirm(k.door, `w${i}`, k.fin!.tag, ctx);
      d = c.door;
      expect(sends(c.out, "room.recode")).toEqual([]);
    }
    expect(d.wrong).toBe(MAX_WRONG_CODES);
    expect(d.spent).toBe(true);
  });

  test("a confirmed guest withdrawn by the server (cut off) as the approval went through: its key still becomes the room's", () => {
    const code = generateCode();
    const ctx = ctxFor(code);
    const k = knock(createDoor(), "r1", code, ctx);
    const c = confirm(k.door, "r1", k.fin!.tag, ctx);
    const w = withdrawn(c.door, "r1", ctx);
    expect(w.door.attempts.size).toBe(0);
    const a = answered(w.door, "r1", true, ctx, false);
    expect(a.key).toEqual(k.fin!.secrets.key);
    const first = sealBox(k.fin!.secrets.key, { seat: 1, seq: 1, kind: "game", body: { t: "chat", text: "hi" } });
    expect(keyOpening(w.door, first)).toEqual(k.fin!.secrets.key);
    // An unconfirmed exchange withdrawn leaves nothing behind.
    const u = knock(createDoor(), "r2", code, ctx);
    expect(withdrawn(u.door, "r2", ctx).door.gone.size).toBe(0);
  });
});
