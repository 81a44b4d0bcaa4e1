/**
 * Hostile input over real WebSockets: at least 10,000 malformed, oversized and out-of-state frames
 * get one clear error each and crash nothing while two other rooms keep playing; a malicious peer's
 * forged, replayed and illegal boxes are refused by the receiving client; and a scan of every stored
 * item after a whole game finds none of its content, and no value computable from the code alone.
 */
import { describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { scrypt } from "@noble/hashes/scrypt.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256, sha512 } from "@noble/hashes/sha2.js";
import {
  CODE_ALPHABET,
  PASSWORD_BITS,
  calculateGenerator,
  makeBase64Url,
  makeCode,
  openBox,
  sealBox,
  generateSecret,
  parseBase64Url,
} from "../../core/crypto/index.js";
import { legalMoves } from "../../core/games/index.js";
import { seatToMove } from "../../core/online/friend/game.js";
import { MAX_FRAME_BYTES } from "../../core/protocol/envelope.js";
import { documentClient, readConfig } from "../lib/config.js";
import { codeOf, newRoom, player, playMoves, rng, waitFor, type Player } from "../local/players.js";
import { useTestServer } from "./testing/rigs.js";

const ts = useTestServer();

async function pair(
  game: "togyz" | "ayo" | "tsoro-wta",
  names: [string, string] = ["Alice", "Bob"],
  avatars: [string?, string?] = [],
): Promise<[Player, Player, string]> {
  const a = player(
    ts.url,
    newRoom().code,
    "create",
    { name: names[0], ...(avatars[0] !== undefined ? { avatar: avatars[0] } : {}) },
    { setup: { game, options: {}, bestOf: 7 } },
  );
  a.session.subscribe((e) => {
    if (e.type === "request") a.session.answerJoin(e.request.reqId, true);
  });
  const code = await codeOf(a);
  const b = player(ts.url, code, "join", {
    name: names[1],
    ...(avatars[1] !== undefined ? { avatar: avatars[1] } : {}),
  });
  await waitFor(
    () => b.view().status === "seated" && a.view().game.profiles[1] !== null && b.view().game.profiles[0] !== null,
    "pair seated",
  );
  return [a, b, code];
}

function autoplay(ps: Player[], rand: () => number): { stop(): void } {
  let on = true;
  const tick = (): void => {
    if (!on) return;
    for (const p of ps) {
      const v = p.view();
      if (
        v.status === "seated" &&
        v.unsent === 0 &&
        v.seat !== null &&
        seatToMove(v.game) === v.seat &&
        v.game.state !== null
      ) {
        const moves = legalMoves(v.game.state);
        p.session.move(moves[Math.floor(rand() * moves.length)]);
      }
    }
    setTimeout(tick, 3);
  };
  tick();
  return { stop: () => (on = false) };
}

const played = (p: Player): number =>
  p.view().game.finished.reduce((n, f) => n + f.moves.length, 0) + p.view().game.moves.length;

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
    () => ({
      frame: JSON.stringify({ type: "relay", rid, cseq: 1, kind: "game", box: "A".repeat(MAX_FRAME_BYTES) }),
      codes: ["proto/too_large"],
    }),
    () => ({ frame: JSON.stringify({ type: "room.nuke", rid }), codes: ["proto/unknown_type"] }),
    () => ({
      frame: JSON.stringify({ type: "relay", rid, cseq: -1, kind: "game", box: "x" }),
      codes: ["proto/invalid"],
    }),
    () => ({
      frame: JSON.stringify({ type: "room.join", rid, roomId: "short", secret: "s", request: "r" }),
      codes: ["proto/invalid"],
    }),
    () => ({ frame: JSON.stringify({ type: "sync", rid, after: "everything" }), codes: ["proto/invalid"] }),
    () => ({
      frame: JSON.stringify({ type: "room.create", rid, roomId, secret: generateSecret(), extra: 1 }),
      codes: ["proto/invalid"],
    }),
    // Out of state: well-formed, but this connection holds no seat / the room does not exist.
    () => ({
      frame: JSON.stringify({
        type: "relay",
        rid,
        room: roomId,
        seat: 0,
        via: "",
        tok: "T".repeat(43),
        seq: 1,
        cseq: 1,
        prev: { sent: [0, 0], proof: "P".repeat(43) },
        kind: "game",
        box: "B".repeat(64),
      }),
      codes: ["room/not_seated", "rate/limited"],
    }),
    () => ({ frame: JSON.stringify({ type: "sync", rid, after: 0 }), codes: ["room/not_seated", "rate/limited"] }),
    () => ({
      frame: JSON.stringify({ type: "join.answer", rid, reqId: "abcdefghijkl", approve: true }),
      codes: ["room/not_seated", "rate/limited"],
    }),
    () => ({
      frame: JSON.stringify({ type: "room.join", rid, roomId: "Z".repeat(43), secret: generateSecret() }),
      codes: ["room/not_found", "rate/limited"],
    }),
    () => ({
      frame: JSON.stringify({ type: "room.join", rid, roomId, secret: generateSecret() }),
      codes: ["room/no_seat", "rate/limited"],
    }),
  ];
  // Each malformed kind three times per cycle, each out-of-state kind once (those cost store reads).
  const cycle = [...kinds.slice(0, 12), ...kinds.slice(0, 12), ...kinds.slice(0, 12), ...kinds.slice(12)];
  return cycle[i % cycle.length]();
}

describe("hostile input", () => {
  test("10,200 bad frames: a clear error for each, no crash, and two other rooms keep playing", async () => {
    const [a1, b1] = await pair("togyz");
    const [a2, b2] = await pair("ayo");
    const play = autoplay([a1, b1, a2, b2], rng(1));
    const CONNS = 12;
    const PER = 850;
    try {
      const startMoves = played(a1) + played(a2);
      const clients = await Promise.all(
        Array.from({ length: CONNS }, async () => {
          const ws = new WebSocket(`${ts.url}?v=2`);
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
          const { frame, codes } = badFrames(k * CONNS + ci, a1.session.roomId);
          expected[ci].push(codes);
          c.ws.send(frame);
        });
        if (k % 50 === 49) await new Promise((r) => setTimeout(r, 5));
      }
      const total = CONNS * PER;
      expect(total).toBeGreaterThanOrEqual(10_000);
      await waitFor(
        () => clients.every((c, ci) => c.got.length >= expected[ci].length),
        "an answer to every frame",
        90_000,
      );
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
        expect([...counts.entries()].filter(([k]) => looseCodes.has(k)).reduce((n, [, v]) => n + v, 0)).toBe(
          looseTotal,
        );
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
      await waitFor(
        () =>
          [a1, b1, a2, b2].every((p) => p.view().unsent === 0) &&
          a1.view().applied === b1.view().applied &&
          a2.view().applied === b2.view().applied,
        "settled",
      );
      expect(Array.from(a1.view().game.state!.buf)).toEqual(Array.from(b1.view().game.state!.buf));
      expect(Array.from(a2.view().game.state!.buf)).toEqual(Array.from(b2.view().game.state!.buf));
      const res = await fetch(ts.ts.server.url);
      expect(res.status).toBe(200);
    } finally {
      play.stop();
      for (const p of [a1, b1, a2, b2]) p.session.dispose();
    }
  });

  test("a malicious peer's forged, replayed, mis-sealed and illegal boxes are refused by the receiver", async () => {
    const alice = player(
      ts.url,
      newRoom().code,
      "create",
      { name: "Alice" },
      { setup: { game: "togyz", options: {}, bestOf: 1 } },
    );
    alice.session.subscribe((e) => {
      if (e.type === "request") alice.session.answerJoin(e.request.reqId, true);
    });
    // Mallory has the code (she is the invited friend): she joins, then speaks the protocol by hand
    // with what the exchange gave her device.
    const joined = player(ts.url, await codeOf(alice), "join", { name: "Mallory" });
    await waitFor(
      () =>
        joined.view().status === "seated" &&
        alice.view().game.settings !== null &&
        alice.view().game.profiles[1] !== null,
      "mallory seated",
    );
    const mine = { roomId: joined.session.roomId, secret: joined.session.secret, key: joined.session.key! };
    const sentBefore = joined.session.snapshot().nextCseq - 1;
    joined.session.dispose();
    const rejected: string[] = [];
    alice.session.subscribe((e) => {
      if (e.type === "rejected") rejected.push(e.code);
    });
    const ws = new WebSocket(`${ts.url}?v=2`);
    const got: Record<string, unknown>[] = [];
    ws.on("message", (d) => got.push(JSON.parse(d.toString()) as Record<string, unknown>));
    await new Promise((r) => ws.once("open", r));
    const send = (m: object): void => ws.send(JSON.stringify(m));
    send({ type: "room.join", rid: 1, roomId: mine.roomId, secret: mine.secret });
    await waitFor(() => got.some((m) => m.type === "room.joined"), "mallory back in her seat");
    const joinedMsg = got.find((m) => m.type === "room.joined")!;
    // The log's head as the server proves it: from the join, then from each acknowledgement.
    let head = joinedMsg.head as { seq: number; sent: [number, number]; proof: string };
    let cseq = head.sent[1];
    expect(cseq).toBe(sentBefore);
    const relay = async (box: string, kind: "game" | "chat" = "game"): Promise<void> => {
      cseq++;
      const n = got.length;
      send({
        type: "relay",
        rid: 100 + cseq,
        room: mine.roomId,
        seat: 1,
        via: joinedMsg.via,
        tok: joinedMsg.token,
        seq: head.seq + 1,
        cseq,
        prev: { sent: head.sent, proof: head.proof },
        kind,
        box,
      });
      await waitFor(() => got.slice(n).some((m) => m.rid === 100 + cseq && m.type === "relay.ack"), "ack");
      const ack = got.slice(n).find((m) => m.rid === 100 + cseq && m.type === "relay.ack")!;
      head = { seq: Number(ack.seq), sent: ack.sent as [number, number], proof: String(ack.proof) };
    };
    const key = mine.key;
    const n = sentBefore;
    await relay(sealBox(key, { seat: 1, seq: n + 1, kind: "game", body: { t: "profile", name: "Mallory M" } }));
    await waitFor(() => alice.view().game.profiles[1]?.name === "Mallory M", "profile applied");
    const wrongKey = new Uint8Array(32).fill(7);
    await relay(sealBox(wrongKey, { seat: 1, seq: n + 2, kind: "game", body: { t: "chat", text: "forged" } })); // crypto/bad_box
    await relay(sealBox(key, { seat: 1, seq: n + 1, kind: "game", body: { t: "profile", name: "Replayed" } })); // crypto/replay
    await relay(sealBox(key, { seat: 0, seq: 50, kind: "game", body: { t: "profile", name: "Alice?" } })); // crypto/wrong_seat
    await relay(sealBox(key, { seat: 1, seq: n + 3, kind: "chat", body: { t: "chat", text: "kind lie" } }), "game"); // peer/invalid
    await relay(
      sealBox(key, { seat: 1, seq: n + 4, kind: "game", body: { t: "move", series: 0, game: 0, ply: 0, move: 5 } }),
    ); // not her turn
    await relay(
      sealBox(key, { seat: 1, seq: n + 5, kind: "game", body: { t: "setup", game: "ayo", options: {}, bestOf: 1 } }),
    ); // only seat 0
    await relay(sealBox(key, { seat: 1, seq: n + 6, kind: "game", body: { t: "nonsense" } })); // peer/invalid
    await waitFor(() => rejected.length === 7, "seven refusals");
    expect(rejected).toEqual([
      "crypto/bad_box",
      "crypto/replay",
      "crypto/wrong_seat",
      "peer/invalid",
      "peer/illegal",
      "peer/illegal",
      "peer/invalid",
    ]);
    expect(alice.view().game.profiles[1]?.name).toBe("Mallory M");
    expect(alice.view().game.settings?.game).toBe("togyz");
    expect(alice.view().game.moves).toHaveLength(0);
    expect(alice.view().game.chat).toHaveLength(0);
    // Alice plays on regardless.
    expect(alice.session.move(1).ok).toBe(true);
    await waitFor(() => alice.view().game.moves.length === 1, "alice's move applied");
    ws.close();
    alice.session.dispose();
  });

  test("after a whole friend game no stored item holds its content, or any value computable from the code", async () => {
    const names: [string, string] = ["Zanzibar Quokka", "Wilhelmina Ptarmigan"];
    const photo =
      "data:image/png;base64," +
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg";
    const a = player(
      ts.url,
      newRoom().code,
      "create",
      { name: names[0], avatar: photo },
      { setup: { game: "tsoro-classic", options: { holes: 4, seeds: 2 }, bestOf: 1 } },
    );
    a.session.subscribe((e) => {
      if (e.type === "request") a.session.answerJoin(e.request.reqId, true);
    });
    const code = await codeOf(a);
    const b = player(ts.url, code, "join", { name: names[1], avatar: "🦊" });
    try {
      await waitFor(
        () =>
          b.view().status === "seated" &&
          a.view().game.profiles[1] !== null &&
          b.view().game.profiles[0]?.avatar === photo,
        "pair seated, names and photo exchanged",
      );
      const chatText = "meet me by the old baobab at dawn";
      a.session.chat(chatText);
      b.session.chat("bring the golden seeds");
      await playMoves(a, b, 2, rng(4));
      expect(b.session.pause(true).ok).toBe(true);
      await waitFor(() => a.view().game.offers.pause !== null, "pause asked");
      expect(a.session.answer("pause", true).ok).toBe(true);
      await waitFor(() => a.view().game.paused && b.view().game.paused, "paused on both sides");
      expect(a.session.pause(false).ok).toBe(true);
      await waitFor(() => b.view().game.offers.pause !== null, "carry on asked");
      expect(b.session.answer("pause", true).ok).toBe(true);
      await waitFor(() => !a.view().game.paused && !b.view().game.paused, "playing again");
      await playMoves(a, b, 100_000, rng(4));
      expect(a.view().game.series?.over).toBe(true);
      expect(b.session.rematch().ok).toBe(true);
      await waitFor(() => a.view().game.offers.rematch === 1, "rematch offered");
      expect(a.session.answer("rematch", true).ok).toBe(true);
      await waitFor(
        () =>
          a.view().game.seriesNo === 1 &&
          b.view().game.seriesNo === 1 &&
          a.view().unsent === 0 &&
          b.view().unsent === 0,
        "rematch on both sides",
      );
      await waitFor(() => b.view().game.chat.length === 2, "chat delivered");
      const moves = a.view().game.finished.reduce((n, f) => n + f.moves.length, 0);
      expect(moves).toBeGreaterThan(2);

      const db = documentClient(readConfig());
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await db.send(new ScanCommand({ TableName: readConfig().tableName, ExclusiveStartKey: start }));
        items.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start !== undefined);
      const roomItems = items.filter((it) => String(it.pk) === `ROOM#${a.session.roomId}`);
      expect(roomItems.length).toBeGreaterThan(moves);
      const everything = JSON.stringify(items);
      const needles = [
        chatText,
        "golden seeds",
        ...names,
        ...names.map((n) => n.split(" ")[0]),
        photo.slice(22, 60),
        "baobab",
        "tsoro-classic",
        '"t":"move"',
        '"move"',
        '"text"',
      ];
      for (const n of needles) expect(everything).not.toContain(n);
      // Decoded boxes are ciphertext that only the room key (from the exchange) opens.
      const dec = new TextDecoder("latin1");
      for (const it of roomItems.filter((i) => typeof i.box === "string")) {
        const bytes = parseBase64Url(String(it.box));
        expect(bytes).not.toBeNull();
        const text = dec.decode(bytes!);
        for (const n of [chatText, ...names]) expect(text).not.toContain(n);
        expect(openBox(a.session.key!, String(it.box)).ok).toBe(true);
        expect(openBox(new Uint8Array(32), String(it.box)).ok).toBe(false);
      }
      for (const it of roomItems)
        for (const k of Object.keys(it))
          expect(["moves", "move", "board", "state", "name", "text", "game"]).not.toContain(k);

      // Nothing stored is computable from the code alone: not the code, its password, nor any hash,
      // MAC or KDF of them (nor what the old scheme stored: scrypt with a fixed salt), in any encoding.
      const utf = new TextEncoder();
      const pw = Number(
        code.split("").reduce((n, ch) => n * 32n + BigInt(CODE_ALPHABET.indexOf(ch)), 0n) &
          ((1n << BigInt(PASSWORD_BITS)) - 1n),
      );
      const inputs = [code, makeCode(code), code.toLowerCase(), String(pw), code.slice(4), code.slice(3)].map((x) =>
        utf.encode(x),
      );
      inputs.push(Uint8Array.of((pw >> 16) & 255, (pw >> 8) & 255, pw & 255));
      const derived: Uint8Array[] = [];
      for (const x of inputs) {
        derived.push(
          x,
          sha256(x),
          sha512(x),
          hmac(sha256, x, utf.encode("room")),
          hmac(sha256, x, utf.encode("key")),
          hmac(sha512, x, utf.encode("room")),
        );
        const old = scrypt(x, utf.encode("mancala/friend-room/v1"), { N: 2 ** 14, r: 8, p: 1, dkLen: 32 });
        derived.push(old, hmac(sha256, old, utf.encode("room")), hmac(sha256, old, utf.encode("key")));
        derived.push(calculateGenerator(x, new Uint8Array(0), new Uint8Array(0)).toBytes());
      }
      const hexOf = (b: Uint8Array): string => Array.from(b, (v) => v.toString(16).padStart(2, "0")).join("");
      const b64 = (b: Uint8Array): string => Buffer.from(b).toString("base64");
      for (const d of derived) {
        for (const form of [makeBase64Url(d), hexOf(d), b64(d), b64(d).replace(/=+$/, "")]) {
          if (form.length < 6) continue;
          expect(everything).not.toContain(form);
        }
      }
      // The password's bits appear in no stored number either (the locator is the server's own routing key).
      const numbers = everything.match(/-?\d+/g) ?? [];
      expect(numbers.filter((x) => Number(x) === pw)).toEqual([]);
      expect(everything).not.toContain(code);
    } finally {
      a.session.dispose();
      b.session.dispose();
    }
  });
});
