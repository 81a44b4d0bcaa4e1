/** `GET /api/players/{id}/ratings?game=G`: the rating and deviation after each rated game, oldest first. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { parseWith } from "../../core/protocol/ranked.js";
import { GameQuerySchema } from "../../core/protocol/watch.js";
import { archiveReads, CACHE } from "../archive/http.js";
import { fail, json, behindOrigin } from "./respond.js";

export const handler = behindOrigin(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const q = parseWith(GameQuerySchema, { ...(event.queryStringParameters ?? {}) });
    if (!q.ok) return fail("query/invalid", q.error.message);
    const r = await archiveReads().playerRatings(event.pathParameters?.id ?? "", q.value.game);
    if (!r.ok) return fail(r.error.code, r.error.message);
    return json(200, r.value, { "cache-control": CACHE.lists });
  },
);
