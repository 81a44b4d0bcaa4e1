/** `GET /api/players/{id}`: one player's public record in every game they have played ranked. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { makeDynamoIdentityStore } from "../identity/store.js";
import { playerPage } from "../ratings/players.js";
import { makeDynamoRatingStore } from "../ratings/store.js";
import { fail, json, table, behindOrigin } from "./respond.js";

export const handler = behindOrigin(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const id = event.pathParameters?.id ?? "";
    const { db, tableName } = table();
    const identity = makeDynamoIdentityStore(db, tableName);
    const r = await playerPage(makeDynamoRatingStore(db, tableName), (pid) => identity.getProfile(pid), id);
    if (!r.ok) return fail(r.error.code, r.error.message);
    return json(200, r.value, { "cache-control": "public, max-age=10" });
  },
);
