/**
 * One order for everyone, against a hostile seated peer, over real WebSockets against the local
 * server with the real limits: gaps, far-future numbers and forged heads are refused, a renumbered
 * retry is stored once, and every client replays the same log.
 */
import { describe, expect, test } from "vitest";
import { sealBox } from "../../core/crypto/index.js";
import { RATE_WINDOW_MS, floodLimits } from "../lib/flood.js";
import { codeOf, newRoom, player, playMoves, rng, waitFor, type Player } from "../local/players.js";
import { useTestServer, addresses } from "./testing/rigs.js";

const ts = useTestServer(["rooms", "lookups", "knock"]);

const SETUP = { game: "ayo", options: {}, bestOf: 1 } as const;
/** A fresh loopback source address: a stranger from another network. */
const freshAddress = addresses(2);

function owner(): Player {
  const o = player(ts.url, newRoom().code, "create", { name: "Owner" }, { setup: SETUP, address: freshAddress() });
  o.session.subscribe((e) => {
    if (e.type === "request") o.session.answerJoin(e.request.reqId, true);
  });
  return o;
}

describe("one order for everyone", () => {
  test("a seated peer's gap, far-future number and forged head are refused; a renumbered retry is stored once; live clients and a fresh device replay the same log; the honest client stays within its budget", async () => {
    const a = owner();
    const code = await codeOf(a);
    const guestFrames: Record<string, unknown>[] = [];
    const b = player(ts.url, code, "join", { name: "Guest" }, { address: freshAddress() });
    const all: Player[] = [a, b];
    try {
      await waitFor(
        () => b.view().status === "seated" && b.view().caughtUp && a.view().game.profiles[1] !== null,
        "seated",
      );
      const ws = b.sockets[b.sockets.length - 1];
      ws.on("message", (d) => guestFrames.push(JSON.parse(d.toString()) as Record<string, unknown>));
      await playMoves(a, b, 2, rng(7));
      // The guest's own socket, as a hostile peer would use it: its token and the room's head.
      const sent: Record<string, unknown>[] = [];
      const snoop = (m: Record<string, unknown>): void => void sent.push(m);
      const send = ws.send.bind(ws);
      const joined = { token: "", via: "" };
      // The token is what the session relays with: read it from its own next frame.
      ws.send = ((data: string) => {
        const m = JSON.parse(data) as Record<string, unknown>;
        snoop(m);
        send(data);
      }) as typeof ws.send;
      b.session.chat("hello");
      await waitFor(() => sent.some((m) => m.type === "relay") && b.view().unsent === 0, "the guest's chat went out");
      const mine = sent.find((m) => m.type === "relay")!;
      joined.token = String(mine.tok);
      joined.via = String(mine.via);
      const ack = guestFrames.find((m) => m.type === "relay.ack" && m.cseq === mine.cseq)!;
      const head = { seq: Number(ack.seq), sent: ack.sent as [number, number], proof: String(ack.proof) };
      const box = (cseq: number): string =>
        sealBox(b.session.key!, { seat: 1, seq: cseq, kind: "chat", body: { t: "chat", text: `x${cseq}` } });
      // (The refused ones go as game messages: the chat flood rule would refuse a sixth chat first.)
      const relay = (
        rid: number,
        seq: number,
        cseq: number,
        prev: { sent: readonly number[]; proof: string },
        kind: "game" | "chat" = "chat",
      ) =>
        send(
          JSON.stringify({
            type: "relay",
            rid: `h${rid}`,
            room: b.session.roomId,
            seat: 1,
            via: joined.via,
            tok: joined.token,
            seq,
            cseq,
            prev: { sent: prev.sent, proof: prev.proof },
            kind,
            box: box(cseq),
          }),
        );
      const answer = async (rid: number) => {
        await waitFor(() => guestFrames.some((m) => m.rid === `h${rid}`), `answer h${rid}`);
        return guestFrames.find((m) => m.rid === `h${rid}`)!;
      };
      const next = head.sent[1] + 1;
      relay(1, head.seq + 10, next, head, "game"); // a gap
      relay(2, 2 ** 40, next, head, "game"); // far in the future
      relay(3, head.seq + 1, next, { sent: head.sent, proof: "P".repeat(43) }, "game"); // a forged head
      for (const rid of [1, 2, 3]) expect(await answer(rid)).toMatchObject({ type: "error", code: "relay/bad_head" });
      // Stored once, however it is renumbered.
      relay(4, head.seq + 1, next, head);
      const first = await answer(4);
      expect(first, JSON.stringify(first)).toMatchObject({ type: "relay.ack", seq: head.seq + 1, cseq: next });
      await playMoves(a, b, 1, rng(8)); // the room moves on
      const newer = a.view().applied;
      const top = guestFrames.filter((m) => m.type === "relay" || m.type === "relay.ack").at(-1)!;
      const topHead =
        top.type === "relay"
          ? (top.msg as { seq: number; sent: number[]; proof: string })
          : { seq: Number(top.seq), sent: top.sent as number[], proof: String(top.proof) };
      expect(topHead.seq).toBe(newer);
      relay(5, topHead.seq + 1, next, topHead);
      expect(await answer(5)).toMatchObject({ type: "relay.ack", seq: head.seq + 1, cseq: next });
      // The hostile device leaves; the guest plays on from another device (its seat secret and key),
      // which continues after the hostile message, and a third device replays the log.
      const seatOf = { roomId: b.session.roomId, secret: b.session.secret, key: b.session.key! };
      b.session.dispose();
      const socketsBefore = a.sockets.length;
      const other = player(ts.url, code, "join", { name: "Guest" }, { ...seatOf, address: freshAddress() });
      all.push(other);
      await waitFor(() => other.view().status === "seated" && other.view().caughtUp, "the guest's other device seated");
      await playMoves(a, other, 3, rng(9));
      const fresh = player(ts.url, code, "join", { name: "Guest" }, { ...seatOf, address: freshAddress() });
      all.push(fresh);
      const target = a.view().applied;
      await waitFor(
        () => fresh.view().applied === target && other.view().applied === target && fresh.view().caughtUp,
        "all three at the same number",
      );
      const lines = (p: Player) =>
        p.session.snapshot().log.map((e) => `${e.seq}:${e.from}:${JSON.stringify(e.payload)}`);
      expect(lines(other)).toEqual(lines(a));
      expect(lines(fresh)).toEqual(lines(a));
      expect(lines(a).filter((l) => l.includes(`"x${next}"`))).toHaveLength(1);
      // The owner's client never had to start over.
      expect(a.sockets.length).toBe(socketsBefore);
    } finally {
      for (const p of all) p.session.dispose();
    }
  });

  test("an honest client refused by the log never sends faster than its rate budget", async () => {
    // A client whose relays are all refused (a forged head: the seat's token is good, its proof is not).
    const a = owner();
    const code = await codeOf(a);
    const b = player(ts.url, code, "join", { name: "Guest" }, { address: freshAddress() });
    try {
      await waitFor(() => b.view().status === "seated" && b.view().caughtUp, "seated");
      const ws = b.sockets[b.sockets.length - 1];
      const send = ws.send.bind(ws);
      let relays = 0;
      ws.send = ((data: string) => {
        const m = JSON.parse(data) as Record<string, unknown>;
        if (m.type === "relay") {
          relays++;
          (m.prev as { proof: string }).proof = "P".repeat(43);
          return send(JSON.stringify(m));
        }
        send(data);
      }) as typeof ws.send;
      b.session.chat("never stored");
      await new Promise((r) => setTimeout(r, 5_000));
      expect(relays).toBeGreaterThan(0);
      expect(relays).toBeLessThanOrEqual((floodLimits().connection * 5_000) / RATE_WINDOW_MS);
      console.log(`refused client sent ${relays} relays in 5 s`);
    } finally {
      a.session.dispose();
      b.session.dispose();
    }
  });
});
