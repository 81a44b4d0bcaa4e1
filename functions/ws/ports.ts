/**
 * The realtime layer's shared parts (DynamoDB client and table, connection items, `@connections`),
 * built once per container for each API endpoint, from the runtime configuration and the event that
 * arrived. The domain routers build their own ports on these, once as well.
 */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { documentClient, managementClient, readConfig } from "../lib/config.js";
import { makeDynamoConnectionStore } from "../lib/connections.js";
import { makeApiGateway } from "../lib/gateway.js";
import type { RealtimeInfra } from "../lib/realtime.js";

const built = new Map<string, RealtimeInfra>();

export function infraFor(event: APIGatewayProxyWebsocketEventV2): RealtimeInfra {
  const cfg = readConfig();
  const { domainName, stage } = event.requestContext;
  const key = JSON.stringify([cfg, domainName, stage]);
  let infra = built.get(key);
  if (infra === undefined) {
    const db = documentClient(cfg);
    infra = {
      db,
      tableName: cfg.tableName,
      conns: makeDynamoConnectionStore(db, cfg.tableName),
      gateway: makeApiGateway(managementClient(domainName, stage, cfg)),
    };
    built.set(key, infra);
  }
  return infra;
}
