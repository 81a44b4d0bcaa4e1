/**
 * Per-address limits count per network: every address of one IPv6 /64 shares one budget, and an
 * IPv4 peer is one network whether a socket reports it plain or IPv4-mapped. Over real WebSockets
 * and HTTP against the local server, which is told (a test-only `sourceOf`) to read each request's
 * source address from a header of this file's choosing, since loopback binds only one IPv6 address.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import { API_PATHS } from "../../core/protocol/api.js";
import { LOCATOR_COUNT, startGuestHandshake } from "../../core/crypto/index.js";
import {
  LOOKUP_LIMIT,
  LOOKUP_WINDOW_MS,
  PROTOCOL_VERSION,
  ROOM_CREATE_LIMIT,
  ROOM_CREATE_WINDOW_MS,
} from "../../core/protocol/friend.js";
import { SUGGESTION_RATE } from "../suggestions/suggestions.js";
import { generateCode } from "../../core/crypto/index.js";
import { socketSource } from "./gateway.js";
import { startServer, type RunningServer } from "./server.js";

const SOURCE_HEADER = "x-test-source-ip";
const sourceOf = (req: IncomingMessage): string => {
  const h = req.headers[SOURCE_HEADER];
  return typeof h === "string" ? h : socketSource(req);
};

const RAISED = ["FRIEND_ROOM_LIMIT", "FRIEND_LOOKUP_LIMIT"] as const;
const kept = new Map<string, string | undefined>();
let server: RunningServer;
const dir = mkdtempSync(join(tmpdir(), "mancala-network-"));
beforeAll(async () => {
  for (const k of RAISED) {
    kept.set(k, process.env[k]);
    delete process.env[k]; // the deployed limits, not the test configuration's raised ones
  }
  server = await startServer({
    port: 0,
    dataDir: join(dir, "data"),
    staticDir: join(dir, "none"),
    quiet: true,
    sourceOf,
  });
});
afterAll(async () => {
  await server?.close();
  for (const [k, v] of kept) if (v !== undefined) process.env[k] = v;
  rmSync(dir, { recursive: true, force: true });
});

/** A random address in the /64 `prefix` (four groups), written in one of its many forms. */
function inNetwork(prefix: string): string {
  const b = randomBytes(8);
  const groups = [0, 2, 4, 6].map((i) => b.readUInt16BE(i).toString(16));
  if (b[0] % 3 === 0) groups[1] = "0";
  const text = `${prefix}:${groups.join(":")}`.replace(/:0:/, "::"); // the prefixes here hold no zero group
  return b[1] % 2 === 0 ? text.toUpperCase() : text;
}

/** One request on a fresh connection from `source`: the answer to `msg`. */
async function once(source: string, msg: object): Promise<Record<string, unknown>> {
  const ws = new WebSocket(`${server.wsUrl}?v=${PROTOCOL_VERSION}`, { headers: { [SOURCE_HEADER]: source } });
  try {
    await new Promise<void>((res, rej) => {
      ws.once("open", () => res());
      ws.once("error", rej);
    });
    const answer = new Promise<Record<string, unknown>>((res) =>
      ws.on("message", (d) => {
        const m = JSON.parse(d.toString()) as Record<string, unknown>;
        if (m.rid === 1) res(m);
      }),
    );
    ws.send(JSON.stringify({ ...msg, rid: 1 }));
    return await answer;
  } finally {
    ws.close();
  }
}

const create = (): object => ({
  type: "room.create",
  roomId: randomBytes(32).toString("base64url"),
  secret: "s".repeat(43),
});
const lookUp = (): object => {
  const hs = startGuestHandshake(generateCode());
  return { type: "join.hello", loc: Math.floor(Math.random() * LOCATOR_COUNT), sid: hs.sid, msg: hs.msg };
};

/**
 * The limits are fixed windows on the clock: a burst that straddles a window's end would start
 * afresh in the next one. Waits, when the window ends within `needMs`, until the next has begun.
 */
async function clearOfWindowEnd(windowMs: number, needMs = 90_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 50));
}

describe("limits per network", () => {
  test(`${ROOM_CREATE_LIMIT + 1} rooms from as many addresses of one /64: the last is refused; another /64 is not`, async () => {
    await clearOfWindowEnd(ROOM_CREATE_WINDOW_MS);
    const codes: unknown[] = [];
    for (let i = 0; i < ROOM_CREATE_LIMIT; i++) codes.push((await once(inNetwork("2001:db8:aa:1"), create())).type);
    expect(codes.slice(0, ROOM_CREATE_LIMIT)).toEqual(Array(ROOM_CREATE_LIMIT).fill("room.created"));
    expect(await once(inNetwork("2001:db8:aa:1"), create())).toMatchObject({ type: "error", code: "rate/rooms" });
    expect((await once(inNetwork("2001:db8:aa:2"), create())).type).toBe("room.created");
  }, 180_000);

  test(`${LOOKUP_LIMIT} look-ups from addresses of one /64 spend its budget; the next, from a new address of it, is refused`, async () => {
    await clearOfWindowEnd(LOOKUP_WINDOW_MS);
    const refused: unknown[] = [];
    for (let i = 0; i < LOOKUP_LIMIT; i++) {
      const a = await once(inNetwork("2001:db8:bb:1"), lookUp());
      if (a.code === "rate/lookups") refused.push(i);
    }
    expect(refused).toEqual([]);
    expect(await once(inNetwork("2001:db8:bb:1"), lookUp())).toMatchObject({ code: "rate/lookups" });
    expect(await once(inNetwork("2001:db8:bb:9"), lookUp())).not.toMatchObject({ code: "rate/lookups" });
  }, 180_000);

  test("an IPv4 peer reported plain and IPv4-mapped is one network", async () => {
    for (let i = 0; i < ROOM_CREATE_LIMIT; i++) {
      const source = i % 2 === 0 ? "198.51.100.20" : "::ffff:198.51.100.20";
      expect((await once(source, create())).type).toBe("room.created");
    }
    expect(await once("::ffff:c633:6414", create())).toMatchObject({ code: "rate/rooms" });
    expect((await once("198.51.100.21", create())).type).toBe("room.created");
  });

  test(`suggestions over HTTP from 20 addresses of one /64: ${SUGGESTION_RATE.perWindow} accepted`, async () => {
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await fetch(new URL(API_PATHS.suggestions, server.url), {
        method: "POST",
        headers: { "content-type": "application/json", [SOURCE_HEADER]: inNetwork("2001:db8:cc:1") },
        body: JSON.stringify({ text: `idea number ${i}` }),
      });
      codes.push(r.status);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(SUGGESTION_RATE.perWindow);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - SUGGESTION_RATE.perWindow);
  });
});
