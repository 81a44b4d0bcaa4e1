/**
 * What a domain branch of the WebSocket router receives with each message (already size- and
 * rate-checked). Its own module so the domain routers and `router.ts` share it without importing
 * each other.
 */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import type { Connection } from "../lib/connections.js";
import type { RealtimePorts } from "./ports.js";

export interface RealtimeContext {
  readonly connectionId: string;
  readonly now: number;
  readonly event: APIGatewayProxyWebsocketEventV2;
  readonly ports: RealtimePorts;
  /**
   * The connection item when the router has read it; undefined when it has not (the ranked service
   * then finds a move's player from the seat the connection holds in the match item, and reads the
   * item itself for other messages).
   */
  readonly connection: Connection | undefined;
  /** Sends a message to this connection; false when it is gone. */
  reply(message: object): Promise<boolean>;
}

export type DisconnectContext = Omit<RealtimeContext, "connection" | "reply"> & {
  readonly connection: Connection | null;
};
