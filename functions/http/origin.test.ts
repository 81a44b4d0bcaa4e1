/**
 * The HTTP functions answer only requests that came through CloudFront (the secret origin header),
 * so the viewer address their limits count under is CloudFront's, not the caller's choice.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API_PATHS } from "../../core/protocol/api.js";
import { startServer, type RunningServer } from "../local/server.js";
import { readSecret } from "../lib/secrets.js";
import { SUGGESTION_RATE } from "../suggestions/suggestions.js";
import { ORIGIN_HEADER, forgetOriginSecret, newOriginSecret } from "./respond.js";
import { rotateLocalOriginSecret } from "../../scripts/origin-secret.js";
import { handler as suggest } from "./suggestions.js";
import { handler as leaderboard } from "./leaderboard.js";

const dir = mkdtempSync(join(tmpdir(), "mancala-origin-"));
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: join(dir, "none"), quiet: true });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function rawEvent(headers: Record<string, string>, body = '{"text":"more games"}'): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: `POST ${API_PATHS.suggestions}`,
    rawPath: API_PATHS.suggestions,
    rawQueryString: "",
    headers: { "content-type": "application/json", ...headers },
    requestContext: { http: { method: "POST", path: API_PATHS.suggestions, sourceIp: "203.0.113.9", userAgent: "x" } },
    body,
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

describe("the origin header", () => {
  test("a request without it, or with a wrong value, is refused before the handler runs", async () => {
    const tries: Record<string, string>[] = [{}, { [ORIGIN_HEADER]: "guess" }, { [ORIGIN_HEADER]: "" }];
    for (const headers of tries) {
      const r = await suggest(rawEvent({ ...headers, "cloudfront-viewer-address": "198.51.100.7:1" }));
      expect(r.statusCode).toBe(403);
      expect(JSON.parse(String(r.body)).error.code).toBe("http/forbidden");
      expect((await leaderboard(rawEvent(headers))).statusCode).toBe(403);
    }
    const secret = await readSecret("origin-verify", newOriginSecret);
    const ok = await suggest(rawEvent({ [ORIGIN_HEADER]: secret, "cloudfront-viewer-address": "198.51.100.8:1" }));
    expect(ok.statusCode).toBe(201);
  });

  test("a refused request costs no store call: the check runs before the handler touches the table", async () => {
    const calls = (): number => Object.values(server.stats().dynamo).reduce((a, b) => a + b, 0);
    await leaderboard(rawEvent({ [ORIGIN_HEADER]: await readSecret("origin-verify", newOriginSecret) }));
    const before = calls();
    const refused: Record<string, string>[] = [{}, { [ORIGIN_HEADER]: "guess" }];
    for (const headers of refused) {
      expect((await leaderboard(rawEvent(headers))).statusCode).toBe(403);
      expect((await suggest(rawEvent({ ...headers, "cloudfront-viewer-address": "192.0.2.1:1" }))).statusCode).toBe(
        403,
      );
    }
    expect(calls()).toBe(before);
    // …while an accepted one does reach the table (the count can move).
    await suggest(
      rawEvent({
        [ORIGIN_HEADER]: await readSecret("origin-verify", newOriginSecret),
        "cloudfront-viewer-address": "192.0.2.2:1",
      }),
    );
    expect(calls()).toBeGreaterThan(before);
  });

  test("a rotation (scripts/origin-secret.ts): the new value is accepted at once, the old one until the next rotation", async () => {
    const status = async (value: string, n: number): Promise<number> =>
      (await suggest(rawEvent({ [ORIGIN_HEADER]: value, "cloudfront-viewer-address": `192.0.2.${10 + n}:1` })))
        .statusCode ?? 0;
    const old = (await readSecret("origin-verify", newOriginSecret)).trim();
    const next = rotateLocalOriginSecret(join(dir, "data"));
    expect(next).not.toBe(old);
    forgetOriginSecret(); // an instance re-reads within 5 minutes; the command says to wait 6
    expect(await status(old, 1)).toBe(201);
    expect(await status(next, 2)).toBe(201);
    expect(await status(newOriginSecret(), 3)).toBe(403);
    // The local server's CloudFront sends the new value now (as CloudFront does after the redeploy).
    expect((await readSecret("origin-verify", newOriginSecret)).trim()).toBe(next);
    const third = rotateLocalOriginSecret(join(dir, "data"));
    forgetOriginSecret();
    expect(await status(old, 4)).toBe(403);
    expect(await status(next, 5)).toBe(201);
    expect(await status(third, 6)).toBe(201);
  });

  test("40 suggestions with 40 made-up viewer addresses: only the limit's worth is accepted", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await fetch(new URL(API_PATHS.suggestions, server.url), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "cloudfront-viewer-address": `198.51.${i}.1:443`,
          [ORIGIN_HEADER]: "guess",
        },
        body: JSON.stringify({ text: `idea number ${i}` }),
      });
      codes.push(r.status);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(SUGGESTION_RATE.perWindow);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - SUGGESTION_RATE.perWindow);
  });
});
