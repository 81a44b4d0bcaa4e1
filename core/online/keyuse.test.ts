/**
 * The guest's side of the key exchange against a scripted server that plays the owner (it knows the
 * code, so it can answer with a valid share): the guest uses the key (seals its name, takes a seat
 * under it) only after the owner's tag Tb holds.
 */
import { describe, expect, test } from "vitest";
import { codeForLocator, generateCode, locatorOf } from "../crypto/code.js";
import { openBox } from "../crypto/envelope.js";
import { answerGuestHandshake, startGuestHandshake } from "../crypto/handshake.js";
import { MAX_WRONG_CODES, PROTOCOL_VERSION } from "../protocol/friend.js";
import { FakeSocket } from "./testing/socket.js";
import { MAX_OPEN_EXCHANGES, createFriendSession, type FriendSession } from "./friend/session.js";

const TOKEN = "A".repeat(43);
const HEAD = { seq: 0, sent: [0, 0], proof: "P".repeat(43) };

function guestAgainstScript(): { guest: FriendSession; socket: FakeSocket; code: ReturnType<typeof generateCode> } {
  const code = generateCode();
  const socket = new FakeSocket();
  const guest = createFriendSession({
    url: `ws://x/ws?v=${PROTOCOL_VERSION}`,
    socket: () => socket,
    mode: "join",
    code,
    profile: { name: "Guest" },
  });
  socket.open();
  return { guest, socket, code };
}

/** The scripted owner answers the guest's hello with a real share for the right code. */
function answerHello(s: FakeSocket, code: ReturnType<typeof generateCode>) {
  const hello = s.sent.find((m) => m.type === "join.hello")!;
  const owner = answerGuestHandshake(code, String(hello.sid), String(hello.msg));
  if (!owner.ok) throw new Error(owner.error.message);
  s.receive({ type: "join.pending", rid: hello.rid, reqId: "req-000001", owner: true });
  s.receive({ type: "join.reply", reqId: "req-000001", msg: owner.value.msg });
  const confirm = s.sent.find((m) => m.type === "join.confirm")!;
  return { owner: owner.value, confirm };
}

describe("the guest uses the key only after the owner's tag", () => {
  test("before Tb: its confirmation carries no sealed name; a wrong Tb stops it, and a seat offered anyway is not taken under the key", () => {
    const { guest, socket, code } = guestAgainstScript();
    const { owner, confirm } = answerHello(socket, code);
    expect(Object.keys(confirm).sort()).toEqual(["reqId", "rid", "secret", "tag", "type"]);
    expect(owner.confirm(String(confirm.tag)).ok).toBe(true);
    // A server that forwards a forged owner tag, then seats the guest.
    socket.receive({ type: "join.verified", reqId: "req-000001", tag: "T".repeat(86) });
    socket.receive({
      type: "room.joined",
      roomId: TOKEN,
      seat: 1,
      seq: 0,
      sent: 0,
      head: HEAD,
      peer: { seated: true, online: true },
      token: TOKEN,
      via: "",
    });
    expect(socket.sent.some((m) => m.type === "join.request")).toBe(false);
    expect(guest.key).toBeNull();
    expect(guest.view().status).toBe("wrong_code");
    guest.dispose();
  });

  test("a seat offered before any Tb arrived is refused too", () => {
    const { guest, socket, code } = guestAgainstScript();
    answerHello(socket, code);
    socket.receive({
      type: "room.joined",
      roomId: TOKEN,
      seat: 1,
      seq: 0,
      sent: 0,
      head: HEAD,
      peer: { seated: true, online: true },
      token: TOKEN,
      via: "",
    });
    expect(guest.key).toBeNull();
    expect(guest.view().status).toBe("wrong_code");
    expect(socket.sent.some((m) => m.type === "join.request")).toBe(false);
    guest.dispose();
  });

  test("after the right Tb: the sealed name goes out, readable under the owner's key, and the seat is taken with that key", () => {
    const { guest, socket, code } = guestAgainstScript();
    const { owner, confirm } = answerHello(socket, code);
    const judged = owner.confirm(String(confirm.tag));
    if (!judged.ok) throw new Error(judged.error.message);
    expect(socket.sent.some((m) => m.type === "join.request")).toBe(false);
    // The owner's side of the exchange yields the room key and nothing else: no seat secret to derive.
    expect(Object.keys(judged.value.secrets)).toEqual(["key"]);
    socket.receive({ type: "join.verified", reqId: "req-000001", tag: judged.value.tag });
    const named = socket.sent.find((m) => m.type === "join.request")!;
    expect(named.reqId).toBe("req-000001");
    const opened = openBox(judged.value.secrets.key, String(named.request));
    expect(opened.ok && opened.value.body).toEqual({ name: "Guest" });
    expect(guest.view().status).toBe("pending");
    socket.receive({
      type: "room.joined",
      roomId: TOKEN,
      seat: 1,
      seq: 0,
      sent: 0,
      head: HEAD,
      peer: { seated: true, online: true },
      token: TOKEN,
      via: "",
    });
    expect(guest.key).toEqual(judged.value.secrets.key);
    expect(guest.view().status).toBe("seated");
    // The seat secret kept for Continue is the one sent to the server alone, in join.confirm.
    expect(guest.secret).toBe(confirm.secret);
    guest.dispose();
  });
});

/** A scripted server that takes part: it poses as many guests at once against an honest owner's device. */
function ownerAgainstScript(snapshot?: ReturnType<FriendSession["snapshot"]>) {
  const sent: Record<string, unknown>[] = [];
  let socket: FakeSocket | null = null;
  const make = (): FakeSocket => {
    const s = new FakeSocket();
    const send = s.send.bind(s);
    s.send = (data: string) => {
      send(data);
      const m = JSON.parse(data) as Record<string, unknown>;
      sent.push(m);
      if (m.type === "room.create")
        s.receive({ type: "room.created", rid: m.rid, roomId: m.roomId, seat: 0, loc: 7, head: HEAD });
      if (m.type === "room.join")
        s.receive({
          type: "room.joined",
          rid: m.rid,
          roomId: m.roomId,
          seat: 0,
          seq: 0,
          sent: 0,
          head: HEAD,
          peer: { seated: false, online: false },
          token: TOKEN,
          via: "",
        });
      if (m.type === "sync") s.receive({ type: "sync.page", rid: m.rid, msgs: [], more: false });
    };
    socket = s;
    return s;
  };
  const owner = createFriendSession({
    url: "ws://x/ws",
    socket: make,
    profile: { name: "Owner" },
    backoff: { baseMs: 1e9, maxMs: 1e9 },
    heartbeat: { everyMs: 1e9, timeoutMs: 1e9 },
    ...(snapshot !== undefined
      ? { mode: "join" as const, snapshot, roomId: snapshot.roomId, secret: snapshot.secret }
      : { mode: "create" as const }),
  });
  socket!.open();
  return { owner, sent, socket: () => socket! };
}

/** `n` guesses at once (the right code at `rightAt`), then a confirmation for every reply the device sent. */
function burst(o: ReturnType<typeof ownerAgainstScript>, n: number, rightAt: number, prefix: string): void {
  const code = o.owner.view().code!;
  const guests = Array.from({ length: n }, (_, i) => {
    let g = code;
    while (i !== rightAt && g === code) g = codeForLocator(locatorOf(code));
    const hs = startGuestHandshake(g);
    o.socket().receive({ type: "join.hello", reqId: `${prefix}${i}`, sid: hs.sid, msg: hs.msg, at: 0 });
    return { reqId: `${prefix}${i}`, hs };
  });
  for (const g of guests) {
    const reply = o.sent.find((m) => m.type === "join.reply" && m.reqId === g.reqId);
    if (reply === undefined) continue;
    const f = g.hs.finish(String(reply.msg));
    if (f.ok) o.socket().receive({ type: "join.confirm", reqId: g.reqId, tag: f.value.tag });
  }
}

describe("the owner's device caps the exchanges it answers per code", () => {
  test("forty guesses at once, the right one 31st: at most MAX_OPEN_EXCHANGES open at once, at most MAX_WRONG_CODES judged, the rest refused unjudged, then nothing more for that code", () => {
    const o = ownerAgainstScript();
    let open = 0;
    let maxOpen = 0;
    const origSend = o.socket().send.bind(o.socket());
    o.socket().send = (data: string) => {
      const m = JSON.parse(data) as Record<string, unknown>;
      if (m.type === "join.reply") maxOpen = Math.max(maxOpen, ++open);
      if (m.type === "join.verdict" || m.type === "join.answer") open--;
      origSend(data);
    };
    burst(o, 40, 30, "r");
    const verdicts = o.sent.filter((m) => m.type === "join.verdict");
    expect(maxOpen).toBeLessThanOrEqual(MAX_OPEN_EXCHANGES);
    expect(verdicts).toHaveLength(MAX_WRONG_CODES);
    expect(verdicts.filter((v) => v.ok === true)).toEqual([]);
    expect(o.owner.view().codeSpent).toBe(true);
    // Five wrong verdicts: an honest server retires the code itself; the device needs not ask.
    expect(o.sent.filter((m) => m.type === "room.recode")).toHaveLength(0);
    const replies = o.sent.filter((m) => m.type === "join.reply").length;
    burst(o, 10, 0, "s");
    expect(o.sent.filter((m) => m.type === "join.reply")).toHaveLength(replies);
    expect(o.sent.filter((m) => m.type === "join.verdict")).toHaveLength(MAX_WRONG_CODES);
    o.owner.dispose();
  });

  test("the count is saved with the code: a reload answers nothing more for it; a new code starts afresh", () => {
    const first = ownerAgainstScript();
    burst(first, 10, -1, "a");
    const snap = first.owner.snapshot();
    first.owner.dispose();
    expect(snap.tries).toEqual({ code: snap.code, used: MAX_WRONG_CODES });
    const again = ownerAgainstScript(snap);
    expect(again.owner.view().code).toBe(snap.code);
    burst(again, 10, 3, "b");
    expect(again.sent.filter((m) => m.type === "join.reply")).toEqual([]);
    expect(again.sent.some((m) => m.type === "room.recode")).toBe(true);
    // The server's answer: a new code, which is answered again.
    again.socket().receive({ type: "room.code", loc: 8, reason: "retired" });
    expect(again.owner.view().codeSpent).toBe(false);
    burst(again, 1, 0, "c");
    expect(again.sent.filter((m) => m.type === "join.reply")).toHaveLength(1);
    again.owner.dispose();
  });

  test("an exchange withdrawn before the guest confirmed costs nothing; one withdrawn after does", () => {
    const o = ownerAgainstScript();
    const code = o.owner.view().code!;
    for (let i = 0; i < 10; i++) {
      const hs = startGuestHandshake(codeForLocator(locatorOf(code)));
      o.socket().receive({ type: "join.hello", reqId: `w${i}`, sid: hs.sid, msg: hs.msg, at: 0 });
      o.socket().receive({ type: "join.withdrawn", reqId: `w${i}` });
    }
    expect(o.sent.filter((m) => m.type === "join.reply")).toHaveLength(10);
    expect(o.owner.view().codeSpent).toBe(false);
    for (let i = 0; i < MAX_WRONG_CODES; i++) {
      const hs = startGuestHandshake(code);
      o.socket().receive({ type: "join.hello", reqId: `x${i}`, sid: hs.sid, msg: hs.msg, at: 0 });
      const reply = o.sent.find((m) => m.type === "join.reply" && m.reqId === `x${i}`)!;
      const f = hs.finish(String(reply.msg));
      if (!f.ok) throw new Error(f.error.message);
      o.socket().receive({ type: "join.confirm", reqId: `x${i}`, tag: f.value.tag });
      o.socket().receive({ type: "join.withdrawn", reqId: `x${i}` });
    }
    expect(o.owner.view().codeSpent).toBe(true);
    o.owner.dispose();
  });
});
