/**
 * Friend rooms: the server side of core/protocol/friend.ts, split by concern the way the client's
 * core/online/friend/ is: rooms and seats (seats.ts), the door (door.ts for the guest's steps,
 * owner.ts for the owner's, endings.ts for how an exchange or a connection ends), the relay and
 * the log (relay.ts).
 * Each action is checked in a fixed order (seat → room state → conditional write), saved, and only
 * then pushed to the connections concerned. The service sees only room ids, locators, hashes of
 * seat secrets, key-exchange messages and sealed boxes.
 */
import type { FriendClientMessage, FriendServerMessage } from "../../core/protocol/friend.js";
import type { FriendConnection as Connection } from "./connections.js";
import { confirm, hello, named } from "./door.js";
import { answer, recode, reply, verdict } from "./owner.js";
import { ridOf, type FriendPorts, type Rid, type Sender } from "./ports.js";
import { friendRelay, sync } from "./relay.js";
import { create, join } from "./seats.js";

/** The answer to a ping: no read, no write. */
export function pong(rid: Rid, now: number): FriendServerMessage {
  return { type: "pong", ...ridOf(rid), at: now };
}

/** Handles one validated friend-room message from `conn`; returns the reply for the sender. */
export async function friendMessage(
  p: FriendPorts,
  conn: Connection,
  m: FriendClientMessage,
  from: Sender,
  now: number,
): Promise<FriendServerMessage | null> {
  switch (m.type) {
    case "room.create":
      return create(p, conn, m, from, now);
    case "room.join":
      return join(p, conn, m, now);
    case "room.recode":
      return recode(p, conn, m, now);
    case "join.hello":
      return hello(p, conn, m, from, now);
    case "join.reply":
      return reply(p, conn, m, now);
    case "join.confirm":
      return confirm(p, conn, m, now);
    case "join.request":
      return named(p, conn, m, now);
    case "join.verdict":
      return verdict(p, conn, m, now);
    case "join.answer":
      return answer(p, conn, m, now);
    case "relay":
      return friendRelay(p, conn.connectionId, m, now);
    case "sync":
      return sync(p, conn, m, now);
    case "ping":
      return pong(m.rid, now);
  }
}
