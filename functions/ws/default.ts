/**
 * `$default`: every client message, through the entry (router.ts) to its domain. The answer
 * for the sender is the route response (the stack sets `RouteResponseSelectionExpression` on the
 * API and a `$default` route response on this route), so it costs no `@connections` post.
 */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { makeErrorFrame } from "../../core/protocol/errors.js";
import { infraFor } from "./ports.js";
import { receive } from "./router.js";

export const handler = async (
  event: APIGatewayProxyWebsocketEventV2,
): Promise<{ statusCode: number; body?: string }> => {
  const infra = infraFor(event);
  try {
    const answer = await receive(infra, event, Date.now());
    return answer === null ? { statusCode: 200 } : { statusCode: 200, body: JSON.stringify(answer) };
  } catch (e) {
    console.error("ws $default failed", e);
    return {
      statusCode: 200,
      body: JSON.stringify(
        makeErrorFrame("server/error", "the server could not handle this message; try again", undefined),
      ),
    };
  }
};
