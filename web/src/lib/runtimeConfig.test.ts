// @vitest-environment node
/** The runtime settings: read from /config.json at every start, over a real loopback server. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadRuntimeConfig, runtimeConfig } from "./runtimeConfig.js";
import { WS_URL_PLACEHOLDER } from "../../../core/protocol/api.js";

let body = "";
const requests: { url: string; cache: string | undefined }[] = [];
let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url ?? "", cache: req.headers["cache-control"] });
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-cache" });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe("runtime settings", () => {
  test("a changed WebSocket address reaches a returning client; offline it keeps the last one", async () => {
    const storage = memoryStorage();
    body = JSON.stringify({ wsUrl: "wss://one.example/prod" });
    expect(await loadRuntimeConfig(base, storage)).toEqual({ wsUrl: "wss://one.example/prod" });
    // The deployment moves: the same client's next start reads the new address.
    body = JSON.stringify({ wsUrl: "wss://two.example/prod" });
    expect(await loadRuntimeConfig(base, storage)).toEqual({ wsUrl: "wss://two.example/prod" });
    expect(requests.map((r) => r.url)).toEqual(["/config.json", "/config.json"]);
    expect(requests.every((r) => r.cache === "no-store" || r.cache === "no-cache")).toBe(true);
    // Offline start: the last answer.
    const offline = `http://127.0.0.1:9/`;
    expect(await loadRuntimeConfig(offline, storage)).toEqual({ wsUrl: "wss://two.example/prod" });
    expect(runtimeConfig().wsUrl).toBe("wss://two.example/prod");
  });

  test("the file as built (placeholder not replaced: the local server) means the page's own server", async () => {
    body = readFileSync(new URL("../../public/config.json", import.meta.url), "utf8");
    expect(body).toContain(WS_URL_PLACEHOLDER);
    expect(await loadRuntimeConfig(base, memoryStorage())).toEqual({ wsUrl: null });
    body = JSON.stringify({ wsUrl: "javascript:alert(1)" });
    const storage = memoryStorage();
    storage.setItem("mancala.runtimeConfig", JSON.stringify({ wsUrl: "wss://kept.example/x" }));
    expect(await loadRuntimeConfig(base, storage)).toEqual({ wsUrl: "wss://kept.example/x" });
  });
});
