/**
 * Shared by the HTTP route handlers: JSON responses with CORS headers for the site's origin
 * (`SITE_ORIGIN`, set by the stack; any origin locally), and the table client for this process.
 */
import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { documentClient, readConfig } from "../lib/config.js";

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

/** The DynamoDB client and table name a handler builds its domain's store from. */
export function table(): { db: DynamoDBDocumentClient; tableName: string } {
  const cfg = readConfig();
  return { db: documentClient(cfg), tableName: cfg.tableName };
}
