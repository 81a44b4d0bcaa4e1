/**
 * The local gateway's emulation of how a deployed stage refuses and cuts (MANCALA_GW_*): the stage
 * throttle answers with API Gateway's 429 frame, a failed integration with its 500 frame (neither
 * carries the application's request id), a connection is cut at random, and nothing changes unset.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import { NO_FAULTS, readGatewayFaults, readGatewayLimits } from "./gateway.js";
import { startServer, type RunningServer, type ServerOptions } from "./server.js";

let server: RunningServer | null = null;
let dir = "";
async function start(o: ServerOptions): Promise<RunningServer> {
  dir = mkdtempSync(join(tmpdir(), "mancala-faults-"));
  server = await startServer({ port: 0, dataDir: dir, staticDir: join(dir, "none"), quiet: true, ...o });
  return server;
}
afterEach(async () => {
  await server?.close();
  server = null;
  rmSync(dir, { recursive: true, force: true });
});

async function open(s: RunningServer): Promise<{ ws: WebSocket; frames: unknown[]; closed: Promise<number> }> {
  const ws = new WebSocket(`${s.wsUrl}?v=2`);
  const frames: unknown[] = [];
  ws.on("message", (d) => frames.push(JSON.parse(String(d)) as unknown));
  const closed = new Promise<number>((r) => ws.once("close", (code) => r(code)));
  await new Promise((r) => ws.once("open", r));
  return { ws, frames, closed };
}

const waitFor = async (ok: () => boolean, ms = 5_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

const GATEWAY_FRAME =
  /^\{"message": "(Too Many Requests|Internal server error)", "connectionId":"[^"]+", "requestId":"[^"]+"\}$/;

describe("gateway faults", () => {
  test("settings come from MANCALA_GW_*; unset, none", () => {
    expect(readGatewayFaults({})).toEqual(NO_FAULTS);
    expect(readGatewayLimits({})).toEqual({});
    expect(readGatewayFaults({ MANCALA_GW_RATE: "5", MANCALA_GW_FAULTS: "0.05", MANCALA_GW_DROPS: "3" })).toEqual({
      rate: 5,
      burst: 5,
      failures: 0.05,
      dropMeanMs: 3000,
    });
    expect(readGatewayLimits({ MANCALA_GW_IDLE_MS: "2000", MANCALA_GW_MAX_MS: "9000" })).toEqual({
      idleMs: 2000,
      maxConnectionMs: 9000,
    });
    expect(() => readGatewayFaults({ MANCALA_GW_FAULTS: "2" })).toThrow(/fraction/);
    expect(() => readGatewayFaults({ MANCALA_GW_RATE: "fast" })).toThrow(/MANCALA_GW_RATE/);
  });

  test("the throttle answers beyond its burst with API Gateway's frame, without the request id", async () => {
    const s = await start({ faults: { rate: 2, burst: 3 } });
    const c = await open(s);
    for (let i = 0; i < 10; i++) c.ws.send(JSON.stringify({ type: "ping", rid: i }));
    await waitFor(() => c.frames.length >= 10);
    const pongs = c.frames.filter((f) => (f as { type?: string }).type === "pong");
    const refused = c.frames.filter((f) => (f as { message?: string }).message === "Too Many Requests");
    expect(pongs.length).toBeGreaterThanOrEqual(3);
    expect(pongs.length).toBeLessThanOrEqual(4);
    expect(refused.length).toBe(10 - pongs.length);
    for (const f of refused) {
      expect(f).toMatchObject({ connectionId: expect.any(String), requestId: expect.any(String) });
      expect(f).not.toHaveProperty("rid");
    }
    expect(s.stats().faults.throttled).toBe(refused.length);
    c.ws.close();
  });

  test("a fixed share of messages can be throttled at random, whatever the bucket holds", async () => {
    const s = await start({ faults: { throttled: 0.25 } });
    const c = await open(s);
    for (let i = 0; i < 400; i++) c.ws.send(JSON.stringify({ type: "ping", rid: i }));
    await waitFor(() => c.frames.length >= 400);
    const refused = c.frames.filter((f) => (f as { message?: string }).message === "Too Many Requests");
    // Binomial(400, 0.25): 100 ± 8.7; these bounds are more than four standard deviations out.
    expect(refused.length).toBeGreaterThan(60);
    expect(refused.length).toBeLessThan(140);
    expect(s.stats().faults.throttled).toBe(refused.length);
    c.ws.close();
  });

  test("a failed integration answers with the 500 frame; some failures ran the handler first", async () => {
    const s = await start({ faults: { failures: 1 } });
    const c = await open(s);
    const raw: string[] = [];
    c.ws.on("message", (d) => raw.push(String(d)));
    for (let i = 0; i < 20; i++) c.ws.send(JSON.stringify({ type: "ping", rid: i }));
    await waitFor(() => raw.length >= 20);
    for (const f of raw) expect(f).toMatch(GATEWAY_FRAME);
    expect(raw.every((f) => f.startsWith('{"message": "Internal server error"'))).toBe(true);
    expect(s.stats().faults.failed).toBe(20);
    c.ws.close();
  });

  test("connections are cut at random times with the given mean, without a close frame", async () => {
    const s = await start({ faults: { dropMeanMs: 150 } });
    const cuts = await Promise.all([open(s), open(s), open(s)].map(async (p) => (await p).closed));
    expect(cuts.every((code) => code === 1006)).toBe(true);
    expect(s.stats().faults.dropped).toBe(3);
  });

  test("unset, every message is answered and no connection is cut", async () => {
    const s = await start({});
    const c = await open(s);
    for (let i = 0; i < 30; i++) c.ws.send(JSON.stringify({ type: "ping", rid: i }));
    await waitFor(() => c.frames.length >= 30);
    expect(c.frames.every((f) => (f as { type?: string }).type === "pong")).toBe(true);
    expect(s.stats().faults).toMatchObject({ throttled: 0, failed: 0, dropped: 0 });
    c.ws.close();
  });
});
