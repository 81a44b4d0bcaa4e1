/**
 * `GET /api/leaderboard?game=G&limit=N&cursor=C&provisional=include`: established players best first,
 * then (with `provisional=include`) provisional ones, marked; paginated.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { LeaderboardQuerySchema, parseWith } from "../../core/protocol/ranked.js";
import { leaderboardPage } from "../ratings/ratings.js";
import { makeDynamoRatingStore } from "../ratings/store.js";
import { fail, json, table, behindOrigin } from "./respond.js";

export const handler = behindOrigin(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const q = parseWith(LeaderboardQuerySchema, { ...(event.queryStringParameters ?? {}) });
    if (!q.ok) return fail("query/invalid", q.error.message);
    const { db, tableName } = table();
    const page = await leaderboardPage(
      makeDynamoRatingStore(db, tableName),
      q.value.game,
      q.value.limit,
      q.value.cursor,
      q.value.provisional === "include",
    );
    if (!page.ok) return fail(page.error.code, page.error.message);
    return json(200, page.value, { "cache-control": "public, max-age=10" });
  },
);
