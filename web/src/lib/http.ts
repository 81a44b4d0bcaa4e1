/**
 * Where the server's HTTP routes are: the page's own origin. Deployed, CloudFront sends `/api/*` to
 * the HTTP API; locally the server answers the same paths; so one build works in both, with no CORS.
 */
let configured: string | null = null;

/** Points the client at a server other than the page's origin (a test server). */
export function setApiBase(url: string | null): void {
  configured = url;
}

/** The absolute URL of a server path such as `/api/leaderboard` (see `core/protocol/api.ts`). */
export function apiUrl(path: string): string {
  const base = configured ?? (typeof location !== "undefined" ? location.origin : "http://127.0.0.1");
  return new URL(path, base.endsWith("/") ? base : `${base}/`).toString();
}

export async function postJson(path: string, body: unknown, timeoutMs = 8000): Promise<Response> {
  const ctl = new AbortController();
  const t = setTimeout(() => ctl.abort(), timeoutMs);
  try {
    return await fetch(apiUrl(path), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: ctl.signal,
    });
  } finally {
    clearTimeout(t);
  }
}
