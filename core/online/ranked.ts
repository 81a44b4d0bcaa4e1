/**
 * Ranked play over the one client connection (connection.ts): on every new socket it proves the
 * device's identity (hello → signed challenge → ok) and only then lets the outbox go, so a move made
 * while the connection was down reaches the server once the player is known again, and is applied
 * once (the server answers a repeated move `ranked/duplicate`). Every server message is validated.
 */
import { SYSTEM_TIMER } from "./timer.js";
import { signChallenge, type DeviceKeys } from "../identity.js";
import { parseDisplayName } from "../names.js";
import { parseRankedServerMessage, type RankedClientMessage, type RankedServerMessage } from "../protocol/ranked.js";
import { createConnection, type ConnectionOptions, type ConnectionState } from "./connection.js";
import type { SocketFactory } from "./transport.js";

export interface RankedLinkHandlers {
  /** The player is authenticated on a (new) socket; `auth.ok` follows in `onMessage`. */
  onOpen(): void;
  onMessage(m: RankedServerMessage): void;
  /**
   * A server frame of another domain on the same connection (its `type` does not start with
   * `ranked.` or `auth.`, e.g. a tournament's `tour.*`): handed on as it came, for the listener to
   * validate with its own schema. Without a listener such frames are dropped.
   */
  onOther?(frame: { readonly type: string } & Readonly<Record<string, unknown>>): void;
  onClose(): void;
  onState?(s: ConnectionState): void;
}

export interface RankedSendOptions {
  /** Kept across reconnects and sent again until answered (moves, resignations, offers). */
  readonly keep?: boolean;
}

export interface RankedLink {
  /** Queues a message; it goes out once the connection is authenticated. Returns its request id. */
  send(msg: RankedClientMessage, opts?: RankedSendOptions): string;
  /** Queues a message of another domain (validated by the server like any other) the same way. */
  sendOther(msg: { readonly type: string } & Readonly<Record<string, unknown>>, opts?: RankedSendOptions): string;
  state(): ConnectionState;
  /** A new socket at once (the network is back). */
  restart(): void;
  dispose(): void;
}

export interface RankedLinkOptions {
  readonly url: string;
  readonly socket: SocketFactory;
  readonly keys: DeviceKeys;
  /** The public name to hold (sent after signing in when it differs from the server's). */
  readonly name?: () => string;
  readonly handlers: RankedLinkHandlers;
  /** Heartbeat, timeouts, backoff, clock (connection.ts). */
  readonly connection?: Omit<ConnectionOptions, "url" | "socket" | "handlers">;
}

/** How long after a refused sign-in it is tried again. */
const AUTH_RETRY_MS = 500;

export function openRankedLink(o: RankedLinkOptions): RankedLink {
  let signedIn = false;
  let retry: unknown = null;
  const timers = o.connection?.timers ?? SYSTEM_TIMER;
  const later = (fn: () => void, ms: number): unknown => timers.setTimeout(fn, ms);
  const cancel = (h: unknown): void => timers.clearTimeout(h);

  /** The request id of the name sent after signing in, while it is unanswered. */
  let naming: string | null = null;
  /** The name the server last refused (taken, reserved, or too many new names): not sent again. */
  let refusedName: string | null = null;
  let namingWhat: string | null = null;
  /** Signed in, back in the match's seat if in one: what was queued may go. */
  let attaching = false;
  const maybeResume = (): void => {
    if (!signedIn || naming !== null || attaching) return;
    conn.resumed();
    o.handlers.onOpen();
  };
  const hello = (): void => {
    signedIn = false;
    naming = null;
    attaching = false;
    conn.request({ type: "auth.hello", playerId: o.keys.playerId }, { early: true });
  };

  const conn = createConnection({
    ...o.connection,
    url: o.url,
    socket: o.socket,
    ridPrefix: "r",
    // The router answers a flood refusal in the common error shape, the ranked service in its own.
    // A refused name is not tried again: the name is a wish, and the outbox waits for its answer.
    retryable: (f) =>
      (f.type === "ranked.error" || f.type === "error") &&
      (f.code === "rate/limited" || f.code === "server/error") &&
      !(f.type === "ranked.error" && f.code === "rate/limited" && naming !== null && f.rid === naming),
    // While a planned successor signs in, the old socket is still the seat the server pushes to:
    // the match's news there is taken (an update or end is taken only when newer than what is held,
    // and presence says where the opponent is now). Sign-in frames are the successor's own.
    fromReplaced: (f) =>
      f.type === "ranked.presence" ||
      f.type === "ranked.update" ||
      f.type === "ranked.end" ||
      f.type === "ranked.offer",
    handlers: {
      onOpen: hello,
      onClose: () => {
        signedIn = false;
        o.handlers.onClose();
      },
      onState: (s) => o.handlers.onState?.(s),
      onMessage: (raw) => {
        const parsed = parseRankedServerMessage(raw);
        if (!parsed.ok) {
          const type = (raw as { type?: unknown }).type;
          if (typeof type === "string" && !type.startsWith("ranked.") && !type.startsWith("auth."))
            o.handlers.onOther?.(raw as { type: string } & Record<string, unknown>);
          return;
        }
        const m = parsed.value;
        if (m.type === "auth.challenge") {
          conn.request({ type: "auth.prove", signature: signChallenge(o.keys, m.challenge) }, { early: true });
          return;
        }
        if (!signedIn && m.type === "ranked.error" && m.code.startsWith("auth/")) {
          // A stale challenge (a hello sent twice): sign in again.
          if (retry === null)
            retry = later(() => {
              retry = null;
              if (conn.isOpen && !signedIn) hello();
            }, AUTH_RETRY_MS);
          return;
        }
        if (m.type === "auth.ok" && !signedIn) {
          signedIn = true;
          // Back in a match: the server puts this socket in its seat (ranked.start) right after.
          attaching = m.activeMatch !== null;
          const named = o.name === undefined ? null : parseDisplayName(o.name());
          // The name first (a seek needs it), then the outbox. A name held, or waiting for the
          // player's first rated game (`pending`), is not sent again on every new socket.
          if (
            named !== null &&
            named.ok &&
            named.value !== m.name &&
            named.value !== m.pending &&
            named.value !== refusedName
          ) {
            namingWhat = named.value;
            naming = conn.request({ type: "auth.name", name: named.value }, { early: true });
          }
          maybeResume();
        } else if (naming !== null && "rid" in m && m.rid === naming) {
          // Refused (taken by a look-alike, reserved, too many new names): play on under the name
          // the server has, and do not ask again on every new socket (the per-player name quota
          // would refuse every sign-in after the tenth, and a refusal must not keep the player out).
          if (m.type === "ranked.error") refusedName = namingWhat;
          naming = null;
          maybeResume();
        } else if (attaching && (m.type === "ranked.start" || m.type === "ranked.end" || m.type === "ranked.error")) {
          attaching = false;
          maybeResume();
        }
        o.handlers.onMessage(m);
      },
    },
  });

  return {
    send: (msg, opts) => conn.request({ ...msg } as Record<string, unknown>, { keep: opts?.keep ?? false }),
    sendOther: (msg, opts) => conn.request({ ...msg }, { keep: opts?.keep ?? false }),
    state: () => conn.state(),
    restart: () => conn.restart(),
    dispose() {
      if (retry !== null) cancel(retry);
      conn.dispose();
    },
  };
}
