/** Where the server's HTTP routes are: the page's own origin, or the deployed API's URL. */
let configured: string | null = null;

/** Points the client at a server other than the page's origin (a deployed API, or a test server). */
export function setApiBase(url: string | null): void {
  configured = url;
}

export function apiUrl(path: string): string {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env;
  const base = configured ?? env?.VITE_HTTP_URL ?? (typeof location !== "undefined" ? location.origin : "http://127.0.0.1");
  return new URL(path, base.endsWith("/") ? base : `${base}/`).toString();
}

export async function postJson(path: string, body: unknown, timeoutMs = 8000): Promise<Response> {
  const ctl = new AbortController();
  const t = setTimeout(() => ctl.abort(), timeoutMs);
  try {
    return await fetch(apiUrl(path.replace(/^\//, "")), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: ctl.signal,
    });
  } finally {
    clearTimeout(t);
  }
}
