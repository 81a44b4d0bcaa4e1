/** `GET /api/tv?game=G`: the featured live game (the highest-rated pairing in progress), or null. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { parseWith } from "../../core/protocol/ranked.js";
import { GameQuerySchema } from "../../core/protocol/watch.js";
import { archiveReads, CACHE } from "../archive/http.js";
import { fail, json, behindOrigin } from "./respond.js";

export const handler = behindOrigin(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const q = parseWith(GameQuerySchema, { ...(event.queryStringParameters ?? {}) });
    if (!q.ok) return fail("query/invalid", q.error.message);
    return json(200, await archiveReads().tv(q.value.game), { "cache-control": CACHE.tv });
  },
);
