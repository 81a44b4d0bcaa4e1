/**
 * Seat and connection hygiene and floods, over real WebSockets against the local server:
 * a connection whose seat moved to a newer one is closed and loses every room power; the emulated
 * `@connections` API is not on the public port; a socket that sends no request head is closed after
 * the header timeout; floods are limited per connection, per source address and per identity (a
 * player with several connections), and a refused message writes nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { connect as tcp } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { makeDeviceKeys, signChallenge } from "../../core/identity.js";
import { PROTOCOL_VERSION } from "../../core/protocol/friend.js";
import { ADDRESS_LIMIT, IDENTITY_LIMIT } from "../lib/flood.js";
import { documentClient, readConfig } from "../lib/config.js";
import { codeOf, newRoom, player, waitFor } from "./players.js";
import { startServer, type RunningServer } from "./server.js";

let server: RunningServer;
const dir = mkdtempSync(join(tmpdir(), "mancala-hygiene-"));
beforeAll(async () => {
  server = await startServer({
    port: 0,
    dataDir: dir,
    quiet: true,
    staticDir: join(dir, "none"),
    headerTimeoutMs: 300,
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Raw {
  readonly ws: WebSocket;
  readonly got: Record<string, unknown>[];
  readonly closed: Promise<number>;
  send(m: object): void;
}

async function raw(): Promise<Raw> {
  const ws = new WebSocket(`${server.wsUrl}?v=${PROTOCOL_VERSION}`);
  const got: Record<string, unknown>[] = [];
  ws.on("message", (d) => got.push(JSON.parse(d.toString()) as Record<string, unknown>));
  const closed = new Promise<number>((r) => ws.once("close", (code) => r(code)));
  await new Promise<void>((res, rej) => {
    ws.once("open", () => res());
    ws.once("error", rej);
  });
  return { ws, got, closed, send: (m) => ws.send(JSON.stringify(m)) };
}

async function itemCount(): Promise<number> {
  const r = await documentClient(readConfig()).send(
    new ScanCommand({ TableName: readConfig().tableName, Select: "COUNT" }),
  );
  return r.Count ?? 0;
}

describe("seats and connections", () => {
  test("a connection superseded by a newer one of the same seat is told, closed, and can do nothing in the room", async () => {
    const owner = player(
      server.wsUrl,
      newRoom().code,
      "create",
      { name: "Owner" },
      { setup: { game: "ayo", options: {}, bestOf: 1 } },
    );
    owner.session.subscribe((e) => {
      if (e.type === "request") owner.session.answerJoin(e.request.reqId, true);
    });
    const code = await codeOf(owner);
    const guest = player(server.wsUrl, code, "join", { name: "Guest" });
    try {
      await waitFor(() => guest.view().status === "seated" && owner.view().game.profiles[1] !== null, "pair seated");
      // The guest's seat, taken by hand on an old connection, then over by the guest's session again.
      const old = await raw();
      old.send({ type: "room.join", rid: 1, roomId: guest.session.roomId, secret: guest.session.secret });
      await waitFor(() => old.got.some((m) => m.type === "room.joined"), "old connection seated");
      const joined = old.got.find((m) => m.type === "room.joined")!;
      await waitFor(() => guest.view().status === "moved", "the session's connection was superseded");
      const again = player(
        server.wsUrl,
        code,
        "join",
        { name: "Guest" },
        { roomId: guest.session.roomId, secret: guest.session.secret, key: guest.session.key! },
      );
      try {
        await waitFor(() => again.view().status === "seated", "the guest is back");
        await waitFor(
          () => old.got.some((m) => m.type === "error" && m.code === "room/seat_moved"),
          "old connection told",
        );
        expect(await old.closed).toBe(1000);
        // Its token is worth nothing on any connection: a new socket with it relays nothing.
        const thief = await raw();
        thief.send({
          type: "relay",
          rid: 2,
          room: guest.session.roomId,
          seat: 1,
          via: String(joined.via),
          tok: String(joined.token),
          seq: 1_000,
          cseq: 1_000,
          prev: { sent: [0, 0], proof: "P".repeat(43) },
          kind: "game",
          box: "B".repeat(64),
        });
        thief.send({ type: "sync", rid: 3, after: 0 });
        thief.send({ type: "join.answer", rid: 4, reqId: "abcdefghijkl", approve: true });
        await waitFor(() => thief.got.length === 3, "three answers");
        const byRid = new Map(thief.got.map((m) => [m.rid, m]));
        expect(byRid.get(2)).toMatchObject({ type: "error", code: "room/not_seated" });
        expect(byRid.get(3)).toMatchObject({ type: "error", code: "room/not_seated" });
        expect(byRid.get(4)).toMatchObject({ type: "error", code: "room/not_seated" });
        thief.ws.close();
        expect(again.session.chat("still me").ok).toBe(true);
        await waitFor(
          () => owner.view().game.chat.some((c) => c.text === "still me"),
          "the seat works from the new connection",
        );
      } finally {
        again.session.dispose();
      }
    } finally {
      owner.session.dispose();
      guest.session.dispose();
    }
  });

  test("forged relays for the other seat are refused on their token and take nothing from that seat's limit", async () => {
    const owner = player(
      server.wsUrl,
      newRoom().code,
      "create",
      { name: "Owner" },
      { setup: { game: "ayo", options: {}, bestOf: 1 } },
    );
    owner.session.subscribe((e) => {
      if (e.type === "request") owner.session.answerJoin(e.request.reqId, true);
    });
    const code = await codeOf(owner);
    const guest = player(server.wsUrl, code, "join", { name: "Guest" });
    const forgers = await Promise.all(Array.from({ length: 3 }, () => raw()));
    try {
      await waitFor(() => guest.view().status === "seated" && owner.view().game.profiles[1] !== null, "pair seated");
      const roomId = owner.session.roomId;
      // More forged frames for seat 0 than its identity bucket holds, each under its connection's own limit.
      const perConn = Math.ceil((IDENTITY_LIMIT + 40) / forgers.length);
      for (let i = 0; i < perConn; i++) {
        for (const f of forgers)
          f.send({
            type: "relay",
            rid: i,
            room: roomId,
            seat: 0,
            via: "",
            tok: "A".repeat(43),
            seq: 1_000 + i,
            cseq: 1_000 + i,
            prev: { sent: [0, 0], proof: "P".repeat(43) },
            kind: "chat",
            box: "B".repeat(64),
          });
      }
      await waitFor(() => forgers.every((f) => f.got.length === perConn), "an answer to every forged frame", 30_000);
      for (const f of forgers)
        expect(f.got.every((m) => m.type === "error" && m.code === "room/not_seated")).toBe(true);
      // Before the token was checked first, the frames past the seat's burst came back "rate/limited
      // for this player" and the real owner's next relays with them. Now the seat relays as before.
      const errors: string[] = [];
      owner.session.subscribe((e) => {
        if (e.type === "error") errors.push(e.code);
      });
      expect(owner.session.chat("after the forgeries").ok).toBe(true);
      await waitFor(
        () => guest.view().game.chat.some((c) => c.text === "after the forgeries"),
        "the owner's chat arrives",
      );
      expect(errors).not.toContain("rate/limited");
    } finally {
      for (const f of forgers) f.ws.close();
      owner.session.dispose();
      guest.session.dispose();
    }
  });

  test("the @connections API is not reachable on the public port", async () => {
    const victim = await raw();
    const list = await documentClient(readConfig()).send(new ScanCommand({ TableName: readConfig().tableName }));
    const id = (list.Items ?? []).map((i) => String(i.connectionId ?? "")).find((x) => x !== "")!;
    const base = server.url.replace(/\/$/, "");
    for (const method of ["POST", "GET", "DELETE"]) {
      const r = await fetch(`${base}/@connections/${encodeURIComponent(id)}`, {
        method,
        ...(method === "POST" ? { body: '{"type":"pwned"}' } : {}),
      });
      // Whatever the public port answers (the client's page, or an error), it is not the management API.
      expect(r.headers.get("content-type") ?? "").not.toContain("application/json");
      expect(await r.text()).not.toContain("connectedAt");
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(victim.got).toEqual([]);
    expect(victim.ws.readyState).toBe(WebSocket.OPEN);
    victim.ws.close();
  });

  test("a socket that sends no request head is closed after the header timeout", async () => {
    const port = Number(new URL(server.url).port);
    const silent = tcp(port, "127.0.0.1");
    const half = tcp(port, "127.0.0.1");
    half.on("connect", () => half.write("GET /ws HTTP/1.1\r\nHost: x\r\n"));
    const t0 = Date.now();
    const closedAt = (s: typeof silent): Promise<number> =>
      new Promise((r) => s.once("close", () => r(Date.now() - t0)));
    const [a, b] = await Promise.all([closedAt(silent), closedAt(half)]);
    expect(a).toBeLessThan(3_000);
    expect(b).toBeLessThan(3_000);
    expect(a).toBeGreaterThanOrEqual(250);
  });
});

describe("floods", () => {
  test("ten connections from one address sending 1,000 messages each in a second: the address limit holds, and refusals write nothing", async () => {
    const clients = await Promise.all(Array.from({ length: 10 }, () => raw()));
    const before = await itemCount();
    const t0 = Date.now();
    for (let i = 0; i < 1_000; i++) for (const c of clients) c.send({ type: "ping", rid: i });
    await waitFor(() => clients.every((c) => c.got.length === 1_000), "an answer to every frame", 30_000);
    const seconds = (Date.now() - t0) / 1000;
    const pongs = clients.reduce((n, c) => n + c.got.filter((m) => m.type === "pong").length, 0);
    const limited = clients.reduce(
      (n, c) => n + c.got.filter((m) => m.type === "error" && m.code === "rate/limited").length,
      0,
    );
    expect(pongs + limited).toBe(10_000);
    // The burst of the address, plus what refilled while the frames were answered.
    expect(pongs).toBeLessThanOrEqual(ADDRESS_LIMIT + Math.ceil((seconds * ADDRESS_LIMIT) / 10) + 10);
    expect(pongs).toBeGreaterThanOrEqual(100);
    expect(
      clients.some((c) => c.got.some((m) => typeof m.message === "string" && m.message.includes("from this network"))),
    ).toBe(true);
    expect(await itemCount()).toBe(before);
    for (const c of clients) c.ws.close();
  });

  test("one player on several connections is limited as one identity", async () => {
    await new Promise((r) => setTimeout(r, 10_500)); // the address bucket refills after the last test
    const keys = makeDeviceKeys();
    const conns = await Promise.all(Array.from({ length: 4 }, () => raw()));
    for (const c of conns) {
      c.send({ type: "auth.hello", rid: "h", playerId: keys.playerId });
      await waitFor(() => c.got.some((m) => m.type === "auth.challenge"), "challenge");
      const ch = c.got.find((m) => m.type === "auth.challenge")!;
      c.send({ type: "auth.prove", rid: "p", signature: signChallenge(keys, String(ch.challenge)) });
      await waitFor(() => c.got.some((m) => m.rid === "p"), "proved");
      c.got.length = 0;
    }
    // 4 × 90 messages: each connection stays under its own limit, the player does not. A ping is
    // answered before the connection is read (no store call), so only the connection's and the
    // network's buckets count it; the probe is a message that reads the connection and so names the
    // player: a cancel with no seek.
    for (let i = 0; i < 90; i++) for (const c of conns) c.send({ type: "ranked.cancel", rid: `c${i}` });
    await waitFor(() => conns.every((c) => c.got.length === 90), "answers", 30_000);
    const pongs = conns.reduce((n, c) => n + c.got.filter((m) => m.code !== "rate/limited").length, 0);
    expect(pongs).toBeLessThan(4 * 90);
    expect(pongs).toBeLessThanOrEqual(IDENTITY_LIMIT + 40);
    expect(
      conns.some((c) => c.got.some((m) => typeof m.message === "string" && m.message.includes("for this player"))),
    ).toBe(true);
    for (const c of conns) c.ws.close();
  }, 60_000);
});
