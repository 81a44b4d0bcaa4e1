/** `GET /api/games/{id}`: one server-run game, in play or archived (docs/archive.md). */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { archiveReads, CACHE } from "../archive/http.js";
import { fail, json, behindOrigin } from "./respond.js";

export const handler = behindOrigin(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const r = await archiveReads().game(event.pathParameters?.id ?? "");
    if (!r.ok) return fail(r.error.code, r.error.message);
    return json(200, r.value, { "cache-control": r.value.live === null ? CACHE.finished : CACHE.live });
  },
);
