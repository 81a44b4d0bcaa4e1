/** `GET /api/players/{id}/games?game=G&limit=N&cursor=C`: a player's games in one game, newest first. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { parseWith } from "../../core/protocol/ranked.js";
import { PlayerGamesQuerySchema } from "../../core/protocol/watch.js";
import { archiveReads, CACHE } from "../archive/http.js";
import { fail, json, behindOrigin } from "./respond.js";

export const handler = behindOrigin(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const q = parseWith(PlayerGamesQuerySchema, { ...(event.queryStringParameters ?? {}) });
    if (!q.ok) return fail("query/invalid", q.error.message);
    const r = await archiveReads().playerGames(
      event.pathParameters?.id ?? "",
      q.value.game,
      q.value.limit,
      q.value.cursor ?? null,
    );
    if (!r.ok) return fail(r.error.code, r.error.message);
    return json(200, r.value, { "cache-control": CACHE.lists });
  },
);
