/**
 * The smoke check (`npm run -s smoke`) as a user runs it: the CLI in its own process against a local
 * server (every step passes, exit 0), and against a stopped one (fails fast on the first step with a
 * clear message, exit 1); and where it takes its URLs from.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type RunningServer } from "../functions/local/server.js";
import { resolveTargets } from "./smoke.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STEPS = [
  "reach",
  "friend.create",
  "friend.join",
  "friend.approve",
  "friend.moves",
  "friend.chat",
  "friend.reconnect",
  "ranked.auth",
  "ranked.pair",
  "ranked.move",
  "ranked.resign",
  "http.leaderboard",
  "http.player",
];

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mancala-smoke-"));
  server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: join(dir, "none"), quiet: true });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function runCli(
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; lines: Record<string, unknown>[]; stderr: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts", "smoke.ts"), ...args], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`smoke did not finish in ${timeoutMs} ms; stdout: ${out} stderr: ${err}`));
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      const lines = out
        .trim()
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      done({ code, lines, stderr: err, ms: Date.now() - t0 });
    });
  });
}

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe("npm run -s smoke", () => {
  test("against a running local server: every step passes, one JSON line each, then ok:true and exit 0", async () => {
    const base = server.url.replace(/\/$/, "");
    const r = await runCli(["--ws", server.wsUrl, "--http", base], 90_000);
    const steps = r.lines.slice(0, -1);
    expect(steps.map((l) => l.step)).toEqual(STEPS);
    for (const l of steps) {
      expect(l, JSON.stringify(l)).toMatchObject({ ok: true });
      expect(typeof l.ms).toBe("number");
    }
    expect(r.lines.at(-1)).toEqual({ ok: true, failed: [] });
    expect(r.code).toBe(0);
  }, 120_000);

  test("against a stopped server: the first step fails with the reason, nothing else is tried, exit 1, quickly", async () => {
    const port = await closedPort();
    const r = await runCli(["--ws", `ws://127.0.0.1:${port}/ws`, "--http", `http://127.0.0.1:${port}`], 30_000);
    expect(r.lines).toHaveLength(2);
    expect(r.lines[0]).toMatchObject({ step: "reach", ok: false });
    expect(String(r.lines[0].error)).toMatch(
      new RegExp(`cannot reach the HTTP API at http://127\\.0\\.0\\.1:${port}.*ECONNREFUSED`),
    );
    expect(r.lines[1]).toEqual({ ok: false, failed: ["reach"] });
    expect(r.code).toBe(1);
    // Fast: the refusal is immediate; the rest is the process starting.
    expect(r.lines[0].ms as number).toBeLessThan(2_000);
  }, 60_000);

  test("a bad option is refused before anything is sent (exit 2)", async () => {
    const r = await runCli(["--wss", "x"], 30_000);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option --wss/);
  }, 60_000);
});

describe("where the smoke check takes its URLs from", () => {
  test("arguments first; then SST's outputs of the last deploy (the site's origin for /api); else the local default", () => {
    const root = mkdtempSync(join(tmpdir(), "mancala-outputs-"));
    try {
      expect(resolveTargets([], root)).toEqual({
        ws: "ws://127.0.0.1:3000/ws",
        http: "http://127.0.0.1:3000",
        source: "local default",
      });
      expect(resolveTargets(["--ws", "ws://h/ws", "--http=http://h"], root)).toMatchObject({
        ws: "ws://h/ws",
        http: "http://h",
        source: "arguments",
      });
      mkdirSync(join(root, ".sst"));
      const api = {
        SiteUrl: "https://d1.cloudfront.net",
        WebSocketUrl: "wss://ws.example/prod",
        HttpApiUrl: "https://api.example",
      };
      writeFileSync(
        join(root, ".sst", "outputs.json"),
        JSON.stringify({ "prod-mancala-ApiStack": api, "prod-mancala-StorageStack": { TableName: "t" } }),
      );
      expect(resolveTargets([], root)).toMatchObject({ ws: api.WebSocketUrl, http: api.SiteUrl });
      writeFileSync(
        join(root, ".sst", "outputs.json"),
        JSON.stringify({
          "prod-mancala-ApiStack": api,
          "dev-mancala-ApiStack": { ...api, WebSocketUrl: "wss://ws.example/dev" },
        }),
      );
      expect(() => resolveTargets([], root)).toThrow(/several stages.*--stage/);
      expect(resolveTargets(["--stage", "dev"], root)).toMatchObject({ ws: "wss://ws.example/dev" });
      expect(() => resolveTargets(["--stage", "qa"], root)).toThrow(/no outputs of stage qa/);
      expect(() => resolveTargets(["--ws"], root)).toThrow(/--ws needs a value/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
