/**
 * API Gateway's WebSocket API on one machine: a `ws` server whose connect, message and close become
 * `APIGatewayProxyWebsocketEventV2` events for the very handler modules Lambda runs, and the
 * `@connections` management API (POST to send, GET to describe, DELETE to close) answered over HTTP
 * so the handlers use the real `@aws-sdk/client-apigatewaymanagementapi` client. A closed
 * connection answers 410 `GoneException`, as in AWS.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { WebSocket, WebSocketServer } from "ws";

export interface WsResult {
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
export const GATEWAY_FRAME_BYTES = 32 * 1024;
export const GATEWAY_MESSAGE_BYTES = 128 * 1024;

interface Conn {
  readonly id: string;
  readonly ws: WebSocket;
  readonly connectedAt: number;
  lastActiveAt: number;
  readonly sourceIp: string;
  readonly userAgent: string;
}

export interface LocalGateway {
  /** Handles an HTTP upgrade on `/ws`. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Answers `/@connections/{id}`; returns false when the path is not a management call. */
  management(req: IncomingMessage, res: ServerResponse, path: string): boolean;
  readonly connections: number;
  /** `@connections` posts answered so far, and route responses sent back as frames. */
  readonly posts: number;
  readonly routeResponses: number;
  close(): Promise<void>;
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

export function createLocalGateway(
  routes: WsRoutes,
  domainName: () => string,
  log: (m: string) => void,
  limits: GatewayLimits = { idleMs: GATEWAY_IDLE_MS, maxConnectionMs: GATEWAY_MAX_CONNECTION_MS },
): LocalGateway {
  const wss = new WebSocketServer({ noServer: true, maxPayload: GATEWAY_MESSAGE_BYTES });
  const conns = new Map<string, Conn>();
  const inflight = new Set<Promise<unknown>>();
  const closing = new Set<Promise<void>>();

  function event(c: Pick<Conn, "id" | "connectedAt" | "sourceIp" | "userAgent">, kind: "CONNECT" | "MESSAGE" | "DISCONNECT", extra: Record<string, unknown>): APIGatewayProxyWebsocketEventV2 {
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
      log(`handler ${ev.requestContext.routeKey} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      return { statusCode: 500 };
    }
  }

  let shutting = false;
  let posts = 0;
  let routeResponses = 0;

  // The idle and lifetime limits, checked a few times per idle period.
  const reaper = setInterval(() => {
    const now = Date.now();
    for (const c of conns.values()) {
      if (now - c.lastActiveAt >= limits.idleMs || now - c.connectedAt >= limits.maxConnectionMs) c.ws.close(1001, "Going away");
    }
  }, Math.max(50, Math.min(limits.idleMs, limits.maxConnectionMs) / 4));
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
      sourceIp: req.socket.remoteAddress ?? "127.0.0.1",
      userAgent: String(req.headers["user-agent"] ?? ""),
    };
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
    const query = Object.fromEntries(url.searchParams.entries());
    void track(
      invoke(routes.connect, event(meta, "CONNECT", { headers, queryStringParameters: Object.keys(query).length > 0 ? query : undefined })).then((r) => {
        const status = r.statusCode ?? 200;
        if (status < 200 || status > 299) {
          socket.end(`HTTP/1.1 ${status === 500 ? 500 : 403} Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => attach(ws, meta));
      }),
    );
  }

  function attach(ws: WebSocket, meta: Omit<Conn, "ws" | "lastActiveAt">): void {
    const c: Conn = { ...meta, ws, lastActiveAt: Date.now() };
    conns.set(c.id, c);
    let closed: () => void = () => undefined;
    const done = new Promise<void>((r) => (closed = r));
    closing.add(done);
    ws.on("message", (data, isBinary) => {
      c.lastActiveAt = Date.now();
      const body = isBinary ? Buffer.from(data as Buffer).toString("base64") : data.toString();
      // As API Gateway does for a route with a route response (the stack gives `$default` one): the
      // integration's body goes back to the caller as a frame.
      void track(
        invoke(routes.message, event(c, "MESSAGE", { body, isBase64Encoded: isBinary })).then((r) => {
          if (typeof r.body === "string" && r.body !== "" && ws.readyState === WebSocket.OPEN) {
            routeResponses++;
            ws.send(r.body);
          }
        }),
      );
    });
    ws.on("error", () => undefined);
    ws.on("close", (code, reason) => {
      conns.delete(c.id);
      void track(
        invoke(routes.disconnect, event(c, "DISCONNECT", { disconnectStatusCode: code, disconnectReason: reason.toString() })),
      ).finally(() => {
        closing.delete(done);
        closed();
      });
    });
  }

  function management(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    const m = /^(?:\/[^/@]+)?\/@connections\/([^/]+)$/.exec(path);
    if (m === null) return false;
    let id: string;
    try {
      id = decodeURIComponent(m[1]);
    } catch {
      req.resume();
      res.writeHead(400, { "content-type": "application/json", "x-amzn-ErrorType": "BadRequestException" });
      res.end(JSON.stringify({ message: "bad connection id" }));
      return true;
    }
    const c = conns.get(id);
    const gone = (): void => {
      res.writeHead(410, { "content-type": "application/json", "x-amzn-ErrorType": "GoneException" });
      res.end(JSON.stringify({ message: `connection ${id} is gone` }));
    };
    if (req.method === "POST") {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (d: Buffer) => {
        size += d.length;
        if (size <= GATEWAY_MESSAGE_BYTES) chunks.push(d);
      });
      req.on("end", () => {
        if (size > GATEWAY_MESSAGE_BYTES) {
          res.writeHead(413, { "content-type": "application/json", "x-amzn-ErrorType": "PayloadTooLargeException" });
          res.end(JSON.stringify({ message: "payload too large" }));
          return;
        }
        const now = conns.get(id);
        if (now === undefined || now.ws.readyState !== WebSocket.OPEN) return gone();
        posts++;
        now.ws.send(Buffer.concat(chunks).toString("utf8"));
        res.writeHead(200, { "content-type": "application/json" });
        res.end("{}");
      });
      return true;
    }
    if (c === undefined || c.ws.readyState !== WebSocket.OPEN) {
      req.resume();
      gone();
      return true;
    }
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          connectedAt: new Date(c.connectedAt).toISOString(),
          lastActiveAt: new Date(c.lastActiveAt).toISOString(),
          identity: { sourceIp: c.sourceIp, userAgent: c.userAgent },
        }),
      );
      return true;
    }
    if (req.method === "DELETE") {
      c.ws.close(1000, "deleted");
      res.writeHead(204);
      res.end();
      return true;
    }
    res.writeHead(405);
    res.end();
    return true;
  }

  return {
    upgrade,
    management,
    get connections() {
      return conns.size;
    },
    get posts() {
      return posts;
    },
    get routeResponses() {
      return routeResponses;
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
