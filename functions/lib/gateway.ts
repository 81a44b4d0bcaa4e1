/**
 * The `Gateway` port: pushes a message to a WebSocket connection. The Lambda/local implementation
 * uses API Gateway's management API; a `GoneException` (410) means the connection has closed, and
 * the caller cleans up after it.
 */
import {
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
  type ApiGatewayManagementApiClient,
} from "@aws-sdk/client-apigatewaymanagementapi";

export interface Gateway {
  /** Sends one message; false when the connection is gone. */
  send(connectionId: string, message: object): Promise<boolean>;
  /** Closes a connection (it gets a `$disconnect`). */
  close(connectionId: string): Promise<void>;
  /** Whether a connection is still open (`GET @connections/{id}`); true when unsure. */
  isConnected(connectionId: string): Promise<boolean>;
}

function isGone(e: unknown): boolean {
  return (
    e instanceof GoneException ||
    (e as { name?: string } | null)?.name === "GoneException" ||
    (e as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 410
  );
}

export function makeApiGateway(client: ApiGatewayManagementApiClient): Gateway {
  const encoder = new TextEncoder();
  return {
    async send(connectionId, message) {
      try {
        await client.send(
          new PostToConnectionCommand({ ConnectionId: connectionId, Data: encoder.encode(JSON.stringify(message)) }),
        );
        return true;
      } catch (e) {
        if (isGone(e)) return false;
        throw e;
      }
    },
    async isConnected(connectionId) {
      try {
        await client.send(new GetConnectionCommand({ ConnectionId: connectionId }));
        return true;
      } catch (e) {
        if (isGone(e)) return false;
        // Unsure (throttled, network): do not start anyone's grace period on a guess.
        return true;
      }
    },
    async close(connectionId) {
      try {
        await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (e) {
        if (!isGone(e)) throw e;
      }
    },
  };
}
