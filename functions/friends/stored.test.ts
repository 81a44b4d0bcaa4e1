/**
 * What the table holds after a whole friend game over real WebSockets against the local server:
 * no stored item holds the game's content or any value computable from the room code.
 */
import { describe, expect, test } from "vitest";
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
  parseBase64Url,
} from "../../core/crypto/index.js";
import { documentClient, readConfig } from "../lib/config.js";
import { codeOf, newRoom, player, playMoves, rng, waitFor } from "../local/players.js";
import { useTestServer } from "./testing/rigs.js";

const ts = useTestServer();

describe("nothing readable in the table", () => {
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
