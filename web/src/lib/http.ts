/** Where the server's HTTP routes are: the page's own origin, or the deployed API's URL. */
export function apiUrl(path: string): string {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env;
  const base = env?.VITE_HTTP_URL ?? (typeof location !== "undefined" ? location.origin : "http://127.0.0.1");
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
