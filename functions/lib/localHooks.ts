/**
 * The local emulator's hooks into the AWS clients (local mode only; never set in AWS): the IAM
 * emulation's access guard (functions/local/access.ts) sees every call, and a management API the
 * local server answers in this process is reached without TCP (functions/local/gateway.ts). Both
 * are process-wide symbols, so handler modules and bundled copies of this file reach the same ones.
 */
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

/** Where the local server puts its IAM emulation (`functions/local/access.ts`). */
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

export type Guardable = { middlewareStack: { add(mw: unknown, opts: { step: "initialize"; name: string }): void } };

/** Local mode: every call of `client` goes past the access guard, when one is installed. */
export function guard(client: Guardable, service: AccessCall["service"]): void {
  const mw =
    (next: (args: { input: Record<string, unknown> }) => Promise<unknown>, context: { commandName?: string }) =>
    (args: { input: Record<string, unknown> }): Promise<unknown> => {
      const check = (globalThis as Record<symbol, AccessGuard | undefined>)[ACCESS_GUARD];
      if (check !== undefined) {
        const action = (context.commandName ?? "").replace(/Command$/, "");
        const index = typeof args.input.IndexName === "string" ? args.input.IndexName : undefined;
        const batch = args.input.RequestItems as Record<string, unknown[] | { Keys?: unknown[] }> | undefined;
        if (batch === undefined) check({ service, action, index, pk: partitionKeyOf(args.input) });
        // A batch names one partition per key: each is checked as its own call would be.
        else
          for (const entries of Object.values(batch))
            for (const e of Array.isArray(entries) ? entries : (entries.Keys ?? []).map((Key) => ({ Key }))) {
              const r = e as { Key?: unknown; PutRequest?: { Item: unknown }; DeleteRequest?: { Key: unknown } };
              const input = r.PutRequest ?? r.DeleteRequest ?? r;
              check({ service, action, index, pk: partitionKeyOf(input as Record<string, unknown>) });
            }
      }
      return next(args);
    };
  client.middlewareStack.add(mw, { step: "initialize", name: "localAccessGuard" });
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

export function localConnections(): Map<string, RequestHandlerLike> | undefined {
  return (globalThis as Record<symbol, Map<string, RequestHandlerLike> | undefined>)[LOCAL_CONNECTIONS];
}

/**
 * Local mode, when this process's local server answers `endpoint`: the client's calls go to it in
 * process (the SDK's middleware all runs; no loopback TCP or HTTP framing). Looked up on every call,
 * so once that server has stopped its endpoint refuses calls, as its closed port would.
 */
export function inProcessHandler(endpoint: string): Record<string, unknown> {
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
