/**
 * The push services this server posts to: an allow-list of origins, so a subscription cannot make
 * the server send requests to an address of the subscriber's choosing (request forgery against the
 * server's own network or anyone else's). An endpoint is accepted only when its scheme is https and
 * its host and port are one of the list's; a `*.` host matches any name under that domain (never an
 * IP address). Checked when a device subscribes (a refusal costs no write) and again before every
 * send, so narrowing the list stops the posts at once.
 *
 * `MANCALA_PUSH_ORIGINS` (comma-separated origins) replaces the default, the browsers' push
 * services: Chrome, Edge on Android, Opera and Samsung Internet (Firebase Cloud Messaging), Firefox
 * (Mozilla's autopush), Safari (Apple) and Edge on Windows (Windows Push Notification Services).
 * Tests set it to their loopback receiver.
 */

export const DEFAULT_PUSH_ORIGINS: readonly string[] = [
  "https://fcm.googleapis.com",
  "https://updates.push.services.mozilla.com",
  "https://web.push.apple.com",
  "https://*.push.apple.com",
  "https://*.notify.windows.com",
];

interface AllowedOrigin {
  /** Exact host, or the domain a `*.` pattern covers (with its leading dot). */
  readonly host: string;
  readonly wildcard: boolean;
  readonly port: string;
}

function parseOrigin(text: string): AllowedOrigin {
  const t = text.trim();
  const m = /^https:\/\/(\*\.)?([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::([0-9]{1,5}))?\/?$/.exec(t);
  if (m === null) throw new Error(`MANCALA_PUSH_ORIGINS: "${t}" is not an https origin (https://host[:port])`);
  const wildcard = m[1] !== undefined;
  const host = new URL(`https://${m[2]}`).hostname;
  const port = m[3] === undefined || m[3] === "443" ? "" : String(Number(m[3]));
  return { host: wildcard ? `.${host}` : host, wildcard, port };
}

/** The origins of a `MANCALA_PUSH_ORIGINS` value; throws, naming it, on one that is not an https origin. */
export function parsePushOrigins(text: string): readonly string[] {
  const list = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const o of list) parseOrigin(o);
  return list;
}

/** The allow-list in force: `MANCALA_PUSH_ORIGINS` when set and not empty, else the default. */
export function pushOrigins(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  const set = env.MANCALA_PUSH_ORIGINS;
  if (set === undefined || set.trim() === "") return DEFAULT_PUSH_ORIGINS;
  return parsePushOrigins(set);
}

/** Whether a VAPID `sub` contact is one push services take: a `mailto:` address or an https URL. */
export function isPushSubject(s: string): boolean {
  return /^mailto:[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s) || /^https:\/\/[^\s/]+\.[^\s]+$/.test(s);
}

const IP_HOST = /^(\[.*\]|[0-9.]+)$/;

/** Whether the server may post to `endpoint`: https, no credentials, host and port on the list. */
export function isAllowedEndpoint(endpoint: string, origins: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (u.protocol !== "https:" || u.username !== "" || u.password !== "") return false;
  return origins.some((o) => {
    const a = parseOrigin(o);
    if (u.port !== a.port) return false;
    if (!a.wildcard) return u.hostname === a.host;
    return !IP_HOST.test(u.hostname) && u.hostname.endsWith(a.host) && u.hostname.length > a.host.length;
  });
}
