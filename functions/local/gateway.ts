/**
 * API Gateway's WebSocket API on one machine: a `ws` server whose connect, message and close become
 * `APIGatewayProxyWebsocketEventV2` events for the very handler modules Lambda runs, and the
 * `@connections` management API (POST to send, GET to describe, DELETE to close) for the real
 * `@aws-sdk/client-apigatewaymanagementapi` client. A closed connection answers 410 `GoneException`,
 * as in AWS. It answers over HTTP on a loopback port (for handlers in another process) and, for the
 * handlers in the server's own process, in process (`connectionsHandler`, the SDK client's request
 * handler there: the SDK still serializes, signs, retries and parses every call, only the loopback
 * TCP and HTTP framing are skipped). Both transports answer from the same function (`answer`).
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { WebSocket, WebSocketServer } from "ws";

interface WsResult {
  readonly statusCode?: number;
  readonly body?: string;
}
export type WsHandler = (event: APIGatewayProxyWebsocketEventV2) => Promise<WsResult | undefined | void>;

export interface WsRoutes {
  readonly connect: WsHandler;
  readonly disconnect: WsHandler;
  readonly message: WsHandler;
}

/** API Gateway's limit on one WebSocket frame (32 KB) and on one message (128 KB). */
export const GATEWAY_MESSAGE_BYTES = 128 * 1024;

interface Conn {
  readonly id: string;
  readonly ws: WebSocket;
  readonly connectedAt: number;
  lastActiveAt: number;
  readonly sourceIp: string;
  /** The caller's port, which names its socket in a trace (`GatewayEvent`). */
  readonly sourcePort: number;
  readonly userAgent: string;
}

/** One answer of the management API: what the HTTP port would send. */
interface ManagementAnswer {
  readonly status: number;
  /** Lower-case names, as Node's HTTP client hands them to the SDK. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * The shape of the SDK's HTTP handler (`@smithy/types` `HttpHandler`): what `requestHandler` of an
 * AWS client accepts. Only the fields this emulation reads are typed.
 */
interface InProcessHandler {
  handle(request: {
    readonly method: string;
    readonly path: string;
    readonly body?: unknown;
  }): Promise<{ response: { statusCode: number; headers: Record<string, string>; body: Uint8Array } }>;
  updateHttpClientConfig(key: never, value: never): void;
  httpHandlerConfigs(): Record<string, never>;
  destroy(): void;
}

export interface LocalGateway {
  /** Handles an HTTP upgrade on `/ws`. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Answers `/@connections/{id}`; returns false when the path is not a management call. */
  management(req: IncomingMessage, res: ServerResponse, path: string): boolean;
  /** The same API in process, as the request handler of an SDK client of this process. */
  readonly connectionsHandler: InProcessHandler;
  readonly connections: number;
  /** `@connections` posts answered so far, and route responses sent back as frames. */
  readonly posts: number;
  /** Management calls that came over the HTTP port (the rest came in process). */
  readonly managementOverHttp: number;
  readonly routeResponses: number;
  /** Messages in, posts and route responses by the connection's `user-agent` (the load bench tags its kinds so). */
  readonly byAgent: Readonly<Record<string, AgentCounts>>;
  readonly faults: FaultCounts;
  close(): Promise<void>;
}

export interface AgentCounts {
  readonly messagesIn: number;
  readonly posts: number;
  readonly routeResponses: number;
}

function connectionId(): string {
  return randomBytes(12).toString("base64");
}

/** API Gateway closes a WebSocket after 10 minutes without a message, and any after 2 hours. */
export const GATEWAY_IDLE_MS = 10 * 60_000;
export const GATEWAY_MAX_CONNECTION_MS = 2 * 3600_000;

export interface GatewayLimits {
  readonly idleMs: number;
  readonly maxConnectionMs: number;
}

/**
 * The ways a deployed stage refuses or cuts, emulated (all off by default; `readGatewayFaults`
 * takes them from `MANCALA_GW_*`):
 * - `rate`/`burst`: the stage throttle, a token bucket over every client message of the stage
 *   (`rate` tokens a second, at most `burst` held). A message with no token is not delivered to the
 *   integration; the caller gets the frame API Gateway sends, `THROTTLED_FRAME`.
 * - `failures`: the fraction of client messages whose integration fails. Half of them fail before the
 *   handler runs, half after it ran (a Lambda that timed out after its writes); either way the
 *   caller gets API Gateway's `{"message": "Internal server error", …}` frame instead of the answer.
 * - `dropMeanMs`: each connection is cut (no close frame) after a random time, exponentially
 *   distributed with this mean.
 * - `throttled` (options only, no variable): a fraction of client messages refused with the throttle's
 *   frame at random, whatever the bucket holds. A stage's throttle is the bucket, whose share of
 *   refusals follows demand (and so the machine's speed); this gives a test a fixed share.
 * - `random`, `drawsFor` (options only): where the random draws come from. `drawsFor` gives the
 *   draws of a caller by its source address (`FaultDraws`: each new connection's drop time, each
 *   message's throttle and failure), so a harness that gives each player its own address and draws
 *   seeded by what is drawn for gets the same faults for that player on every run; an address it
 *   does not know (undefined) draws from `random` (default `Math.random`). The token bucket is not
 *   random: its refusals follow timing, and no seed repeats them.
 * - `watch` (options only): told each thing the gateway does to or for a connection (`GatewayEvent`),
 *   for a harness that records what happened in a game it cannot reproduce.
 */
export interface GatewayFaults {
  readonly rate: number | null;
  readonly burst: number;
  readonly failures: number;
  readonly dropMeanMs: number | null;
  readonly throttled?: number;
  readonly random?: () => number;
  readonly drawsFor?: (sourceIp: string) => FaultDraws | undefined;
  readonly watch?: (e: GatewayEvent) => void;
}

/** The random draws, each uniform in [0, 1), that decide the faults one caller meets. */
export interface FaultDraws {
  /** For a new connection: when it is dropped. */
  connection(): number;
  /** For a client message (its text): throttled, its integration failed, and failed before the handler ran. */
  message(text: string): readonly [number, number, number];
}

/**
 * One thing the gateway did for a connection: opened it (or its `$connect` refused it), a client
 * message's fate (delivered, throttled, its integration failed before or after the handler ran), a
 * route response or an `@connections` post sent to it (or answered 410 because it is gone), a cut
 * (random drop, idle, longest connection) and its close, and when its `$disconnect` handler returned.
 * `what` is the message's `type` (and `rid`) where it has one.
 */
export interface GatewayEvent {
  readonly at: number;
  readonly connId: string;
  readonly sourceIp: string;
  readonly sourcePort: number;
  readonly kind:
    | "open"
    | "refused"
    | "delivered"
    | "throttled"
    | "failed-before"
    | "failed-after"
    | "reply"
    | "post"
    | "post-gone"
    | "drop"
    | "idle-cut"
    | "max-cut"
    | "close"
    | "disconnected";
  readonly what?: string;
}

/** `type` and `rid` of a JSON message, for `GatewayEvent.what` (nothing when it is not JSON). */
function summary(text: string): string | undefined {
  try {
    const m = JSON.parse(text) as unknown;
    if (typeof m !== "object" || m === null) return undefined;
    const { type, rid, code, connected, seat, version } = m as Record<string, unknown>;
    const parts = [type, rid === undefined ? undefined : `rid=${String(rid)}`];
    if (code !== undefined) parts.push(`code=${String(code)}`);
    if (seat !== undefined && connected !== undefined)
      parts.push(`seat=${String(seat)} connected=${String(connected)}`);
    if (version !== undefined) parts.push(`v=${String(version)}`);
    const s = parts.filter((p) => p !== undefined).join(" ");
    return s === "" ? undefined : s;
  } catch {
    return undefined;
  }
}

export const NO_FAULTS: GatewayFaults = { rate: null, burst: 0, failures: 0, dropMeanMs: null };

/**
 * The frames API Gateway's WebSocket API sends a caller whose message was throttled (429 Too Many
 * Requests) or whose integration failed: JSON with `message`, `connectionId` and `requestId`, but
 * none of the application's fields, so no request id to match it to.
 */
function gatewayErrorFrame(message: "Too Many Requests" | "Internal server error", connectionId: string): string {
  return `{"message": "${message}", "connectionId":"${connectionId}", "requestId":"${randomBytes(12).toString("base64").slice(0, 16)}"}`;
}

function envNumber(env: NodeJS.ProcessEnv, key: string): number | undefined {
  const raw = env[key];
  if (raw === undefined || raw.trim() === "") return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${key} must be a non-negative number, got ${JSON.stringify(raw)}`);
  return n;
}

/** `MANCALA_GW_IDLE_MS` and `MANCALA_GW_MAX_MS`, where set. */
export function readGatewayLimits(env: NodeJS.ProcessEnv = process.env): Partial<GatewayLimits> {
  const idleMs = envNumber(env, "MANCALA_GW_IDLE_MS");
  const maxConnectionMs = envNumber(env, "MANCALA_GW_MAX_MS");
  return { ...(idleMs !== undefined ? { idleMs } : {}), ...(maxConnectionMs !== undefined ? { maxConnectionMs } : {}) };
}

/**
 * `MANCALA_GW_RATE` (messages a second), `MANCALA_GW_BURST` (default: the rate, at least 1),
 * `MANCALA_GW_FAULTS` (a fraction, 0 to 1), `MANCALA_GW_DROPS` (mean seconds between drops of a
 * connection). Unset, nothing changes.
 */
export function readGatewayFaults(env: NodeJS.ProcessEnv = process.env): GatewayFaults {
  const rate = envNumber(env, "MANCALA_GW_RATE");
  const burst = envNumber(env, "MANCALA_GW_BURST");
  const failures = envNumber(env, "MANCALA_GW_FAULTS") ?? 0;
  if (failures > 1) throw new Error(`MANCALA_GW_FAULTS is a fraction from 0 to 1, got ${failures}`);
  const drops = envNumber(env, "MANCALA_GW_DROPS");
  return {
    rate: rate ?? null,
    burst: burst ?? (rate === undefined ? 0 : Math.max(1, rate)),
    failures,
    dropMeanMs: drops === undefined || drops === 0 ? null : drops * 1000,
  };
}

/** What the fault emulation has done so far. */
export interface FaultCounts {
  readonly messages: number;
  readonly throttled: number;
  readonly failed: number;
  readonly dropped: number;
  readonly idleCuts: number;
  readonly maxCuts: number;
}

/**
 * Where the emulated gateways read a request's source address (`ServerOptions.sourceOf`): the
 * socket's peer, as API Gateway reports it. Only a test, starting the server in its own process,
 * can pass another.
 */
export type SourceOf = (req: IncomingMessage) => string;
export const socketSource: SourceOf = (req) => req.socket.remoteAddress ?? "127.0.0.1";

export function createLocalGateway(
  routes: WsRoutes,
  domainName: () => string,
  log: (m: string) => void,
  limits: GatewayLimits = { idleMs: GATEWAY_IDLE_MS, maxConnectionMs: GATEWAY_MAX_CONNECTION_MS },
  faults: GatewayFaults = NO_FAULTS,
  sourceOf: SourceOf = socketSource,
): LocalGateway {
  const random = faults.random ?? Math.random;
  const anyone: FaultDraws = { connection: random, message: () => [random(), random(), random()] };
  const drawsOf = (sourceIp: string): FaultDraws => faults.drawsFor?.(sourceIp) ?? anyone;
  const watch = faults.watch;
  /** The source address of each connection ever seen, for posts to one already gone (only while watched). */
  const addressOf = new Map<string, Pick<Conn, "id" | "sourceIp" | "sourcePort">>();
  const tell = (c: Pick<Conn, "id" | "sourceIp" | "sourcePort">, kind: GatewayEvent["kind"], what?: string): void =>
    watch?.({
      at: Date.now(),
      connId: c.id,
      sourceIp: c.sourceIp,
      sourcePort: c.sourcePort,
      kind,
      ...(what !== undefined ? { what } : {}),
    });
  const counts = { messages: 0, throttled: 0, failed: 0, dropped: 0, idleCuts: 0, maxCuts: 0 };
  // The stage's token bucket, refilled lazily (a burst under one token means "the rate, at least 1").
  const burst = faults.burst >= 1 ? faults.burst : Math.max(1, faults.rate ?? 1);
  let tokens = burst;
  let refilledAt = Date.now();
  const takeToken = (): boolean => {
    if (faults.rate === null) return true;
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - refilledAt) / 1000) * faults.rate);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: GATEWAY_MESSAGE_BYTES });
  const conns = new Map<string, Conn>();
  const inflight = new Set<Promise<unknown>>();
  const closing = new Set<Promise<void>>();

  function event(
    c: Pick<Conn, "id" | "connectedAt" | "sourceIp" | "userAgent">,
    kind: "CONNECT" | "MESSAGE" | "DISCONNECT",
    extra: Record<string, unknown>,
  ): APIGatewayProxyWebsocketEventV2 {
    const now = Date.now();
    const routeKey = kind === "CONNECT" ? "$connect" : kind === "DISCONNECT" ? "$disconnect" : "$default";
    return {
      requestContext: {
        routeKey,
        messageId: kind === "MESSAGE" ? randomBytes(8).toString("base64") : "",
        eventType: kind,
        extendedRequestId: randomUUID(),
        requestTime: new Date(now).toUTCString(),
        messageDirection: "IN",
        stage: "local",
        connectedAt: c.connectedAt,
        requestTimeEpoch: now,
        requestId: randomUUID(),
        domainName: domainName(),
        connectionId: c.id,
        apiId: "local",
        identity: { sourceIp: c.sourceIp, userAgent: c.userAgent },
      } as APIGatewayProxyWebsocketEventV2["requestContext"],
      isBase64Encoded: false,
      ...extra,
    };
  }

  function track<T>(p: Promise<T>): Promise<T> {
    inflight.add(p);
    void p.finally(() => inflight.delete(p)).catch(() => undefined);
    return p;
  }

  async function invoke(h: WsHandler, ev: APIGatewayProxyWebsocketEventV2): Promise<WsResult> {
    try {
      return (await h(ev)) ?? { statusCode: 200 };
    } catch (e) {
      // Lambda reports an uncaught error as a 500 integration failure; the connection stays up.
      log(`handler ${ev.requestContext.routeKey} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return { statusCode: 500 };
    }
  }

  let shutting = false;
  let posts = 0;
  let managementOverHttp = 0;
  let routeResponses = 0;
  const byAgent = new Map<string, { messagesIn: number; posts: number; routeResponses: number }>();
  const agent = (c: Conn): { messagesIn: number; posts: number; routeResponses: number } => {
    let a = byAgent.get(c.userAgent);
    if (a === undefined) byAgent.set(c.userAgent, (a = { messagesIn: 0, posts: 0, routeResponses: 0 }));
    return a;
  };

  // The idle and lifetime limits, checked a few times per idle period.
  const reaper = setInterval(
    () => {
      const now = Date.now();
      for (const c of conns.values()) {
        const idle = now - c.lastActiveAt >= limits.idleMs;
        if (idle || now - c.connectedAt >= limits.maxConnectionMs) {
          if (c.ws.readyState === WebSocket.OPEN) {
            if (idle) counts.idleCuts++;
            else counts.maxCuts++;
            tell(c, idle ? "idle-cut" : "max-cut");
          }
          c.ws.close(1001, "Going away");
        }
      }
    },
    Math.max(50, Math.min(limits.idleMs, limits.maxConnectionMs) / 4),
  );
  reaper.unref();

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (shutting) {
      socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const url = new URL(req.url ?? "/", "http://local");
    const meta = {
      id: connectionId(),
      connectedAt: Date.now(),
      sourceIp: sourceOf(req),
      sourcePort: req.socket.remotePort ?? 0,
      userAgent: String(req.headers["user-agent"] ?? ""),
    };
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
    const query = Object.fromEntries(url.searchParams.entries());
    void track(
      invoke(
        routes.connect,
        event(meta, "CONNECT", { headers, queryStringParameters: Object.keys(query).length > 0 ? query : undefined }),
      ).then((r) => {
        const status = r.statusCode ?? 200;
        if (status < 200 || status > 299) {
          tell(meta, "refused", String(status));
          socket.end(
            `HTTP/1.1 ${status === 500 ? 500 : 403} Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
          );
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => attach(ws, meta));
      }),
    );
  }

  function attach(ws: WebSocket, meta: Omit<Conn, "ws" | "lastActiveAt">): void {
    const c: Conn = { ...meta, ws, lastActiveAt: Date.now() };
    conns.set(c.id, c);
    const draws = drawsOf(c.sourceIp);
    if (watch !== undefined) addressOf.set(c.id, c);
    tell(c, "open");
    let closed: () => void = () => undefined;
    const done = new Promise<void>((r) => (closed = r));
    closing.add(done);
    // A random cut, as a network drop does it: no close frame.
    let dropTimer: ReturnType<typeof setTimeout> | null = null;
    if (faults.dropMeanMs !== null && faults.dropMeanMs > 0) {
      const after = -Math.log(1 - draws.connection()) * faults.dropMeanMs;
      dropTimer = setTimeout(() => {
        if (ws.readyState !== WebSocket.OPEN) return;
        counts.dropped++;
        tell(c, "drop");
        ws.terminate();
      }, after);
      dropTimer.unref();
    }
    ws.on("message", (data, isBinary) => {
      c.lastActiveAt = Date.now();
      counts.messages++;
      agent(c).messagesIn++;
      const reply = (text: string): void => {
        if (ws.readyState === WebSocket.OPEN) ws.send(text);
      };
      const text = data.toString();
      const what = watch !== undefined && !isBinary ? summary(text) : undefined;
      const [throttle, failure, before] = draws.message(text);
      if ((faults.throttled !== undefined && faults.throttled > 0 && throttle < faults.throttled) || !takeToken()) {
        counts.throttled++;
        tell(c, "throttled", what);
        reply(gatewayErrorFrame("Too Many Requests", c.id));
        return;
      }
      const fails = faults.failures > 0 && failure < faults.failures;
      if (fails) counts.failed++;
      if (fails && before < 0.5) {
        tell(c, "failed-before", what);
        reply(gatewayErrorFrame("Internal server error", c.id));
        return;
      }
      const body = isBinary ? Buffer.from(data as Buffer).toString("base64") : text;
      tell(c, fails ? "failed-after" : "delivered", what);
      // As API Gateway does for a route with a route response (the stack gives `$default` one): the
      // integration's body goes back to the caller as a frame.
      void track(
        invoke(routes.message, event(c, "MESSAGE", { body, isBase64Encoded: isBinary })).then((r) => {
          if (fails) return reply(gatewayErrorFrame("Internal server error", c.id));
          if (typeof r.body === "string" && r.body !== "" && ws.readyState === WebSocket.OPEN) {
            routeResponses++;
            agent(c).routeResponses++;
            if (watch !== undefined) tell(c, "reply", summary(r.body));
            ws.send(r.body);
          }
        }),
      );
    });
    ws.on("error", () => undefined);
    ws.on("close", (code, reason) => {
      if (dropTimer !== null) clearTimeout(dropTimer);
      conns.delete(c.id);
      tell(c, "close", String(code));
      void track(
        invoke(
          routes.disconnect,
          event(c, "DISCONNECT", { disconnectStatusCode: code, disconnectReason: reason.toString() }),
        ),
      ).finally(() => {
        tell(c, "disconnected");
        closing.delete(done);
        closed();
      });
    });
  }

  const json = (status: number, errorType: string | null, body: unknown): ManagementAnswer => ({
    status,
    headers: { "content-type": "application/json", ...(errorType !== null ? { "x-amzn-errortype": errorType } : {}) },
    body: JSON.stringify(body),
  });
  const POSTED = json(200, null, {});

  /**
   * `method` on `/@connections/{encodedId}` with `body` (the POST's bytes, or null when it was over
   * the message limit): the answer API Gateway gives.
   */
  function answer(method: string, encodedId: string, body: Uint8Array | null): ManagementAnswer {
    let id: string;
    try {
      id = decodeURIComponent(encodedId);
    } catch {
      return json(400, "BadRequestException", { message: "bad connection id" });
    }
    const c = conns.get(id);
    const gone = (): ManagementAnswer => json(410, "GoneException", { message: `connection ${id} is gone` });
    if (method === "POST") {
      if (body === null || body.byteLength > GATEWAY_MESSAGE_BYTES)
        return json(413, "PayloadTooLargeException", { message: "payload too large" });
      const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
      if (c === undefined || c.ws.readyState !== WebSocket.OPEN) {
        const was = addressOf.get(id);
        if (was !== undefined) tell(was, "post-gone", summary(text));
        return gone();
      }
      posts++;
      agent(c).posts++;
      if (watch !== undefined) tell(c, "post", summary(text));
      c.ws.send(text);
      return POSTED;
    }
    if (c === undefined || c.ws.readyState !== WebSocket.OPEN) return gone();
    if (method === "GET") {
      return json(200, null, {
        connectedAt: new Date(c.connectedAt).toISOString(),
        lastActiveAt: new Date(c.lastActiveAt).toISOString(),
        identity: { sourceIp: c.sourceIp, userAgent: c.userAgent },
      });
    }
    if (method === "DELETE") {
      c.ws.close(1000, "deleted");
      return { status: 204, headers: {}, body: "" };
    }
    return { status: 405, headers: {}, body: "" };
  }

  const CONNECTIONS_PATH = /^(?:\/[^/@]+)?\/@connections\/([^/]+)$/;

  function management(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    const m = CONNECTIONS_PATH.exec(path);
    if (m === null) return false;
    managementOverHttp++;
    const send = (a: ManagementAnswer): void => {
      res.writeHead(a.status, a.headers);
      res.end(a.body);
    };
    if (req.method !== "POST") {
      req.resume();
      send(answer(req.method ?? "", m[1], null));
      return true;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (d: Buffer) => {
      size += d.length;
      if (size <= GATEWAY_MESSAGE_BYTES) chunks.push(d);
    });
    req.on("end", () => send(answer("POST", m[1], size > GATEWAY_MESSAGE_BYTES ? null : Buffer.concat(chunks))));
    return true;
  }

  const encoder = new TextEncoder();
  const connectionsHandler: InProcessHandler = {
    async handle(request) {
      const m = CONNECTIONS_PATH.exec(request.path);
      const b = request.body;
      const bytes =
        b === undefined || b === null
          ? new Uint8Array(0)
          : typeof b === "string"
            ? encoder.encode(b)
            : b instanceof Uint8Array
              ? b
              : null;
      const a =
        m === null
          ? { status: 404, headers: {}, body: "" }
          : bytes === null
            ? json(400, "BadRequestException", { message: "the body must be bytes or a string" })
            : answer(request.method, m[1], bytes);
      return { response: { statusCode: a.status, headers: { ...a.headers }, body: encoder.encode(a.body) } };
    },
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
    destroy: () => undefined,
  };

  return {
    upgrade,
    management,
    connectionsHandler,
    get connections() {
      return conns.size;
    },
    get posts() {
      return posts;
    },
    get managementOverHttp() {
      return managementOverHttp;
    },
    get routeResponses() {
      return routeResponses;
    },
    get byAgent() {
      return Object.fromEntries([...byAgent].map(([k, v]) => [k, { ...v }]));
    },
    get faults() {
      return { ...counts };
    },
    async close() {
      shutting = true;
      clearInterval(reaper);
      for (const c of conns.values()) c.ws.terminate();
      wss.close();
      // Let the $disconnect handlers and any in-flight messages finish before the store goes away
      // (bounded: a handler stuck on a dead dependency must not keep the process from stopping).
      const settle = (async () => {
        await Promise.allSettled([...closing]);
        for (let i = 0; i < 50 && inflight.size > 0; i++) await Promise.allSettled([...inflight]);
      })();
      await Promise.race([settle, new Promise((r) => setTimeout(r, 5_000).unref())]);
    },
  };
}
