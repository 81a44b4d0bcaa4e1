/**
 * The deployed artifact is what runs here: every handler of `functions/routes.ts` is bundled by SST's
 * own builder with the props the stack gives it (`stacks/lambda.ts`: ESM, minified, node24, AWS SDK
 * left to the runtime), and the local server then runs those bundles, not the sources, through a
 * friend game, a ranked game and the HTTP API (the smoke check, and a suggestion). A bundling or import mistake fails
 * here, offline, instead of in a deploy.
 */
import { rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API_PATHS } from "../core/protocol/api.js";
import { HTTP_ROUTES, ROUTES } from "../functions/routes.js";
import { startServer, type RunningServer } from "../functions/local/server.js";
import { runSmoke, type SmokeLine, type SmokeResult } from "../scripts/smoke.js";
import { BUNDLE_LIMIT_BYTES, HANDLERS, buildAllBundles, bundleDir } from "./bundles.js";

let dir: string;
let bundles: Map<string, string>;

beforeAll(async () => {
  dir = bundleDir("test");
  bundles = await buildAllBundles(dir);
}, 120_000);

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe("Lambda bundles as deployed", () => {
  test.each(HANDLERS)("%s bundles to under 540 KB minified", (entry) => {
    const file = bundles.get(entry)!;
    expect(file.endsWith(".mjs")).toBe(true);
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThan(BUNDLE_LIMIT_BYTES);
  });

  test("the local server runs the bundles through a friend game, a ranked game and every HTTP route", async () => {
    const loaded: string[] = [];
    const server: RunningServer = await startServer({
      port: 0,
      dataDir: join(dir, "data"),
      staticDir: join(dir, "no-client"),
      quiet: true,
      timerMs: 200,
      moduleOf: (route) => {
        const file = bundles.get(route.module);
        if (file === undefined) throw new Error(`no bundle for ${route.module}`);
        loaded.push(file);
        return file;
      },
    });
    const lines: (SmokeLine | SmokeResult)[] = [];
    try {
      const r = await runSmoke({ ws: server.wsUrl, http: server.url, stepMs: 15_000, emit: (l) => lines.push(l) });
      expect(r, JSON.stringify(lines)).toEqual({ ok: true, failed: [] });
      // The one route the smoke leaves alone (it would leave a suggestion behind): JSON only.
      const post = (type: string): Promise<Response> =>
        fetch(new URL(API_PATHS.suggestions, server.url), {
          method: "POST",
          headers: { "content-type": type },
          body: JSON.stringify({ text: "Bundled and working", category: "idea" }),
        });
      expect((await post("application/json")).status).toBe(201);
      const refused = await post("text/plain");
      expect(refused.status).toBe(415);
      expect(await refused.json()).toMatchObject({ error: { code: "http/unsupported_media_type" } });
      // Like API Gateway's HTTP API with no CORS: only the table's routes; anything else under /api is a 404.
      for (const [method, path] of [
        ["OPTIONS", API_PATHS.suggestions],
        ["PUT", API_PATHS.leaderboard],
        ["GET", "/api/nothing"],
      ]) {
        const res = await fetch(new URL(path, server.url), {
          method,
          headers: { origin: "https://elsewhere.example" },
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.json()).toEqual({ message: "Not Found" });
        expect([...res.headers.keys()].filter((h) => h.startsWith("access-control-"))).toEqual([]);
      }
      const board = await fetch(new URL(`${API_PATHS.leaderboard}?game=togyz`, server.url), {
        headers: { origin: "https://elsewhere.example" },
      });
      expect(board.status).toBe(200);
      expect(board.headers.get("access-control-allow-origin")).toBeNull();
      // Each public read answers from its bundle (an unknown id is a 404, not a crash).
      for (const r of HTTP_ROUTES.filter((x) => x.method === "GET")) {
        const url = new URL(r.path.replace("{id}", "AAAAAAAAAAAAAAAA"), server.url);
        url.searchParams.set("game", "togyz");
        const res = await fetch(url);
        expect(res.status, r.path).toBeLessThan(500);
        await res.arrayBuffer();
      }
      // Every route's handler came from its bundle (the HTTP ones load on their first request).
      await new Promise((res) => setTimeout(res, 400)); // one timer run at least
      expect(new Set(loaded)).toEqual(new Set(ROUTES.map((r) => bundles.get(r.module))));
    } finally {
      await server.close();
    }
  }, 120_000);
});
