/** `GET /api/tournaments?status=upcoming|live|finished`: the latest public tournaments (docs/tournaments.md). */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { listTournaments } from "../tournaments/http.js";
import { makeDynamoTournamentStore } from "../tournaments/store.js";
import { behindOrigin, fail, json, table } from "./respond.js";

const STATUSES = ["upcoming", "live", "finished"];

export const handler = behindOrigin(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const status = event.queryStringParameters?.status;
    if (status !== undefined && !STATUSES.includes(status))
      return fail("query/invalid", "status is upcoming, live or finished");
    const { db, tableName } = table();
    return json(200, await listTournaments(makeDynamoTournamentStore(db, tableName), status), {
      "cache-control": "public, max-age=5",
    });
  },
);
