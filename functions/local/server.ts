/**
 * The local server: one Node process that runs the very handlers Lambda runs. It serves the built
 * client and the HTTP API routes, emulates API Gateway's WebSocket API at `/ws` and its
 * `@connections` API, runs dynalite (on its own thread) persisted under `dataDir` with the table created on startup,
 * emulates TTL with a sweeper, and calls the ranked-match timer on an interval.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { CONFIG_PATH, WS_PATH } from "../../core/protocol/api.js";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DEFAULT_TABLE } from "../lib/config.js";
import { LOCAL_CONNECTIONS } from "../lib/localHooks.js";
import { ensureTable, startDynalite, sweepExpired, type FamilyCalls } from "./dynamo.js";
import {
  GATEWAY_IDLE_MS,
  GATEWAY_MAX_CONNECTION_MS,
  createLocalGateway,
  readGatewayFaults,
  readGatewayLimits,
  socketSource,
  type AgentCounts,
  type FaultCounts,
  type SourceOf,
  type GatewayFaults,
  type WsHandler,
} from "./gateway.js";
import { routeHttp, serveStatic } from "./http.js";
import { asRoute, installAccessGuard } from "./access.js";
import { LOCAL_SECRETS_DIR_ENV } from "../lib/secrets.js";
import { TIMER_ROUTES, WS_ROUTES, type Route, type WsRoute } from "../routes.js";

const FUNCTIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROOT_DIR = resolve(FUNCTIONS_DIR, "..");

export interface ServerOptions {
  /** 0 picks a free port. Default 3000. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Where dynalite keeps its LevelDB files. Default `.data/` at the project root. */
  readonly dataDir?: string;
  /** The built client. Default `web/dist`. */
  readonly staticDir?: string;
  readonly quiet?: boolean;
  /** How often the TTL sweeper runs (ms). Default 60 000. */
  readonly sweepMs?: number;
  /** How often the timer routes of `functions/routes.ts` run (ms). Default 1 000. */
  readonly timerMs?: number;
  /**
   * API Gateway's WebSocket limits: idle timeout and longest connection. Default: `MANCALA_GW_IDLE_MS`
   * and `MANCALA_GW_MAX_MS` where set, else 10 min and 2 h.
   */
  readonly idleMs?: number;
  readonly maxConnectionMs?: number;
  /** The stage's throttle, failing integrations and random drops (gateway.ts). Default: from `MANCALA_GW_*`. */
  readonly faults?: Partial<GatewayFaults>;
  /** A connection that sends no complete request head in this time is closed. Default 10 000. */
  readonly headerTimeoutMs?: number;
  /**
   * Where each route's handler module is loaded from (an absolute path). Default: its source under
   * the project root; the bundle test passes the bundles the stack deploys.
   */
  readonly moduleOf?: (route: Route) => string;
  /**
   * Where a request's source address is read. Default: the socket's peer. Test support only (a
   * function, so neither the environment nor a request can set it; the deployed handlers get theirs
   * from API Gateway and CloudFront): loopback can bind 127.0.0.0/8 but only one IPv6 address, so a
   * test of the per-network limits presents the addresses of one /64 this way.
   */
  readonly sourceOf?: SourceOf;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly wsUrl: string;
  /** What the emulated AWS services have done so far (for the relay bench). */
  stats(): {
    readonly dynamo: Readonly<Record<string, number>>;
    readonly posts: number;
    readonly routeResponses: number;
    readonly managementOverHttp: number;
    readonly byAgent: Readonly<Record<string, AgentCounts>>;
    readonly faults: FaultCounts;
    /** DynamoDB items written and read by family (`pk` up to its `#`). */
    readonly families: FamilyCalls;
  };
  close(): Promise<void>;
}

/** How long a socket may take to send its request head. */
const HEADER_TIMEOUT_MS = 10_000;

type TimerHandler = (event: Record<string, unknown>) => Promise<unknown>;

function defaults(opts: ServerOptions): Required<ServerOptions> {
  return {
    port: opts.port ?? 3000,
    host: opts.host ?? "127.0.0.1",
    dataDir: resolve(opts.dataDir ?? join(ROOT_DIR, ".data")),
    staticDir: resolve(opts.staticDir ?? join(ROOT_DIR, "web", "dist")),
    quiet: opts.quiet ?? false,
    sweepMs: opts.sweepMs ?? 60_000,
    timerMs: opts.timerMs ?? 1_000,
    idleMs: opts.idleMs ?? readGatewayLimits().idleMs ?? GATEWAY_IDLE_MS,
    maxConnectionMs: opts.maxConnectionMs ?? readGatewayLimits().maxConnectionMs ?? GATEWAY_MAX_CONNECTION_MS,
    faults: { ...readGatewayFaults(), ...opts.faults },
    headerTimeoutMs: opts.headerTimeoutMs ?? HEADER_TIMEOUT_MS,
    moduleOf: opts.moduleOf ?? ((route) => join(ROOT_DIR, route.module)),
    sourceOf: opts.sourceOf ?? socketSource,
  };
}

/**
 * Starts everything. The handlers read their configuration from the environment, so one local
 * server runs per process (tests start their own process-wide server per file).
 */
/** Whether `path` starts with `/<secret>/` (compared in constant time). */
function hasSecretPrefix(path: string, secret: string): boolean {
  const want = Buffer.from(`/${secret}/`);
  const got = Buffer.from(path.slice(0, want.length));
  return got.length === want.length && timingSafeEqual(got, want);
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const o = defaults(options);
  const log = (m: string): void => {
    if (!o.quiet) process.stderr.write(`[local] ${m}\n`);
  };
  // The local server is a development tool; the SDK's notice about future Node versions is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const dynamo = await startDynalite(o.dataDir);
  const tableName = process.env.TABLE_NAME ?? DEFAULT_TABLE;
  process.env.TABLE_NAME = tableName;
  process.env.MANCALA_LOCAL = "1";
  process.env.DYNAMO_ENDPOINT = dynamo.endpoint;
  process.env.AWS_EC2_METADATA_DISABLED = "true";
  process.env.AWS_REGION ??= "us-east-1";
  // Secrets (functions/lib/secrets.ts) are files beside the data; without data, in memory.
  if (o.dataDir !== null) process.env[LOCAL_SECRETS_DIR_ENV] = join(o.dataDir, "secrets");
  else delete process.env[LOCAL_SECRETS_DIR_ENV];
  await ensureTable(dynamo.client, tableName);

  installAccessGuard();

  // The handler modules of functions/routes.ts, imported after the environment is set, each run as its route.
  const wsHandler = async (key: WsRoute["key"]): Promise<WsHandler> => {
    const route = WS_ROUTES.find((r) => r.key === key);
    if (route === undefined) throw new Error(`functions/routes.ts has no WebSocket route ${key}`);
    const mod = (await import(pathToFileURL(o.moduleOf(route)).href)) as { handler: WsHandler };
    return asRoute(route, mod.handler);
  };
  const [connect, disconnect, message] = await Promise.all([
    wsHandler("$connect"),
    wsHandler("$disconnect"),
    wsHandler("$default"),
  ]);

  let domainName = "";
  const gateway = createLocalGateway(
    { connect, disconnect, message },
    () => domainName,
    log,
    { idleMs: o.idleMs, maxConnectionMs: o.maxConnectionMs },
    { ...readGatewayFaults({}), ...o.faults },
    o.sourceOf,
  );

  const limitsShortened = o.idleMs !== GATEWAY_IDLE_MS || o.maxConnectionMs !== GATEWAY_MAX_CONNECTION_MS;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://local");
    } catch {
      // A path such as "//" is not a URL on this base: answer, do not take the process down.
      res.writeHead(400, { "content-type": "text/plain" });
      res.end("bad request path");
      return;
    }
    if (url.pathname === `/${CONFIG_PATH}` && limitsShortened) {
      // Shortened gateway limits (MANCALA_GW_IDLE_MS / MANCALA_GW_MAX_MS): the client is told them
      // beside the page's own address, so its heartbeat and planned reconnect fit them.
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      res.end(JSON.stringify({ wsUrl: "", gatewayIdleMs: o.idleMs, gatewayMaxMs: o.maxConnectionMs }));
      return;
    }
    routeHttp(req, res, url, o.moduleOf, domainName, log, o.sourceOf)
      .then((handled) => {
        if (!handled) serveStatic(req, res, url, o.staticDir);
      })
      .catch((e: unknown) => {
        log(`request failed: ${String(e)}`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  server.on("upgrade", (req, socket, head) => {
    let path: string | null = null;
    try {
      path = new URL(req.url ?? "/", "http://local").pathname;
    } catch {
      path = null;
    }
    if (path !== WS_PATH) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    gateway.upgrade(req, socket, head);
  });
  // Slowloris: a socket must send its request head in time (Node's own headersTimeout is checked
  // only every 30 s, and not at all for a socket that never sends a byte).
  server.headersTimeout = o.headerTimeoutMs;
  server.requestTimeout = Math.max(o.headerTimeoutMs, 30_000);
  server.on("connection", (socket) => {
    const t = setTimeout(() => socket.destroy(), o.headerTimeoutMs);
    t.unref();
    let head = "";
    const onData = (d: Buffer): void => {
      head += d.toString("latin1");
      if (head.includes("\r\n\r\n") || head.length > 64 * 1024) {
        clearTimeout(t);
        socket.off("data", onData);
      }
    };
    socket.on("data", onData);
    socket.once("close", () => clearTimeout(t));
  });
  await new Promise<void>((res, rej) => {
    server.once("error", rej);
    server.listen(o.port, o.host, () => res());
  });
  // The management API answers on loopback only, on its own port, and only under a path made of a
  // secret drawn for this process: the endpoint (with the secret) reaches the server's own handlers
  // through GATEWAY_ENDPOINT, so another local user or a web page cannot post, read or close.
  const mgmtSecret = randomBytes(24).toString("base64url");
  const mgmt = createServer((req, res) => {
    let path = "/";
    try {
      path = new URL(req.url ?? "/", "http://local").pathname;
    } catch {
      path = "/";
    }
    if (hasSecretPrefix(path, mgmtSecret) && gateway.management(req, res, path)) return;
    req.resume();
    res.writeHead(403);
    res.end();
  });
  await new Promise<void>((res, rej) => {
    mgmt.once("error", rej);
    mgmt.listen(0, "127.0.0.1", () => res());
  });
  const mgmtPort = (mgmt.address() as AddressInfo).port;
  const port = (server.address() as AddressInfo).port;
  const hostForUrl =
    o.host === "0.0.0.0" || o.host === "::" ? "127.0.0.1" : o.host.includes(":") ? `[${o.host}]` : o.host;
  domainName = `${hostForUrl}:${port}`;
  const gatewayEndpoint = `http://127.0.0.1:${mgmtPort}/${mgmtSecret}`;
  process.env.GATEWAY_ENDPOINT = gatewayEndpoint;
  // The handlers of this process reach the management API in process (see gateway.ts).
  const registry = ((globalThis as Record<symbol, Map<string, unknown> | undefined>)[LOCAL_CONNECTIONS] ??= new Map());
  registry.set(gatewayEndpoint, gateway.connectionsHandler);

  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepExpired(dynamo.client, tableName)
      .catch((e: unknown) => log(`ttl sweep failed: ${String(e)}`))
      .finally(() => (sweeping = false));
  }, o.sweepMs);
  sweep.unref();

  const timers = TIMER_ROUTES.map((route) => {
    let running: Promise<unknown> | null = null;
    const file = o.moduleOf(route);
    const tick = asRoute(route, async () => {
      const mod = (await import(pathToFileURL(file).href)) as { handler?: TimerHandler };
      if (typeof mod.handler !== "function") throw new Error(`${route.module} exports no handler`);
      return mod.handler({
        "detail-type": "Scheduled Event",
        source: "aws.events",
        time: new Date().toISOString(),
        detail: {},
      });
    });
    const interval = setInterval(() => {
      if (running !== null || !existsSync(file)) return;
      running = tick()
        .catch((e: unknown) =>
          log(`timer ${route.module} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
        )
        .finally(() => (running = null));
    }, o.timerMs);
    interval.unref();
    return { interval, running: (): Promise<unknown> | null => running };
  });

  const url = `http://${domainName}/`;
  log(`listening on ${url} (data in ${o.dataDir})`);
  let closed: Promise<void> | null = null;
  return {
    url,
    port,
    wsUrl: `ws://${domainName}${WS_PATH}`,
    stats: () => ({
      dynamo: dynamo.calls(),
      posts: gateway.posts,
      routeResponses: gateway.routeResponses,
      managementOverHttp: gateway.managementOverHttp,
      byAgent: gateway.byAgent,
      faults: gateway.faults,
      families: dynamo.families(),
    }),
    close() {
      closed ??= (async () => {
        clearInterval(sweep);
        for (const t of timers) clearInterval(t.interval);
        // WebSockets first, while `@connections` still answers their last handlers; then HTTP.
        await gateway.close();
        await new Promise<void>((res) => {
          server.close(() => res());
          server.closeAllConnections();
        });
        await new Promise<void>((res) => {
          mgmt.close(() => res());
          mgmt.closeAllConnections();
        });
        registry.delete(gatewayEndpoint);
        await Promise.all(timers.map((t) => t.running()));
        await dynamo.close();
      })();
      return closed;
    },
  };
}
