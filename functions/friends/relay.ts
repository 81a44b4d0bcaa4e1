/**
 * The relay and the log: a seat's sealed box stored under the room's next number and pushed to the
 * other seat, and the catch-up that pages through the log.
 */
import { SYNC_PAGE_CHARS, type FriendServerMessage } from "../../core/protocol/friend.js";
import type { FriendConnection as Connection } from "./connections.js";
import { checkHeadProof, makeHeadProof } from "./head.js";
import type { AppendResult } from "./log.js";
import { push } from "./endings.js";
import { fail, other, ridOf, withProof, type FriendPorts, type Msg } from "./ports.js";
import { checkSeatToken } from "./token.js";

/**
 * A relayed message: the seat token proves the seat and the head proof the room's previous number
 * with the seats' counts up to it (both MACs checked in memory: no read); the sender's own number
 * must be its next one (an older one is a retry of a message already stored: its place is read
 * under its sender's number, one keyed read, and acknowledged again); then one conditional put
 * stores it under the room's next number, and it is pushed to the other seat's connection, which
 * the sender names from its own view (the server checks it is the room's: the push carries the room
 * id). The acknowledgement is the reply (in AWS, the route response: no post).
 */
export async function friendRelay(
  p: FriendPorts,
  connectionId: string,
  m: Msg<"relay">,
  now: number,
): Promise<FriendServerMessage> {
  const key = await p.tokenKey();
  if (!checkSeatToken(key, m.room, m.seat, connectionId, m.via, m.tok))
    return fail("room/not_seated", "take a seat before sending (join the room again)", m.rid);
  const prevSeq = m.seq - 1;
  if (!checkHeadProof(key, m.room, prevSeq, m.prev.sent, m.prev.proof))
    return fail("relay/bad_head", `no proof that ${prevSeq} is the room's last number; catch up first`, m.rid);
  const mine = m.prev.sent[m.seat];
  let r: AppendResult;
  if (m.cseq <= mine) {
    // Sent before (its acknowledgement lost) and renumbered since: stored once, acknowledged again.
    const had = await p.log.findSent(m.room, m.seat, m.cseq, now);
    if (had === null) return fail("relay/duplicate", "an older message than the last one stored", m.rid);
    r = { kind: "duplicate", msg: had };
  } else if (m.cseq > mine + 1) {
    return fail("relay/out_of_order", `message ${mine + 1} of this seat comes next`, m.rid, { expected: mine + 1 });
  } else {
    const sent: [number, number] = [m.prev.sent[0], m.prev.sent[1]];
    sent[m.seat] = m.cseq;
    r = await p.log.append(m.room, m.seat, m.seq, m.cseq, m.kind, m.box, sent, now);
  }
  if (r.kind === "taken")
    return fail("relay/seq_taken", `room sequence ${m.seq} is taken`, m.rid, { expected: r.expected });
  if (r.kind === "stored") {
    const out = { type: "relay", msg: withProof(key, m.room, r.msg) } as const;
    if (!(m.via !== "" && (await p.gateway.send(m.via, out)))) {
      // The other seat moved or went since this connection's token was made: the room says where it is now.
      const room = await p.rooms.get(m.room, now);
      const peer = room?.conns[other(m.seat)] ?? null;
      if (peer !== null && peer !== m.via) await push(p, peer, out, now);
    }
  }
  const { seq, at, sent } = r.msg;
  return {
    type: "relay.ack",
    ...ridOf(m.rid),
    cseq: m.cseq,
    seq,
    at,
    sent,
    proof: makeHeadProof(key, m.room, seq, sent),
  };
}

export async function sync(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"sync">,
  now: number,
): Promise<FriendServerMessage> {
  if (conn.roomId === undefined) return fail("room/not_seated", "join a room first", m.rid);
  const roomId = conn.roomId;
  const [page, key] = await Promise.all([p.log.list(roomId, m.after, SYNC_PAGE_CHARS, now), p.tokenKey()]);
  return {
    type: "sync.page",
    ...ridOf(m.rid),
    msgs: page.msgs.map((x) => withProof(key, roomId, x)),
    more: page.more,
  };
}
