/**
 * The connection to the game server for friend games and ranked games. Every WebSocket of the
 * client is opened here (friend rooms through the core session, ranked play through a link that
 * reconnects by itself); screens and stores never touch `WebSocket` themselves.
 */
import type { RoomCode } from "../../../core/crypto/code.js";
import {
  createFriendSession,
  type FriendSession,
  type Profile,
  type SessionSnapshot,
  type Settings,
} from "../../../core/online/index.js";
import { createLink, type Link, type SocketLike } from "../../../core/online/transport.js";
import {
  parseRankedServerMessage,
  type RankedClientMessage,
  type RankedServerMessage,
} from "../../../core/protocol/ranked.js";
import { apiUrl } from "./http.js";
import { runtimeConfig } from "./runtimeConfig.js";

/** The WebSocket address the deployment names at run time (`/config.json`), else the page's own server. */
export function wsUrl(): string {
  const configured = runtimeConfig().wsUrl;
  if (configured !== null) return configured;
  const u = new URL(apiUrl("ws"));
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  return u.toString();
}

const browserSocket = (url: string): SocketLike => new WebSocket(url) as unknown as SocketLike;

export interface FriendOpen {
  readonly mode: "create" | "join";
  readonly code: RoomCode;
  readonly roomId?: string;
  readonly key?: Uint8Array;
  readonly secret?: string;
  readonly profile: Profile;
  readonly setup?: Settings;
  readonly snapshot?: SessionSnapshot;
}

/** A friend-room session over the browser's WebSocket. */
export function openFriendSession(o: FriendOpen): FriendSession {
  return createFriendSession({
    url: wsUrl(),
    socket: browserSocket,
    mode: o.mode,
    code: o.code,
    ...(o.roomId !== undefined ? { roomId: o.roomId } : {}),
    ...(o.key !== undefined ? { key: o.key } : {}),
    ...(o.secret !== undefined && o.secret !== "" ? { secret: o.secret } : {}),
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
  const link: Link = createLink(
    wsUrl(),
    browserSocket,
    {
      onOpen: () => {
        link.healthy();
        h.onOpen();
      },
      onMessage: (raw) => {
        const m = parseRankedServerMessage(raw);
        if (m.ok) h.onMessage(m.value);
      },
      onClose: h.onClose,
    },
    { baseMs: 300, maxMs: 5_000 },
  );
  return {
    send: (msg) => link.send(msg),
    get isOpen() {
      return link.isOpen;
    },
    dispose: () => link.dispose(),
  };
}
