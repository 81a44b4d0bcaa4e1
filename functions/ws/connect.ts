/** `$connect`: checks the protocol version and records the connection. */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { PROTOCOL_VERSION } from "../../core/protocol/friend.js";
import { infraFor } from "./ports.js";
import { connect } from "./router.js";

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

export const handler = async (event: ConnectEvent): Promise<{ statusCode: number; body?: string }> => {
  const v = event.queryStringParameters?.v;
  if (v !== undefined && v !== String(PROTOCOL_VERSION)) {
    return { statusCode: 426, body: `proto/version: this server speaks protocol ${PROTOCOL_VERSION}` };
  }
  await connect(infraFor(event), event, Date.now());
  return { statusCode: 200 };
};
