/** `GET /api/tournaments/{id}/games`: every game of a tournament with round, players, first mover and result. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { readTournamentGames } from "../tournaments/http.js";
import { makeDynamoTournamentStore } from "../tournaments/store.js";
import { behindOrigin, fail, json, table } from "./respond.js";

export const handler = behindOrigin(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const { db, tableName } = table();
    const r = await readTournamentGames(makeDynamoTournamentStore(db, tableName), event.pathParameters?.id ?? "");
    if (!r.ok) return fail(r.error.code, r.error.message);
    return json(200, r.value, { "cache-control": "public, max-age=2" });
  },
);
