/**
 * The HTTP side of the local server: the HTTP API routes of `functions/routes.ts` (the same handler
 * modules API Gateway's HTTP API invokes, each run as its route) and the built client as static files
 * with an SPA fallback to `index.html`.
 */
import { ORIGIN_HEADER, newOriginSecret } from "../http/respond.js";
import { readSecret } from "../lib/secrets.js";
import { createReadStream, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { API_PREFIX } from "../../core/protocol/api.js";
import { HTTP_ROUTES, routeName, type HttpRoute } from "../routes.js";
import { asRoute } from "./access.js";
import { socketSource, type SourceOf } from "./gateway.js";

type HttpHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2 | string | undefined>;

const HTTP_BODY_LIMIT = 64 * 1024;

const MIME: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".wav": "audio/wav",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
};

function mimeType(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? "application/octet-stream";
}

function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split("/");
  const b = path.split("/");
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const m = /^\{(\w+)\}$/.exec(a[i]);
    if (m !== null) {
      if (b[i] === "") return null;
      try {
        params[m[1]] = decodeURIComponent(b[i]);
      } catch {
        return null;
      }
    } else if (a[i] !== b[i]) return null;
  }
  return params;
}

/** Where a route's handler module is loaded from (an absolute path): its source, or a bundle of it. */
export type ModuleOf = (route: HttpRoute) => string;

const loaded = new Map<string, Promise<HttpHandler>>();

function loadHandler(route: HttpRoute, moduleOf: ModuleOf): Promise<HttpHandler> {
  const file = moduleOf(route);
  let p = loaded.get(file);
  if (p === undefined) {
    p = import(pathToFileURL(file).href).then((mod: { handler?: HttpHandler }) => {
      if (typeof mod.handler !== "function") throw new Error(`${file} exports no handler`);
      return asRoute(route, mod.handler);
    });
    loaded.set(file, p);
  }
  return p;
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (d: Buffer) => {
      size += d.length;
      if (size <= HTTP_BODY_LIMIT) chunks.push(d);
    });
    req.on("end", () => resolveBody(size > HTTP_BODY_LIMIT ? null : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * What CloudFront does to an `/api/*` request before the HTTP API sees it: it sets the viewer's
 * address (overwriting a viewer's own header of that name) and adds the secret origin header.
 */
async function asCloudFront(event: APIGatewayProxyEventV2, req: IncomingMessage, ip: string): Promise<void> {
  event.headers["cloudfront-viewer-address"] = `${ip}:${req.socket.remotePort ?? 0}`;
  event.headers[ORIGIN_HEADER] = (await readSecret("origin-verify", newOriginSecret)).trim();
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  routeKey: string,
  params: Record<string, string>,
  body: Buffer,
  domainName: string,
  sourceIp: string,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(",") : v;
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const now = Date.now();
  const text = body.toString("utf8");
  const isText = Buffer.from(text, "utf8").equals(body);
  return {
    version: "2.0",
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(params).length > 0 ? params : undefined,
    requestContext: {
      accountId: "local",
      apiId: "local",
      domainName,
      domainPrefix: domainName.split(".")[0],
      http: {
        method: req.method ?? "GET",
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey,
      stage: "$default",
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    body: body.length === 0 ? undefined : isText ? text : body.toString("base64"),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

function sendResult(res: ServerResponse, out: APIGatewayProxyStructuredResultV2 | string | undefined): void {
  // HTTP API payload 2.0: a bare string or object without statusCode is a 200 JSON body.
  if (out === undefined || typeof out === "string" || out.statusCode === undefined) {
    const body = typeof out === "string" ? out : JSON.stringify(out ?? null);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(out.headers ?? {})) headers[k] = String(v);
  if (out.cookies !== undefined && out.cookies.length > 0) headers["set-cookie"] = out.cookies;
  if (headers["content-type"] === undefined && headers["Content-Type"] === undefined)
    headers["content-type"] = "application/json";
  res.writeHead(out.statusCode, headers);
  res.end(
    out.body === undefined ? undefined : out.isBase64Encoded === true ? Buffer.from(out.body, "base64") : out.body,
  );
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/**
 * Routes an HTTP API request the way API Gateway's HTTP API does (no CORS: the client is served from
 * the same origin): a route matches on method and path, anything else under `/api/` is a 404. Returns
 * false for paths outside `/api/` (so static files are tried).
 */
export async function routeHttp(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  moduleOf: ModuleOf,
  domainName: string,
  log: (m: string) => void,
  sourceOf: SourceOf = socketSource,
): Promise<boolean> {
  if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) return false;
  const method = req.method ?? "GET";
  for (const r of HTTP_ROUTES) {
    if (method !== r.method) continue;
    const params = matchRoute(r.path, url.pathname);
    if (params === null) continue;
    const body = await readBody(req);
    if (body === null) {
      sendJson(res, 413, { error: { code: "http/too_large", message: "request body too large" } });
      return true;
    }
    try {
      const handler = await loadHandler(r, moduleOf);
      const ip = sourceOf(req);
      const event = toEvent(req, url, routeName(r), params, body, domainName, ip);
      await asCloudFront(event, req, ip);
      sendResult(res, await handler(event));
    } catch (e) {
      log(`http ${routeName(r)} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      sendJson(res, 500, { message: "Internal Server Error" });
    }
    return true;
  }
  sendJson(res, 404, { message: "Not Found" });
  return true;
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Mancala</title>
<p>The web client is not built yet. Run <code>npm run build:web</code> (or <code>npm start</code>, which builds it) and reload.</p>`;

/** Serves a file from `root`, or `index.html` for a client-side route. */
export function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, root: string): void {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD" });
    res.end();
    return;
  }
  const base = resolve(root);
  let rel: string;
  try {
    rel = decodeURIComponent(url.pathname);
  } catch {
    res.writeHead(400);
    res.end();
    return;
  }
  let file = normalize(join(base, rel));
  if (file !== base && !file.startsWith(base + sep)) {
    res.writeHead(403);
    res.end();
    return;
  }
  const isFile = (f: string): boolean => {
    try {
      return statSync(f).isFile();
    } catch {
      return false;
    }
  };
  if (!isFile(file) && isFile(join(file, "index.html"))) file = join(file, "index.html");
  if (!isFile(file)) {
    // A path with an extension is a missing asset; anything else is a client-side route.
    if (extname(rel) !== "" && extname(rel) !== ".html") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      res.end("not found");
      return;
    }
    file = join(base, "index.html");
    if (!isFile(file)) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : NOT_BUILT);
      return;
    }
  }
  const size = statSync(file).size;
  const immutable =
    /[.-][0-9a-zA-Z_-]{8,}\.(js|css|woff2?|png|svg|webp|jpg)$/.test(file) && file.includes(`${sep}assets${sep}`);
  res.writeHead(200, {
    "content-type": mimeType(file),
    "content-length": size,
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    "x-content-type-options": "nosniff",
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}
