/**
 * `POST /api/suggestions`: stores an improvement idea or a problem report; JSON only (anything else
 * is a 415, so a form on another site cannot post here), size- and rate-limited.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { SuggestionSchema, parseWith } from "../../core/protocol/ranked.js";
import { SUGGESTION_MAX_CHARS } from "../../core/protocol/suggestion.js";
import { randomBytes } from "node:crypto";
import { makeDynamoCounters } from "../lib/counters.js";
import { makeDynamoSuggestionStore } from "../suggestions/store.js";
import { submitSuggestion } from "../suggestions/suggestions.js";
import { callerNetwork, fail, isJson, json, table, behindOrigin } from "./respond.js";

/** The whole body, JSON included: a little over the text limit in the worst case of escapes. */
const BODY_MAX_BYTES = 4 * SUGGESTION_MAX_CHARS + 1024;

export const handler = behindOrigin(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    if (!isJson(event)) return fail("http/unsupported_media_type", "send the suggestion as application/json");
    const raw = event.isBase64Encoded ? Buffer.from(event.body ?? "", "base64").toString("utf8") : (event.body ?? "");
    if (Buffer.byteLength(raw, "utf8") > BODY_MAX_BYTES)
      return fail("proto/too_large", `a suggestion body holds at most ${BODY_MAX_BYTES} bytes`);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return fail("proto/malformed", "the body is not JSON");
    }
    const s = parseWith(SuggestionSchema, body);
    if (!s.ok) return fail("proto/invalid", s.error.message);
    const source = callerNetwork(event);
    const { db, tableName } = table();
    const id = randomBytes(12).toString("base64url");
    const r = await submitSuggestion(
      makeDynamoSuggestionStore(db, tableName),
      makeDynamoCounters(db, tableName),
      s.value,
      source,
      event.requestContext.http.userAgent,
      Date.now(),
      id,
    );
    if (!r.ok) return fail(r.error.code, r.error.message);
    return json(201, r.value);
  },
);
