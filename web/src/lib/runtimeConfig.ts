/**
 * Settings the deployment gives the client at run time, never built into a hashed asset: the
 * WebSocket address. The stack writes it into `/config.json` at deploy (SST's replaceValues; the file
 * is served no-cache and the service worker never caches `.json`), and the client reads it at every
 * start, so a changed address reaches every returning client, installed ones included. The last
 * answer is remembered for a start without a network; a file still holding its placeholder (the
 * local server) means "the page's own server".
 */
import { CONFIG_PATH } from "../../../core/protocol/api.js";

const STORAGE_KEY = "mancala.runtimeConfig";

export interface RuntimeConfig {
  /** The WebSocket API's address, or null for the page's own server. */
  readonly wsUrl: string | null;
  /**
   * The gateway's idle cut and longest connection when they are not API Gateway's (10 min, 2 h):
   * the local server started with shortened MANCALA_GW_IDLE_MS / MANCALA_GW_MAX_MS says so.
   */
  readonly gateway?: { readonly idleMs: number; readonly maxMs: number };
}

let current: RuntimeConfig = { wsUrl: null };

export function runtimeConfig(): RuntimeConfig {
  return current;
}

function parse(raw: unknown): RuntimeConfig | null {
  if (typeof raw !== "object" || raw === null) return null;
  const ws = (raw as { wsUrl?: unknown }).wsUrl;
  if (typeof ws !== "string") return null;
  const { gatewayIdleMs: idleMs, gatewayMaxMs: maxMs } = raw as { gatewayIdleMs?: unknown; gatewayMaxMs?: unknown };
  const gateway =
    typeof idleMs === "number" && typeof maxMs === "number" && idleMs >= 1_000 && maxMs >= 4_000
      ? { gateway: { idleMs, maxMs } }
      : {};
  if (ws === "" || ws.includes("{{")) return { wsUrl: null, ...gateway };
  return /^wss?:\/\/[^\s]+$/.test(ws) ? { wsUrl: ws, ...gateway } : null;
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Reads `/config.json` from the network (`base`: the page's URL), bypassing every cache; without an
 * answer, the last one remembered in `storage`. Returns what it settled on.
 */
export async function loadRuntimeConfig(
  base: string,
  storage: StorageLike | null = typeof localStorage !== "undefined" ? localStorage : null,
  fetcher: typeof fetch = fetch,
): Promise<RuntimeConfig> {
  try {
    const r = await fetcher(new URL(CONFIG_PATH, base).toString(), { cache: "no-store" });
    const got = r.ok ? parse(await r.json()) : null;
    if (got !== null) {
      current = got;
      try {
        storage?.setItem(STORAGE_KEY, JSON.stringify(got));
      } catch {
        // storage full or refused: the answer still holds for this start
      }
      return current;
    }
  } catch {
    // offline: fall back to the last answer
  }
  try {
    const saved = parse(JSON.parse(storage?.getItem(STORAGE_KEY) ?? "null"));
    if (saved !== null) current = saved;
  } catch {
    // nothing usable remembered
  }
  return current;
}
