/** `$default`: every client message (friend rooms here, ranked play through its router). */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { makeError } from "../../core/protocol/friend.js";
import { portsFor } from "./ports.js";
import { receive } from "./router.js";

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<{ statusCode: number }> => {
  const ports = portsFor(event);
  try {
    await receive(ports, event, Date.now());
  } catch (e) {
    console.error("ws $default failed", e);
    await ports.gateway.send(event.requestContext.connectionId, makeError("server/error", "the server could not handle this message; try again")).catch(() => false);
  }
  return { statusCode: 200 };
};
