/**
 * The guest's side of the key exchange against a scripted server that plays the owner (it knows the
 * code, so it can answer with a valid share): the guest uses the key (seals its name, takes a seat
 * under it) only after the owner's tag Tb holds.
 */
import { describe, expect, test } from "vitest";
import { generateCode } from "../crypto/code.js";
import { openBox } from "../crypto/envelope.js";
import { answerGuestHandshake } from "../crypto/handshake.js";
import { PROTOCOL_VERSION } from "../protocol/friend.js";
import type { SocketLike } from "./transport.js";
import { createFriendSession, type FriendSession } from "./session.js";

class ScriptedSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((ev: never) => void) | null = null;
  onmessage: ((ev: never) => void) | null = null;
  onclose: ((ev: never) => void) | null = null;
  onerror: ((ev: never) => void) | null = null;
  open(): void {
    this.readyState = 1;
    (this.onopen as ((e: unknown) => void) | null)?.({});
  }
  receive(m: object): void {
    (this.onmessage as ((e: { data: string }) => void) | null)?.({ data: JSON.stringify(m) });
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(): void {
    this.readyState = 3;
  }
}

const TOKEN = "A".repeat(43);

function guestAgainstScript(): { guest: FriendSession; socket: ScriptedSocket; code: ReturnType<typeof generateCode> } {
  const code = generateCode();
  const socket = new ScriptedSocket();
  const guest = createFriendSession({ url: `ws://x/ws?v=${PROTOCOL_VERSION}`, socket: () => socket, mode: "join", code, profile: { name: "Guest" } });
  socket.open();
  return { guest, socket, code };
}

/** The scripted owner answers the guest's hello with a real share for the right code. */
function answerHello(s: ScriptedSocket, code: ReturnType<typeof generateCode>) {
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
    socket.receive({ type: "room.joined", roomId: TOKEN, seat: 1, seq: 0, sent: 0, peer: { seated: true, online: true }, token: TOKEN, via: "" });
    expect(socket.sent.some((m) => m.type === "join.request")).toBe(false);
    expect(guest.key).toBeNull();
    expect(guest.view().status).toBe("wrong_code");
    guest.dispose();
  });

  test("a seat offered before any Tb arrived is refused too", () => {
    const { guest, socket, code } = guestAgainstScript();
    answerHello(socket, code);
    socket.receive({ type: "room.joined", roomId: TOKEN, seat: 1, seq: 0, sent: 0, peer: { seated: true, online: true }, token: TOKEN, via: "" });
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
    socket.receive({ type: "room.joined", roomId: TOKEN, seat: 1, seq: 0, sent: 0, peer: { seated: true, online: true }, token: TOKEN, via: "" });
    expect(guest.key).toEqual(judged.value.secrets.key);
    expect(guest.view().status).toBe("seated");
    // The seat secret kept for Continue is the one sent to the server alone, in join.confirm.
    expect(guest.secret).toBe(confirm.secret);
    guest.dispose();
  });
});
