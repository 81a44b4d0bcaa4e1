/**
 * The transport the online session runs over: anything WebSocket-shaped (the browser's `WebSocket`,
 * or `ws` in Node), made by a factory, wrapped in a link that reconnects by itself with exponential
 * backoff and jitter until it is disposed.
 */
import { SYSTEM_CLOCK, type Clock, type TimerId } from "./clock.js";

/** The part of the WebSocket interface the session uses (the browser's and `ws`'s both have it). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: never) => void) | null;
  /** Called with a `MessageEvent`-like object: `{ data }`. */
  onmessage: ((ev: never) => void) | null;
  onclose: ((ev: never) => void) | null;
  onerror: ((ev: never) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface Backoff {
  readonly baseMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 250, maxMs: 8_000 };

export interface LinkHandlers {
  onOpen(): void;
  onMessage(raw: unknown): void;
  onClose(): void;
}

export interface Link {
  /** Sends a message now; false when the socket is not open (the caller re-sends after `onOpen`). */
  send(message: object): boolean;
  readonly isOpen: boolean;
  /** Marks the connection as healthy, so the next drop starts the backoff from the beginning again. */
  healthy(): void;
  /** Drops the current socket (as if the connection had died) and reconnects. */
  restart(): void;
  /** Stops reconnecting and closes the socket. */
  dispose(): void;
}

const OPEN = 1;

export function createLink(
  url: string,
  socket: SocketFactory,
  h: LinkHandlers,
  backoff: Backoff = DEFAULT_BACKOFF,
  random: () => number = Math.random,
  clock: Clock = SYSTEM_CLOCK,
): Link {
  let ws: SocketLike | null = null;
  let disposed = false;
  let attempt = 0;
  let timer: TimerId | null = null;

  function connect(): void {
    timer = null;
    if (disposed) return;
    let s: SocketLike;
    try {
      s = socket(url);
    } catch {
      schedule();
      return;
    }
    ws = s;
    s.onopen = () => {
      if (ws === s && !disposed) h.onOpen();
    };
    s.onmessage = (ev: { readonly data: unknown }) => {
      if (ws !== s || disposed) return;
      const data = typeof ev.data === "string" ? ev.data : String(ev.data);
      let raw: unknown;
      try {
        raw = JSON.parse(data);
      } catch {
        return;
      }
      h.onMessage(raw);
    };
    s.onerror = () => undefined;
    s.onclose = () => {
      if (ws !== s) return;
      ws = null;
      if (disposed) return;
      h.onClose();
      schedule();
    };
  }

  function schedule(): void {
    if (disposed || timer !== null) return;
    const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempt, 16));
    attempt++;
    timer = clock.setTimeout(connect, delay / 2 + (random() * delay) / 2);
  }

  connect();
  return {
    send(message) {
      if (ws === null || ws.readyState !== OPEN) return false;
      ws.send(JSON.stringify(message));
      return true;
    },
    get isOpen() {
      return ws !== null && ws.readyState === OPEN;
    },
    healthy() {
      attempt = 0;
    },
    restart() {
      const s = ws;
      if (s === null || disposed) return;
      ws = null;
      try {
        s.close(4000, "no answer");
      } catch {
        // already closing
      }
      h.onClose();
      schedule();
    },
    dispose() {
      disposed = true;
      if (timer !== null) clock.clearTimeout(timer);
      const s = ws;
      ws = null;
      if (s !== null) {
        try {
          s.close(1000, "bye");
        } catch {
          // already closed
        }
      }
    },
  };
}
