/**
 * The server's chat rule (at most 5 lines in 10 s per connection, core/protocol/chat.ts) counts
 * chat lines, not attempts: a line sent again because its answer was lost (a gateway error frame, a
 * timeout, a reconnect) is the same line, so its copies do not use up the sender's allowance and a
 * later line is not refused (the client drops a line refused for flooding for good). Real router,
 * service and DynamoDB store on dynalite.
 */
import { describe, expect, test } from "vitest";
import { BOX, seatTwo, useRouterRig } from "./testing/rigs.js";

const rig = useRouterRig("chatrule", { ip: "10.2.0.1", stepMs: 100 });
const say = (conn: string, body: object) => rig.say(conn, body);

describe("the server's chat rule", () => {
  test("copies of a chat line sent again count once: four more lines pass, the sixth line in 10 s is refused", async () => {
    const [c0, c1] = ["ch0", "ch1"];
    const { roomId, answered, joined, presence } = await seatTwo(rig, c0, c1);
    expect(answered).toMatchObject({ type: "join.answered" });
    let head = joined.head as { seq: number; sent: [number, number]; proof: string };
    const chat = (prev: typeof head, cseq: number, rid: number) =>
      say(c0, {
        type: "relay",
        rid,
        room: roomId,
        seat: 0,
        via: String(presence.via),
        tok: String(presence.token),
        seq: prev.seq + 1,
        cseq,
        prev: { sent: prev.sent, proof: prev.proof },
        kind: "chat",
        box: BOX,
      });
    let rid = 0;
    // The first line, stored, then sent four times more (each answer lost): acknowledged each time.
    const before = head;
    const first = await chat(before, 1, ++rid);
    expect(first).toMatchObject({ type: "relay.ack", cseq: 1 });
    for (let i = 0; i < 4; i++) expect(await chat(before, 1, ++rid)).toMatchObject({ type: "relay.ack", cseq: 1 });
    head = { seq: Number(first.seq), sent: first.sent as [number, number], proof: String(first.proof) };
    // Four new lines: five lines in the window, the rule's limit.
    for (let cseq = 2; cseq <= 5; cseq++) {
      const a = await chat(head, cseq, ++rid);
      expect(a).toMatchObject({ type: "relay.ack", cseq });
      head = { seq: Number(a.seq), sent: a.sent as [number, number], proof: String(a.proof) };
    }
    // The sixth line within 10 s is refused.
    expect(await chat(head, 6, ++rid)).toMatchObject({ type: "error", code: "chat/flood" });
  });
});
