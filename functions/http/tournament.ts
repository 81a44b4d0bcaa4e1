/** `GET /api/tournaments/{id}`: settings, standings with every tiebreak, boards and games (docs/tournaments.md). */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { readTournament } from "../tournaments/http.js";
import { makeDynamoTournamentStore } from "../tournaments/store.js";
import { behindOrigin, fail, json, table } from "./respond.js";

export const handler = behindOrigin(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const { db, tableName } = table();
    const r = await readTournament(makeDynamoTournamentStore(db, tableName), event.pathParameters?.id ?? "");
    if (!r.ok) return fail(r.error.code, r.error.message);
    const done = r.value.tournament.status === "finished";
    return json(200, r.value, { "cache-control": done ? "public, max-age=60" : "public, max-age=2" });
  },
);
