/** `GET /players/{id}`: one player's public record in every game they have played ranked. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { playerPage } from "../ranked/public.js";
import { fail, json, rankedStore } from "./respond.js";

export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  if (event.requestContext.http.method === "OPTIONS") return json(204, null);
  const id = event.pathParameters?.id ?? "";
  const r = await playerPage(rankedStore(), id);
  if (!r.ok) return fail(r.error.code === "player/not_found" ? 404 : 400, r.error.code, r.error.message);
  return json(200, r.value, { "cache-control": "public, max-age=10" });
};
