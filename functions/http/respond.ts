/**
 * Shared by the HTTP route handlers: JSON responses, the caller's address, and the table client for
 * this process. No CORS: the site and its API share one origin (CloudFront sends `/api/*` here).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { timingSafeEqual } from "node:crypto";
import { randomBytes } from "node:crypto";
import { HTTP_ERROR_STATUS, type HttpErrorCode } from "../../core/protocol/errors.js";
import { documentClient, readConfig } from "../lib/config.js";
import { networkOf } from "../lib/network.js";
import { readSecret } from "../lib/secrets.js";

export function json(
  statusCode: number,
  body: unknown,
  extra: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { "content-type": "application/json; charset=utf-8", ...extra },
    body: statusCode === 204 ? "" : JSON.stringify(body),
  };
}

/** A refusal: `{error: {code, message}}` with the code's status (core/protocol/errors.ts). */
export function fail(code: HttpErrorCode, message: string): APIGatewayProxyStructuredResultV2 {
  return json(HTTP_ERROR_STATUS[code], { error: { code, message } });
}

/**
 * The header CloudFront adds to every `/api/*` request it forwards (its value a secret of the stack,
 * `origin-verify` in functions/lib/secrets.ts; CloudFront overwrites a viewer's header of that name).
 * The local server adds it the same way.
 */
export const ORIGIN_HEADER = "x-mancala-origin";
const ORIGIN_REFRESH_MS = 5 * 60_000;

/** A fresh origin secret (locally, where no stack made one). */
export function newOriginSecret(): string {
  return randomBytes(32).toString("base64url");
}

let origin: { at: number; value: Promise<Buffer> } | null = null;

/** Whether the request came through CloudFront: it carries the origin header with the secret's value. */
async function fromOrigin(event: APIGatewayProxyEventV2, now: number = Date.now()): Promise<boolean> {
  const got = event.headers[ORIGIN_HEADER];
  if (got === undefined) return false;
  if (origin === null || now - origin.at >= ORIGIN_REFRESH_MS) {
    const entry = { at: now, value: readSecret("origin-verify", newOriginSecret).then((t) => Buffer.from(t.trim())) };
    origin = entry;
    entry.value.catch(() => {
      if (origin === entry) origin = null;
    });
  }
  const want = await origin.value;
  const have = Buffer.from(got);
  return have.length === want.length && timingSafeEqual(have, want);
}

/**
 * Every HTTP route's handler: a request that did not come through CloudFront (the raw execute-api
 * address) is refused with a 403 before the handler runs, so the viewer address below is trusted.
 */
export function behindOrigin(
  handler: (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>,
): (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2> {
  return async (event) =>
    (await fromOrigin(event))
      ? handler(event)
      : fail("http/forbidden", "the API answers only through the site's own address");
}

/**
 * The caller's network (lib/network.ts: the IPv4 address, or the IPv6 /64), the key of its limits,
 * from its address: behind CloudFront the request comes from an edge server, which reports the
 * viewer's address and port in `cloudfront-viewer-address` (CloudFront sets it, overwriting a viewer's
 * own); without it, the connection's own address. Only requests that came through CloudFront reach a
 * handler (`behindOrigin`), so a caller cannot choose the address its limits are counted under.
 */
export function callerNetwork(event: APIGatewayProxyEventV2): string {
  const viewer = event.headers["cloudfront-viewer-address"];
  if (viewer !== undefined) {
    const at = viewer.lastIndexOf(":");
    const ip = (at > 0 ? viewer.slice(0, at) : viewer).trim();
    if (/^[0-9A-Fa-f.:]{2,45}$/.test(ip)) return networkOf(ip);
  }
  return networkOf(event.requestContext.http.sourceIp);
}

/** Whether the request declares a JSON body (`application/json`, any parameters). */
export function isJson(event: APIGatewayProxyEventV2): boolean {
  const type = event.headers["content-type"] ?? "";
  return type.split(";")[0].trim().toLowerCase() === "application/json";
}

/** The DynamoDB client and table name a handler builds its domain's store from. */
export function table(): { db: DynamoDBDocumentClient; tableName: string } {
  const cfg = readConfig();
  return { db: documentClient(cfg), tableName: cfg.tableName };
}
