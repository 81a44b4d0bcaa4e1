/**
 * The transport the online client runs over: anything WebSocket-shaped (the browser's `WebSocket`,
 * or `ws` in Node), made by a factory. The one client connection over it (heartbeat, reconnects,
 * outbox) is connection.ts.
 */

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
