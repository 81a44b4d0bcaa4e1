/**
 * Shared by the HTTP route handlers: JSON responses, the caller's address, and the table client for
 * this process. No CORS: the site and its API share one origin (CloudFront sends `/api/*` here).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { documentClient, readConfig } from "../lib/config.js";

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

/** A refusal: `{error: {code, message}}` with its status. */
export function fail(statusCode: number, code: string, message: string): APIGatewayProxyStructuredResultV2 {
  return json(statusCode, { error: { code, message } });
}

/**
 * The caller's address: behind CloudFront the request comes from an edge server, which reports the
 * viewer's address and port in `cloudfront-viewer-address`; without it, the connection's own address.
 * A caller that skips CloudFront can set that header itself, so per-address limits are a courtesy
 * against one noisy client; the stage throttle bounds the total.
 */
export function callerAddress(event: APIGatewayProxyEventV2): string {
  const viewer = event.headers["cloudfront-viewer-address"];
  if (viewer !== undefined) {
    const at = viewer.lastIndexOf(":");
    const ip = (at > 0 ? viewer.slice(0, at) : viewer).trim();
    if (/^[0-9A-Fa-f.:]{2,45}$/.test(ip)) return ip;
  }
  return event.requestContext.http.sourceIp;
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
