/**
 * Runtime configuration of the handlers, read from the environment once per process.
 *
 * In AWS the table name comes from the stack and the SDK finds its credentials itself. In local mode
 * (`MANCALA_LOCAL=1`, set by `functions/local/server.ts`) every client gets static dummy credentials,
 * a region and a loopback endpoint, so the SDK never probes for credentials on its own.
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { ApiGatewayManagementApiClient } from "@aws-sdk/client-apigatewaymanagementapi";

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

/** One AWS call a handler makes: a DynamoDB action (with the index of a Query) or an `@connections` call. */
export interface AccessCall {
  readonly service: "dynamodb" | "execute-api" | "secretsmanager";
  /** `PutItem`, `Query`, … or `PostToConnection`, `GetConnection`, `DeleteConnection`, or `GetSecretValue`. */
  readonly action: string;
  readonly index: string | undefined;
  /** The partition key of the one item a DynamoDB call names (`Key` or `Item`), when it names one; a secret's name. */
  readonly pk?: string | undefined;
}
export type AccessGuard = (call: AccessCall) => void;

/**
 * Where the local server puts its IAM emulation (`functions/local/access.ts`): a process-wide hook,
 * so handler modules and bundled copies of this file reach the same one. Never set in AWS.
 */
export const ACCESS_GUARD = Symbol.for("mancala.local.accessGuard");

/**
 * The partition key value a call names: `input.Key` or `input.Item` (its `pk`), or a Query's key
 * condition (`pk = :v`, or `gsi1pk = :v` on an index), plain or marshalled (`{ S: "…" }`).
 */
function partitionKeyOf(input: Record<string, unknown>): string | undefined {
  const str = (v: unknown): string | undefined =>
    typeof v === "string"
      ? v
      : typeof v === "object" && v !== null && typeof (v as { S?: unknown }).S === "string"
        ? (v as { S: string }).S
        : undefined;
  const holder = (input.Key ?? input.Item) as Record<string, unknown> | undefined;
  if (holder !== undefined) return str(holder.pk);
  const cond = input.KeyConditionExpression;
  if (typeof cond !== "string") return undefined;
  const m = /^\s*\(?\s*([#\w]+)\s*=\s*(:\w+)/.exec(cond);
  if (m === null) return undefined;
  return str((input.ExpressionAttributeValues as Record<string, unknown> | undefined)?.[m[2]]);
}

type Guardable = { middlewareStack: { add(mw: unknown, opts: { step: "initialize"; name: string }): void } };

/** Local mode: every call of `client` goes past the access guard, when one is installed. */
function guard(client: Guardable, service: AccessCall["service"]): void {
  const mw =
    (next: (args: { input: Record<string, unknown> }) => Promise<unknown>, context: { commandName?: string }) =>
    (args: { input: Record<string, unknown> }): Promise<unknown> => {
      const check = (globalThis as Record<symbol, AccessGuard | undefined>)[ACCESS_GUARD];
      if (check !== undefined) {
        const action = (context.commandName ?? "").replace(/Command$/, "");
        const index = typeof args.input.IndexName === "string" ? args.input.IndexName : undefined;
        check({ service, action, index, pk: partitionKeyOf(args.input) });
      }
      return next(args);
    };
  client.middlewareStack.add(mw, { step: "initialize", name: "localAccessGuard" });
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

/** What `requestHandler` of an AWS client accepts (the SDK's `HttpHandler`), as far as used here. */
interface RequestHandlerLike {
  handle(request: never, options?: never): Promise<unknown>;
}

/**
 * Where the local server lists the management APIs it answers in this process, by endpoint
 * (`functions/local/gateway.ts` `connectionsHandler`): a process-wide hook like `ACCESS_GUARD`.
 * Never set in AWS, nor in a process that runs no local server (its clients use HTTP).
 */
export const LOCAL_CONNECTIONS = Symbol.for("mancala.local.connections");

function localConnections(): Map<string, RequestHandlerLike> | undefined {
  return (globalThis as Record<symbol, Map<string, RequestHandlerLike> | undefined>)[LOCAL_CONNECTIONS];
}

/**
 * Local mode, when this process's local server answers `endpoint`: the client's calls go to it in
 * process (the SDK's middleware all runs; no loopback TCP or HTTP framing). Looked up on every call,
 * so once that server has stopped its endpoint refuses calls, as its closed port would.
 */
function inProcessHandler(endpoint: string): Record<string, unknown> {
  return {
    requestHandler: {
      handle(request: never, options?: never): Promise<unknown> {
        const h = localConnections()?.get(endpoint);
        if (h === undefined)
          return Promise.reject(
            Object.assign(new Error(`connect ECONNREFUSED: the local server at ${endpoint} has stopped`), {
              code: "ECONNREFUSED",
            }),
          );
        return h.handle(request, options);
      },
      updateHttpClientConfig: () => undefined,
      httpHandlerConfigs: () => ({}),
      destroy: () => undefined,
    },
  };
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
