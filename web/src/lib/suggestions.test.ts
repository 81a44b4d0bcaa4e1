// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memoryStorage } from "./persist.js";
import { API_PATHS } from "../../../core/protocol/api.js";
import { setApiBase } from "./http.js";
import { pending, retryPending, sendSuggestion } from "./suggestions.js";

let server: Server;
let status = 404;
const bodies: unknown[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = "";
    req.on("data", (c: Buffer) => (data += c.toString()));
    req.on("end", () => {
      if (req.method === "POST" && req.url === API_PATHS.suggestions && status < 300) bodies.push(JSON.parse(data));
      res.writeHead(status, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  setApiBase(null);
  await new Promise((r) => server.close(r));
});

describe("suggest an improvement", () => {
  test("kept on the device while the server lacks the route, sent on the next try", async () => {
    const kv = memoryStorage();
    status = 404;
    expect(await sendSuggestion(kv, "  Show the seed count in the hand bigger  ", "idea")).toBe("kept");
    expect(await sendSuggestion(kv, "Tsoro board looks small on tablets", "problem")).toBe("kept");
    expect(pending(kv).map((s) => s.text)).toEqual([
      "Show the seed count in the hand bigger",
      "Tsoro board looks small on tablets",
    ]);
    expect(await retryPending(kv)).toBe(2);
    status = 201;
    expect(await retryPending(kv)).toBe(0);
    expect(bodies).toEqual([
      { text: "Show the seed count in the hand bigger", category: "idea" },
      { text: "Tsoro board looks small on tablets", category: "problem" },
    ]);
  });

  test("sent at once when the server takes it; refused text is not kept", async () => {
    const kv = memoryStorage();
    status = 201;
    expect(await sendSuggestion(kv, "Lovely game", "other")).toBe("sent");
    expect(await sendSuggestion(kv, "  ", "other")).toBe("invalid");
    status = 400;
    expect(await sendSuggestion(kv, "Something the server refuses", "other")).toBe("invalid");
    expect(pending(kv)).toEqual([]);
  });

  test("an unreachable server keeps the suggestion", async () => {
    const kv = memoryStorage();
    setApiBase("http://127.0.0.1:9");
    expect(await sendSuggestion(kv, "Offline idea", "idea")).toBe("kept");
    expect(pending(kv).length).toBe(1);
    setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
});
