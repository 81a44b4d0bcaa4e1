/**
 * The tournaments' timer: starts the tournaments that are due, pairs Swiss rounds a run missed and
 * free arena players, and ends arenas at their time. EventBridge runs it once a minute in AWS (an
 * arena also pairs whenever one of its games ends); locally the server calls it every second.
 */
import { documentClient, managementClient, readConfig } from "../lib/config.js";
import { makeApiGateway } from "../lib/gateway.js";
import { makeRankedPorts } from "../ranked/ports.js";

export const handler = async (): Promise<{ tournaments: number }> => {
  const cfg = readConfig();
  const endpoint = new URL(process.env.WS_ENDPOINT ?? cfg.gatewayEndpoint ?? "http://127.0.0.1");
  const client = managementClient(endpoint.host, endpoint.pathname.replace(/^\/+/, ""), cfg);
  const gateway = makeApiGateway(client);
  const { tournaments } = makeRankedPorts(documentClient(cfg), cfg.tableName, gateway, (c, m) => gateway.send(c, m));
  return tournaments.tick();
};
