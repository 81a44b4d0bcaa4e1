/**
 * Runtime configuration of the handlers, read from the environment (`readConfig`), and the AWS
 * clients built from it: one DynamoDB document client, one management API client per endpoint.
 *
 * In AWS the table name comes from the stack and the SDK finds its credentials itself. In local mode
 * (`MANCALA_LOCAL=1`, set by `functions/local/server.ts`) every client gets static dummy credentials,
 * a region and a loopback endpoint, so the SDK never probes for credentials on its own.
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { ApiGatewayManagementApiClient } from "@aws-sdk/client-apigatewaymanagementapi";
import { guard, inProcessHandler, localConnections, type Guardable } from "./localHooks.js";

export const DEFAULT_TABLE = "mancala";

export interface RuntimeConfig {
  readonly tableName: string;
  readonly local: boolean;
  readonly region: string;
  /** Local mode: the dynalite endpoint. */
  readonly dynamoEndpoint: string | undefined;
  /** Local mode: `http://127.0.0.1:PORT`, where the local server answers `/@connections/{id}`. */
  readonly gatewayEndpoint: string | undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  return {
    tableName: env.TABLE_NAME ?? DEFAULT_TABLE,
    local: env.MANCALA_LOCAL === "1",
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? "us-east-1",
    dynamoEndpoint: env.DYNAMO_ENDPOINT,
    gatewayEndpoint: env.GATEWAY_ENDPOINT,
  };
}

const LOCAL_CREDENTIALS = { accessKeyId: "local", secretAccessKey: "local" } as const;

function clientOptions(cfg: RuntimeConfig, endpoint: string | undefined): Record<string, unknown> {
  if (!cfg.local) return { region: cfg.region, ...(endpoint !== undefined ? { endpoint } : {}) };
  if (endpoint === undefined) throw new Error("local mode needs an endpoint for every AWS client");
  return { region: cfg.region, endpoint, credentials: LOCAL_CREDENTIALS, maxAttempts: 3 };
}

let doc: { key: string; client: DynamoDBDocumentClient } | null = null;

/** The process-wide DynamoDB document client (marshalling drops `undefined`). */
export function documentClient(cfg: RuntimeConfig = readConfig()): DynamoDBDocumentClient {
  const key = `${cfg.local}|${cfg.dynamoEndpoint ?? ""}|${cfg.region}`;
  if (doc !== null && doc.key === key) return doc.client;
  const raw = new DynamoDBClient(clientOptions(cfg, cfg.dynamoEndpoint));
  if (cfg.local) guard(raw as unknown as Guardable, "dynamodb");
  const client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  doc = { key, client };
  return client;
}

const mgmt = new Map<string, ApiGatewayManagementApiClient>();

/**
 * The management API client for the WebSocket API that sent `event`: in AWS its endpoint is
 * `https://{domainName}/{stage}`; locally it is the local server's own address.
 */
export function managementClient(
  domainName: string,
  stage: string,
  cfg: RuntimeConfig = readConfig(),
): ApiGatewayManagementApiClient {
  const endpoint = cfg.local ? (cfg.gatewayEndpoint ?? `http://${domainName}`) : `https://${domainName}/${stage}`;
  let c = mgmt.get(endpoint);
  if (c === undefined) {
    const inProcess = cfg.local && localConnections()?.has(endpoint) === true;
    c = new ApiGatewayManagementApiClient({
      ...clientOptions(cfg, endpoint),
      ...(inProcess ? inProcessHandler(endpoint) : {}),
    });
    if (cfg.local) guard(c as unknown as Guardable, "execute-api");
    mgmt.set(endpoint, c);
  }
  return c;
}
