/**
 * API Gateway's connection limits, emulated with short settings: a WebSocket closes after the idle
 * timeout (a message keeps it open) and after the longest connection time, and an online session
 * simply reconnects and carries on.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import { codeOf, newRoom, player, waitFor } from "./players.js";
import { startServer, type RunningServer } from "./server.js";

let server: RunningServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mancala-limits-"));
  server = await startServer({
    port: 0,
    dataDir: dir,
    staticDir: join(dir, "none"),
    quiet: true,
    idleMs: 400,
    maxConnectionMs: 1_500,
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<{ ws: WebSocket; closed: Promise<{ code: number; at: number }>; opened: number }> {
  const ws = new WebSocket(`${server.wsUrl}?v=2`);
  const closed = new Promise<{ code: number; at: number }>((r) =>
    ws.once("close", (code) => r({ code, at: Date.now() })),
  );
  await new Promise((r) => ws.once("open", r));
  return { ws, closed, opened: Date.now() };
}

describe("connection limits", () => {
  test("an idle connection is closed; a talking one lives until the longest connection time", async () => {
    const idle = await open();
    const busy = await open();
    const ping = setInterval(() => busy.ws.send(JSON.stringify({ type: "ping" })), 100);
    try {
      const a = await idle.closed;
      expect(a.code).toBe(1001);
      expect(a.at - idle.opened).toBeGreaterThanOrEqual(400);
      expect(busy.ws.readyState).toBe(WebSocket.OPEN);
      const b = await busy.closed;
      expect(b.code).toBe(1001);
      expect(b.at - busy.opened).toBeGreaterThanOrEqual(1_500);
    } finally {
      clearInterval(ping);
    }
  });

  test("a session rides over the gateway closing its connection", async () => {
    const alice = player(
      server.wsUrl,
      newRoom().code,
      "create",
      { name: "Alice" },
      { setup: { game: "ayo", options: {}, bestOf: 1 } },
    );
    alice.session.subscribe((e) => {
      if (e.type === "request") alice.session.answerJoin(e.request.reqId, true);
    });
    const bob = player(server.wsUrl, await codeOf(alice), "join", { name: "Bob" });
    try {
      await waitFor(
        () => alice.view().status === "seated" && alice.view().game.settings !== null && bob.view().status === "seated",
        "seated",
      );
      await waitFor(() => alice.sockets.length >= 3, "closed twice and back", 10_000);
      await waitFor(() => alice.view().connected && alice.view().status === "seated", "connected again");
      expect(alice.session.chat("still here").ok).toBe(true);
      await waitFor(() => alice.view().game.chat.length === 1, "chat went through");
    } finally {
      alice.session.dispose();
      bob.session.dispose();
    }
  });
});
