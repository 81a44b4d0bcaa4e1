/**
 * The connection to the game server for friend games and ranked games. Every WebSocket of the
 * client is opened here (friend rooms through the core session, ranked play through a link that
 * reconnects by itself); screens and stores never touch `WebSocket` themselves.
 */
import type { RoomCode, RoomKeys } from "../../../core/crypto/index.js";
import { deriveRoom } from "../../../core/crypto/kdf.js";
import { createFriendSession, type FriendSession, type Profile, type SessionSnapshot, type Settings } from "../../../core/online/index.js";
import { createLink, type Link, type SocketLike } from "../../../core/online/transport.js";
import { parseRankedServerMessage, type RankedClientMessage, type RankedServerMessage } from "../../../core/protocol/ranked.js";
import { apiUrl } from "./http.js";

/** The WebSocket address of the server that served this page (or the configured one). */
export function wsUrl(): string {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env;
  if (env?.VITE_WS_URL !== undefined && env.VITE_WS_URL !== "") return env.VITE_WS_URL;
  const u = new URL(apiUrl("ws"));
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  return u.toString();
}

const browserSocket = (url: string): SocketLike => new WebSocket(url) as unknown as SocketLike;

/**
 * From a typed code to the room's id and key. scrypt is slow on purpose (about 60 ms in Node, more
 * on a phone), so it runs in a Web Worker; without workers it runs in the page, yielding now and then.
 */
export async function deriveKeys(code: RoomCode): Promise<RoomKeys> {
  if (typeof Worker === "undefined") return deriveRoom(code);
  const worker = new Worker(new URL("./kdf.worker.ts", import.meta.url), { type: "module" });
  try {
    return await new Promise<RoomKeys>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<{ roomId: string; key: Uint8Array } | { error: string }>) => {
        const d = e.data;
        if ("error" in d) reject(new Error(d.error));
        else resolve({ roomId: d.roomId, key: d.key });
      };
      worker.onerror = () => reject(new Error("the key worker failed"));
      worker.postMessage({ code });
    });
  } catch {
    return deriveRoom(code);
  } finally {
    worker.terminate();
  }
}

export interface FriendOpen {
  readonly keys: RoomKeys;
  readonly mode: "create" | "join";
  readonly secret: string;
  readonly profile: Profile;
  readonly setup?: Settings;
  readonly snapshot?: SessionSnapshot;
}

/** A friend-room session over the browser's WebSocket. */
export function openFriendSession(o: FriendOpen): FriendSession {
  return createFriendSession({
    url: wsUrl(),
    socket: browserSocket,
    keys: o.keys,
    mode: o.mode,
    secret: o.secret,
    profile: o.profile,
    ...(o.setup !== undefined ? { setup: o.setup } : {}),
    ...(o.snapshot !== undefined ? { snapshot: o.snapshot } : {}),
    backoff: { baseMs: 300, maxMs: 5_000 },
  });
}

export interface RankedLink {
  send(msg: RankedClientMessage): boolean;
  readonly isOpen: boolean;
  dispose(): void;
}

/** The ranked connection: reconnects with backoff; every message from the server is validated. */
export function openRankedLink(h: {
  onOpen(): void;
  onMessage(m: RankedServerMessage): void;
  onClose(): void;
}): RankedLink {
  const link: Link = createLink(wsUrl(), browserSocket, {
    onOpen: () => {
      link.healthy();
      h.onOpen();
    },
    onMessage: (raw) => {
      const m = parseRankedServerMessage(raw);
      if (m.ok) h.onMessage(m.value);
    },
    onClose: h.onClose,
  }, { baseMs: 300, maxMs: 5_000 });
  return {
    send: (msg) => link.send(msg),
    get isOpen() {
      return link.isOpen;
    },
    dispose: () => link.dispose(),
  };
}
