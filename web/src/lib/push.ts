/**
 * The browser's side of Web Push (docs/push.md): whether the device can take notifications, the
 * permission, the push subscription (`PushManager`, made with the server's VAPID key from
 * `GET /api/push/key`), and the settings sent to the server. `createNotifications` works through
 * this port, so its logic is tested without a browser.
 */
import type { DeviceKeys } from "../../../core/identity.js";
import { API_PATHS } from "../../../core/protocol/api.js";
import type {
  PushClientMessage,
  PushKeyResponse,
  PushServerMessage,
  PushSubscriptionJson,
} from "../../../core/protocol/push.js";
import { apiUrl } from "./http.js";
import { sendPush } from "./online.js";

export type Permission = "default" | "granted" | "denied";

export interface PushPlatform {
  /** Service workers, the Push API and notifications are all there (a secure context). */
  supported(): boolean;
  permission(): Permission;
  /** Asks the player; only ever called from a tap. */
  requestPermission(): Promise<Permission>;
  /** The device's current subscription, if any, and the key it was made with. */
  current(): Promise<{ readonly subscription: PushSubscriptionJson; readonly key: string | null } | null>;
  subscribe(publicKey: string): Promise<PushSubscriptionJson>;
  unsubscribe(): Promise<void>;
  /** The server's VAPID public key. */
  serverKey(): Promise<string>;
  send(msg: PushClientMessage): Promise<PushServerMessage>;
}

function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function b64url(buf: ArrayBuffer | null): string | null {
  if (buf === null) return null;
  let s = "";
  for (const b of new Uint8Array(buf)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A subscription as the server takes it (base64url keys without padding). */
function toJson(s: PushSubscription): PushSubscriptionJson {
  const j = s.toJSON() as { endpoint?: string; keys?: { p256dh?: string; auth?: string } };
  const strip = (x: string | undefined): string => (x ?? "").replace(/=+$/, "");
  return {
    endpoint: j.endpoint ?? s.endpoint,
    expirationTime: null,
    keys: { p256dh: strip(j.keys?.p256dh), auth: strip(j.keys?.auth) },
  };
}

export function browserPush(keys: () => DeviceKeys): PushPlatform {
  const registration = (): Promise<ServiceWorkerRegistration> => navigator.serviceWorker.ready;
  return {
    supported: () =>
      typeof window !== "undefined" &&
      window.isSecureContext &&
      "serviceWorker" in navigator &&
      "PushManager" in window &&
      "Notification" in window,
    permission: () => (typeof Notification === "undefined" ? "denied" : Notification.permission),
    requestPermission: () => Notification.requestPermission(),
    async current() {
      const s = await (await registration()).pushManager.getSubscription();
      return s === null ? null : { subscription: toJson(s), key: b64url(s.options.applicationServerKey) };
    },
    async subscribe(publicKey) {
      const s = await (
        await registration()
      ).pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      return toJson(s);
    },
    async unsubscribe() {
      await (await (await registration()).pushManager.getSubscription())?.unsubscribe();
    },
    async serverKey() {
      const r = await fetch(apiUrl(API_PATHS.pushKey));
      if (!r.ok) throw new Error(`push key: ${r.status}`);
      return ((await r.json()) as PushKeyResponse).publicKey;
    },
    send: (msg) => sendPush(keys(), msg),
  };
}
