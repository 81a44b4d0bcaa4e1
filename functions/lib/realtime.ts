/**
 * What the WebSocket entry (functions/ws/router.ts) asks of a domain router, and what it hands one.
 * The entry checks size and envelope, has the domain its type prefix names check the schema, charges
 * the connection's and address's flood limits, and lets the domain handle the message; it knows no
 * domain itself.
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Envelope } from "../../core/protocol/envelope.js";
import type { Result } from "../../core/types.js";
import type { Connection, ConnectionStore } from "./connections.js";
import type { Gateway } from "./gateway.js";

/** The realtime layer's shared parts, built once per container: the table, connection items, `@connections`. */
export interface RealtimeInfra {
  readonly db: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly conns: ConnectionStore;
  readonly gateway: Gateway;
}

export interface MessageContext {
  readonly infra: RealtimeInfra;
  readonly connectionId: string;
  /** The network the frame came from (lib/network.ts: an IPv4 address or an IPv6 /64), the key of every per-address limit. */
  readonly address: string;
  readonly now: number;
  /** The request id to echo in an answer, when the envelope carried a valid one. */
  readonly rid: string | number | undefined;
  /** Sends a message to this connection; false when it is gone. */
  reply(message: object): Promise<boolean>;
  /** Charges an identity's flood bucket: null when allowed, else the refusal to answer with. */
  chargeIdentity(identity: string): object | null;
  /**
   * Reads this connection's item (once) and charges the identity any domain finds on it: the item,
   * or the answer to give when the identity is over its limit or the connection is unknown.
   */
  connection(): Promise<Result<Connection, object>>;
}

interface DisconnectContext {
  readonly infra: RealtimeInfra;
  readonly connectionId: string;
  readonly now: number;
  /** The connection's item, read once for every domain; null when it is gone. */
  readonly connection: Connection | null;
}

type Handle = (ctx: MessageContext) => Promise<object | null>;

export interface DomainRouter {
  /**
   * Checks a message of the domain's types against its schema (in memory, before any flood limit is
   * charged, so a refusal costs nothing): the refusal to answer with, or the step that handles the
   * message and returns the answer for the sender (or null).
   */
  accept(msg: Envelope, rid: string | number | undefined): Result<Handle, object>;
  /** The flood identity this domain keeps on a connection item (a player, a seat), if any. */
  identityOf(conn: Connection): string | undefined;
  /** The connection closed. */
  disconnect(ctx: DisconnectContext): Promise<void>;
}
