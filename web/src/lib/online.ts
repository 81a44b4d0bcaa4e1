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
import type { FriendSessionOptions } from "../../../core/online/friend/session.js";
import type { SocketLike } from "../../../core/online/transport.js";
import {
  openRankedLink as openRankedConnection,
  type RankedLink,
  type RankedLinkHandlers,
} from "../../../core/online/ranked.js";
import type { DeviceKeys } from "../../../core/identity.js";
import { createConnection } from "../../../core/online/connection.js";
import type { MatchView, RatingChange } from "../../../core/protocol/ranked.js";
import { sendPushSetting } from "../../../core/online/push.js";
import type { PushClientMessage, PushServerMessage } from "../../../core/protocol/push.js";
import { apiUrl } from "./http.js";
import { runtimeConfig } from "./runtimeConfig.js";

/** The WebSocket address the deployment names at run time (`/config.json`), else the page's own server. */
function wsUrl(): string {
  const configured = runtimeConfig().wsUrl;
  if (configured !== null) return configured;
  const u = new URL(apiUrl("ws"));
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  return u.toString();
}

const browserSocket = (url: string): SocketLike => new WebSocket(url) as unknown as SocketLike;

/**
 * Heartbeat and planned reconnect for the gateway's limits when the deployment names shorter ones
 * than API Gateway's (a local server with MANCALA_GW_IDLE_MS / MANCALA_GW_MAX_MS): a ping three
 * times per idle period, the planned reconnect a quarter of the longest connection before its cut.
 * Otherwise the connection's defaults (a ping a minute, the planned reconnect at 1 h 50 min).
 */
function gatewayTimes(): { heartbeatMs: number; maxAgeMs: number } | null {
  const g = runtimeConfig().gateway;
  if (g === undefined) return null;
  return { heartbeatMs: Math.min(60_000, g.idleMs / 3), maxAgeMs: g.maxMs - Math.min(10 * 60_000, g.maxMs / 4) };
}

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
    ...friendTimes(),
  });
}

function friendTimes(): Pick<FriendSessionOptions, "heartbeat" | "connection"> {
  const t = gatewayTimes();
  return t === null
    ? {}
    : {
        heartbeat: { everyMs: t.heartbeatMs, timeoutMs: Math.max(3_000, t.heartbeatMs * 2) },
        connection: { maxAgeMs: t.maxAgeMs },
      };
}

/**
 * The ranked connection (core/online/ranked.ts over the one client connection): signs in on every
 * new socket, keeps moves in its outbox across drops, validates every message from the server.
 */
export function openRankedLink(h: RankedLinkHandlers, auth: { keys: DeviceKeys; name: () => string }): RankedLink {
  return openRankedConnection({
    url: wsUrl(),
    socket: browserSocket,
    keys: auth.keys,
    name: auth.name,
    handlers: h,
    connection: { backoff: { baseMs: 300, maxMs: 5_000 }, ...gatewayTimes() },
  });
}

export interface WatchHandlers {
  /** The game as it now is (on joining, after every change, and once at its end). */
  onMatch(match: MatchView, changes: readonly [RatingChange, RatingChange] | null): void;
  /** The game has as many pushed spectators as the server allows: poll `GET /api/games/{id}` instead. */
  onFull(): void;
  onGone(): void;
}

/** Watches one live game read-only over the WebSocket (core/protocol/watch.ts); joins again after a reconnect. */
export function openWatchLink(matchId: string, h: WatchHandlers): { dispose(): void } {
  const conn = createConnection({
    url: wsUrl(),
    socket: browserSocket,
    backoff: { baseMs: 300, maxMs: 5_000 },
    ...gatewayTimes(),
    handlers: {
      onOpen() {
        conn.request({ type: "watch.start", matchId }, { early: true });
        conn.resumed();
      },
      onMessage(f) {
        if (f.type === "watch.match" && typeof f.match === "object" && f.match !== null)
          h.onMatch(f.match as MatchView, (f.changes ?? null) as readonly [RatingChange, RatingChange] | null);
        else if (f.type === "watch.full") h.onFull();
        else if (f.type === "watch.error" && f.code === "watch/not_found") h.onGone();
      },
      onClose() {},
    },
  });
  return { dispose: () => conn.dispose() };
}

/** One push setting (docs/push.md), over a connection of its own that signs the device in. */
export function sendPush(keys: DeviceKeys, msg: PushClientMessage): Promise<PushServerMessage> {
  return sendPushSetting({ url: wsUrl(), socket: browserSocket, keys }, msg);
}
