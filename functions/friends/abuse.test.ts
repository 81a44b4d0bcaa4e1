/**
 * Hostile input over real WebSockets: at least 10,000 malformed, oversized and out-of-state frames
 * get one clear error each and crash nothing while two other rooms keep playing; a malicious peer's
 * forged, replayed and illegal boxes are refused by the receiving client; and a scan of every stored
 * item finds none of a game's chat text, names or moves in plaintext.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { openBox, sealBox, generateSecret, parseBase64Url } from "../../core/crypto/index.js";
import { legalMoves } from "../../core/games/index.js";
import { seatToMove } from "../../core/online/game.js";
import { MAX_FRAME_BYTES } from "../../core/protocol/friend.js";
import { documentClient, readConfig } from "../lib/config.js";
import { newRoom, player, playMoves, rng, startTestServer, waitFor, type Player, type TestServer } from "./testkit.js";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(async () => {
  await ts?.stop();
});

async function pair(game: "togyz" | "ayo" | "tsoro-wta", names: [string, string] = ["Alice", "Bob"]): Promise<[Player, Player, ReturnType<typeof newRoom>]> {
  const room = newRoom();
  const a = player(ts.server.wsUrl, room.keys, "create", { name: names[0] }, { setup: { game, options: {}, bestOf: 7 } });
  a.session.subscribe((e) => {
    if (e.type === "request") a.session.answerJoin(e.request.reqId, true);
  });
  await waitFor(() => a.view().status === "seated", "owner seated");
  const b = player(ts.server.wsUrl, room.keys, "join", { name: names[1] });
  await waitFor(() => b.view().status === "seated" && a.view().game.profiles[1] !== null && b.view().game.profiles[0] !== null, "pair seated");
  return [a, b, room];
}

function autoplay(ps: Player[], rand: () => number): { stop(): void } {
  let on = true;
  const tick = (): void => {
    if (!on) return;
    for (const p of ps) {
      const v = p.view();
      if (v.status === "seated" && v.unsent === 0 && v.seat !== null && seatToMove(v.game) === v.seat && v.game.state !== null) {
        const moves = legalMoves(v.game.state);
        p.session.move(moves[Math.floor(rand() * moves.length)]);
      }
    }
    setTimeout(tick, 3);
  };
  tick();
  return { stop: () => (on = false) };
}

const played = (p: Player): number => p.view().game.finished.reduce((n, f) => n + f.moves.length, 0) + p.view().game.moves.length;

/** Frames of every kind of wrong, each with the error code (or codes) it must earn. */
function badFrames(i: number, roomId: string): { frame: string | Buffer; codes: string[] } {
  const rid = i;
  const kinds = [
    () => ({ frame: "this is not json", codes: ["proto/malformed"] }),
    () => ({ frame: "{", codes: ["proto/malformed"] }),
    () => ({ frame: "[1,2,3]", codes: ["proto/malformed"] }),
    () => ({ frame: "null", codes: ["proto/malformed"] }),
    () => ({ frame: JSON.stringify({ type: 42, rid }), codes: ["proto/malformed"] }),
    () => ({ frame: Buffer.from([0xde, 0xad, 0xbe, 0xef]), codes: ["proto/malformed"] }),
    () => ({ frame: JSON.stringify({ type: "relay", rid, cseq: 1, kind: "game", box: "A".repeat(MAX_FRAME_BYTES) }), codes: ["proto/too_large"] }),
    () => ({ frame: JSON.stringify({ type: "room.nuke", rid }), codes: ["proto/unknown_type"] }),
    () => ({ frame: JSON.stringify({ type: "relay", rid, cseq: -1, kind: "game", box: "x" }), codes: ["proto/invalid"] }),
    () => ({ frame: JSON.stringify({ type: "room.join", rid, roomId: "short", secret: "s", request: "r" }), codes: ["proto/invalid"] }),
    () => ({ frame: JSON.stringify({ type: "sync", rid, after: "everything" }), codes: ["proto/invalid"] }),
    () => ({ frame: JSON.stringify({ type: "room.create", rid, roomId, secret: generateSecret(), extra: 1 }), codes: ["proto/invalid"] }),
    // Out of state: well-formed, but this connection holds no seat / the room does not exist.
    () => ({ frame: JSON.stringify({ type: "relay", rid, cseq: 1, kind: "game", box: "B".repeat(64) }), codes: ["room/not_seated", "rate/limited"] }),
    () => ({ frame: JSON.stringify({ type: "sync", rid, after: 0 }), codes: ["room/not_seated", "rate/limited"] }),
    () => ({ frame: JSON.stringify({ type: "join.answer", rid, reqId: "abcdefghijkl", approve: true }), codes: ["room/not_seated", "rate/limited"] }),
    () => ({ frame: JSON.stringify({ type: "room.join", rid, roomId: "Z".repeat(43), secret: generateSecret(), request: "C".repeat(64) }), codes: ["room/not_found", "rate/limited"] }),
    () => ({ frame: JSON.stringify({ type: "room.join", rid, roomId, secret: generateSecret(), request: "C".repeat(64) }), codes: ["room/full", "rate/limited"] }),
  ];
  // Each malformed kind three times per cycle, each out-of-state kind once (those cost store reads).
  const cycle = [...kinds.slice(0, 12), ...kinds.slice(0, 12), ...kinds.slice(0, 12), ...kinds.slice(12)];
  return cycle[i % cycle.length]();
}

describe("hostile input", () => {
  test("10,200 bad frames: a clear error for each, no crash, and two other rooms keep playing", async () => {
    const [a1, b1, room1] = await pair("togyz");
    const [a2, b2] = await pair("ayo");
    const play = autoplay([a1, b1, a2, b2], rng(1));
    const CONNS = 12;
    const PER = 850;
    try {
      const startMoves = played(a1) + played(a2);
      const clients = await Promise.all(
        Array.from({ length: CONNS }, async () => {
          const ws = new WebSocket(`${ts.server.wsUrl}?v=1`);
          const got: { code: string; rid?: number }[] = [];
          ws.on("message", (d) => got.push(JSON.parse(d.toString()) as { code: string; rid?: number }));
          await new Promise<void>((r, j) => {
            ws.once("open", () => r());
            ws.once("error", j);
          });
          return { ws, got };
        }),
      );
      const expected: string[][][] = clients.map(() => []);
      for (let k = 0; k < PER; k++) {
        clients.forEach((c, ci) => {
          const { frame, codes } = badFrames(k * CONNS + ci, room1.keys.roomId);
          expected[ci].push(codes);
          c.ws.send(frame);
        });
        if (k % 50 === 49) await new Promise((r) => setTimeout(r, 5));
      }
      const total = CONNS * PER;
      expect(total).toBeGreaterThanOrEqual(10_000);
      await waitFor(() => clients.every((c, ci) => c.got.length >= expected[ci].length), "an answer to every frame", 90_000);
      for (const [ci, c] of clients.entries()) {
        expect(c.got).toHaveLength(expected[ci].length);
        expect(c.got.every((m) => (m as { type?: string }).type === "error" && typeof m.code === "string")).toBe(true);
        // Replies come back in any order (handlers run concurrently, as in API Gateway): compare as multisets
        // where each frame's reply must be one of its allowed codes.
        const want = new Map<string, number>();
        for (const codes of expected[ci]) want.set(codes.join("|"), (want.get(codes.join("|")) ?? 0) + 1);
        const counts = new Map<string, number>();
        for (const m of c.got) counts.set(m.code, (counts.get(m.code) ?? 0) + 1);
        const exact = [...want.entries()].filter(([k]) => !k.includes("|"));
        for (const [code, n] of exact) expect(counts.get(code) ?? 0).toBe(n);
        const loose = [...want.entries()].filter(([k]) => k.includes("|"));
        const looseTotal = loose.reduce((n, [, v]) => n + v, 0);
        const looseCodes = new Set(loose.flatMap(([k]) => k.split("|")));
        expect([...counts.entries()].filter(([k]) => looseCodes.has(k)).reduce((n, [, v]) => n + v, 0)).toBe(looseTotal);
        expect(counts.get("server/error") ?? 0).toBe(0);
      }
      // A frame over API Gateway's message limit closes that connection (1009), nothing else.
      const big = clients[0];
      const closed = new Promise<number>((r) => big.ws.once("close", (code) => r(code)));
      big.ws.send("x".repeat(200 * 1024));
      expect(await closed).toBe(1009);
      for (const c of clients) c.ws.close();

      // The other rooms played on throughout and still agree move for move.
      await waitFor(() => played(a1) + played(a2) > startMoves + 20, "rooms kept playing");
      play.stop();
      await waitFor(() => [a1, b1, a2, b2].every((p) => p.view().unsent === 0) && a1.view().applied === b1.view().applied && a2.view().applied === b2.view().applied, "settled");
      expect(Array.from(a1.view().game.state!.buf)).toEqual(Array.from(b1.view().game.state!.buf));
      expect(Array.from(a2.view().game.state!.buf)).toEqual(Array.from(b2.view().game.state!.buf));
      const res = await fetch(ts.server.url);
      expect(res.status).toBe(200);
    } finally {
      play.stop();
      for (const p of [a1, b1, a2, b2]) p.session.dispose();
    }
  });

  test("a malicious peer's forged, replayed, mis-sealed and illegal boxes are refused by the receiver", async () => {
    const room = newRoom();
    const alice = player(ts.server.wsUrl, room.keys, "create", { name: "Alice" }, { setup: { game: "togyz", options: {}, bestOf: 1 } });
    alice.session.subscribe((e) => {
      if (e.type === "request") alice.session.answerJoin(e.request.reqId, true);
    });
    await waitFor(() => alice.view().status === "seated" && alice.view().game.settings !== null, "alice seated");
    const rejected: string[] = [];
    alice.session.subscribe((e) => {
      if (e.type === "rejected") rejected.push(e.code);
    });
    // Mallory has the code (she is the invited friend) but speaks the protocol by hand.
    const ws = new WebSocket(`${ts.server.wsUrl}?v=1`);
    const got: Record<string, unknown>[] = [];
    ws.on("message", (d) => got.push(JSON.parse(d.toString()) as Record<string, unknown>));
    await new Promise((r) => ws.once("open", r));
    const send = (m: object): void => ws.send(JSON.stringify(m));
    const secret = generateSecret();
    send({ type: "room.join", rid: 1, roomId: room.keys.roomId, secret, request: sealBox(room.keys.key, { seat: 1, seq: 0, kind: "request", body: { name: "Mallory" } }) });
    await waitFor(() => got.some((m) => m.type === "room.joined"), "mallory seated");
    let cseq = 0;
    const relay = async (box: string, kind: "game" | "chat" = "game"): Promise<void> => {
      cseq++;
      const n = got.length;
      send({ type: "relay", rid: 100 + cseq, cseq, kind, box });
      await waitFor(() => got.slice(n).some((m) => m.rid === 100 + cseq), "ack");
    };
    const key = room.keys.key;
    await relay(sealBox(key, { seat: 1, seq: 1, kind: "game", body: { t: "profile", name: "Mallory" } }));
    await waitFor(() => alice.view().game.profiles[1]?.name === "Mallory", "profile applied");
    const wrongKey = new Uint8Array(32).fill(7);
    await relay(sealBox(wrongKey, { seat: 1, seq: 2, kind: "game", body: { t: "chat", text: "forged" } })); // crypto/bad_box
    await relay(sealBox(key, { seat: 1, seq: 1, kind: "game", body: { t: "profile", name: "Replayed" } })); // crypto/replay
    await relay(sealBox(key, { seat: 0, seq: 50, kind: "game", body: { t: "profile", name: "Alice?" } })); // crypto/wrong_seat
    await relay(sealBox(key, { seat: 1, seq: 3, kind: "chat", body: { t: "chat", text: "kind lie" } }), "game"); // peer/invalid
    await relay(sealBox(key, { seat: 1, seq: 4, kind: "game", body: { t: "move", series: 0, game: 0, ply: 0, move: 5 } })); // not her turn
    await relay(sealBox(key, { seat: 1, seq: 5, kind: "game", body: { t: "setup", game: "ayo", options: {}, bestOf: 1 } })); // only seat 0
    await relay(sealBox(key, { seat: 1, seq: 6, kind: "game", body: { t: "nonsense" } })); // peer/invalid
    await waitFor(() => rejected.length === 7, "seven refusals");
    expect(rejected).toEqual(["crypto/bad_box", "crypto/replay", "crypto/wrong_seat", "peer/invalid", "peer/illegal", "peer/illegal", "peer/invalid"]);
    expect(alice.view().game.profiles[1]?.name).toBe("Mallory");
    expect(alice.view().game.settings?.game).toBe("togyz");
    expect(alice.view().game.moves).toHaveLength(0);
    expect(alice.view().game.chat).toHaveLength(0);
    // Alice plays on regardless.
    expect(alice.session.move(1).ok).toBe(true);
    await waitFor(() => alice.view().game.moves.length === 1, "alice's move applied");
    ws.close();
    alice.session.dispose();
  });

  test("no stored item holds a friend game's chat, names or moves in plaintext", async () => {
    const names: [string, string] = ["Zanzibar Quokka", "Wilhelmina Ptarmigan"];
    const [a, b, room] = await pair("tsoro-wta", names);
    try {
      const chatText = "meet me by the old baobab at dawn";
      a.session.chat(chatText);
      b.session.chat("bring the golden seeds");
      await playMoves(a, b, 12, rng(4));
      await waitFor(() => b.view().game.chat.length === 2 && a.view().unsent === 0 && b.view().unsent === 0, "chat delivered");
      const moves = a.view().game.moves;
      expect(moves.length).toBe(12);

      const db = documentClient(readConfig());
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await db.send(new ScanCommand({ TableName: readConfig().tableName, ExclusiveStartKey: start }));
        items.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start !== undefined);
      const roomItems = items.filter((it) => String(it.pk) === `ROOM#${room.keys.roomId}`);
      expect(roomItems.length).toBeGreaterThan(12);
      const everything = JSON.stringify(items);
      const needles = [chatText, "golden seeds", ...names, ...names.map((n) => n.split(" ")[0]), "baobab", "tsoro-wta", '"t":"move"', '"move"', '"chat"'.replace("chat", "text")];
      for (const n of needles) expect(everything).not.toContain(n);
      // Decoded boxes are ciphertext: none of the text shows up in their bytes either.
      const dec = new TextDecoder("latin1");
      for (const it of roomItems.filter((i) => typeof i.box === "string")) {
        const bytes = parseBase64Url(String(it.box));
        expect(bytes).not.toBeNull();
        const text = dec.decode(bytes!);
        for (const n of [chatText, ...names]) expect(text).not.toContain(n);
        // …and only the room key opens them.
        expect(openBox(room.keys.key, String(it.box)).ok).toBe(true);
        expect(openBox(new Uint8Array(32), String(it.box)).ok).toBe(false);
      }
      // No attribute carries a move list or a position.
      for (const it of roomItems) for (const k of Object.keys(it)) expect(["moves", "move", "board", "state", "name", "text", "game"]).not.toContain(k);
      // The room id is all the server knows of the code.
      expect(everything).not.toContain(room.code);
    } finally {
      a.session.dispose();
      b.session.dispose();
    }
  });
});
