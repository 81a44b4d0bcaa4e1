/**
 * The ranked timer (EventBridge every minute in AWS, an interval in the local server): ends matches
 * whose clock or grace period ran out, settles finished ones, and pairs seekers whose rating window
 * has widened.
 */
import { documentClient, managementClient, readConfig } from "../lib/config.js";
import { makeApiGateway } from "../lib/gateway.js";
import { makeRankedGateway, makeRankedServiceFor } from "./ports.js";
import type { TickReport } from "./service.js";

export const handler = async (): Promise<TickReport> => {
  const cfg = readConfig();
  // In AWS the stack passes the WebSocket API's management endpoint; locally the server sets its own.
  const endpoint = new URL(process.env.WS_ENDPOINT ?? cfg.gatewayEndpoint ?? "http://127.0.0.1");
  const client = managementClient(endpoint.host, endpoint.pathname.replace(/^\/+/, ""), cfg);
  const gateway = makeRankedGateway(makeApiGateway(client), client);
  return makeRankedServiceFor(documentClient(cfg), cfg.tableName, gateway).tick();
};
