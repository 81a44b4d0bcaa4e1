/**
 * Shared by the HTTP route handlers: JSON responses with CORS headers for the site's origin
 * (`SITE_ORIGIN`, set by the stack; any origin locally), and the ranked store for this process.
 */
import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { documentClient, readConfig } from "../lib/config.js";
import { makeDynamoRankedStore } from "../ranked/store.js";
import type { RankedStore } from "../ranked/types.js";

export function corsHeaders(): Record<string, string> {
  return {
    "access-control-allow-origin": process.env.SITE_ORIGIN ?? "*",
    "access-control-allow-methods": "GET,POST,OPTIONS",
    "access-control-allow-headers": "content-type",
    "access-control-max-age": "600",
    vary: "origin",
  };
}

export function json(statusCode: number, body: unknown, extra: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { "content-type": "application/json; charset=utf-8", ...corsHeaders(), ...extra },
    body: statusCode === 204 ? "" : JSON.stringify(body),
  };
}

/** A refusal: `{error: {code, message}}` with its status. */
export function fail(statusCode: number, code: string, message: string): APIGatewayProxyStructuredResultV2 {
  return json(statusCode, { error: { code, message } });
}

export function rankedStore(): RankedStore {
  const cfg = readConfig();
  return makeDynamoRankedStore(documentClient(cfg), cfg.tableName);
}
