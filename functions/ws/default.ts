/**
 * `$default`: every client message (friend rooms here, ranked play through its router). The answer
 * for the sender is the route response (the stack sets `RouteResponseSelectionExpression` on the
 * API and a `$default` route response on this route), so it costs no `@connections` post.
 */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { makeError } from "../../core/protocol/friend.js";
import { portsFor } from "./ports.js";
import { receive } from "./router.js";

export const handler = async (
  event: APIGatewayProxyWebsocketEventV2,
): Promise<{ statusCode: number; body?: string }> => {
  const ports = portsFor(event);
  try {
    const answer = await receive(ports, event, Date.now());
    return answer === null ? { statusCode: 200 } : { statusCode: 200, body: JSON.stringify(answer) };
  } catch (e) {
    console.error("ws $default failed", e);
    return {
      statusCode: 200,
      body: JSON.stringify(makeError("server/error", "the server could not handle this message; try again")),
    };
  }
};
