/** `$disconnect`: frees the connection's seat and tells the other player. */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { infraFor } from "./ports.js";
import { disconnect } from "./router.js";

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<{ statusCode: number }> => {
  await disconnect(infraFor(event), event, Date.now());
  return { statusCode: 200 };
};
