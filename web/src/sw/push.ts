/**
 * The service worker's push part (docs/push.md), imported by the generated worker
 * (`importScripts("push-sw.js")`, web/vite.config.ts): shows a notification for each push of ours,
 * unless a visible window of the app already shows that game's page (so it is not shown twice); a tap
 * focuses a window of the app and opens the game in it, or opens a new one; and when the browser
 * replaces the subscription (`pushsubscriptionchange`) it subscribes again with the same key and
 * asks an open window to tell the server (web/src/state/renewNotifications.ts), or the next start
 * does.
 *
 * Built on its own as one classic script (no imports at run time), so it is typed here with the
 * little of the worker's scope it uses.
 */
import { parsePushPayload } from "../../../core/protocol/push.js";

interface WindowClient {
  readonly id: string;
  readonly url: string;
  readonly visibilityState: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
  postMessage(m: unknown): void;
}
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: { readonly data: unknown; close(): void };
}
interface SubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: { readonly options: { readonly applicationServerKey: ArrayBuffer | null } } | null;
}
interface WorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: {
    readonly scope: string;
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
    readonly pushManager: {
      subscribe(o: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer }): Promise<unknown>;
    };
  };
  readonly clients: {
    matchAll(o: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: "push", f: (e: PushEvent) => void): void;
  addEventListener(type: "message", f: (e: { data: unknown; source: { id?: string } | null }) => void): void;
  addEventListener(type: "notificationclick", f: (e: NotificationEvent) => void): void;
  addEventListener(type: "pushsubscriptionchange", f: (e: SubscriptionChangeEvent) => void): void;
}

const sw = self as unknown as WorkerScope;

const windows = (): Promise<readonly WindowClient[]> =>
  sw.clients.matchAll({ type: "window", includeUncontrolled: true });

/**
 * The page each window of the app shows, as the window reports it (web/src/App.tsx): a window's `url`
 * here is the address it was loaded at, which a move between the app's pages (the hash) leaves as it was.
 */
const pages = new Map<string, string>();
sw.addEventListener("message", (e) => {
  const m = e.data as { type?: unknown; hash?: unknown } | null;
  if (m?.type === "page" && typeof m.hash === "string" && typeof e.source?.id === "string")
    pages.set(e.source.id, m.hash.slice(0, 200));
});
const pageOf = (w: WindowClient): string => pages.get(w.id) ?? new URL(w.url).hash;

sw.addEventListener("push", (e) => {
  const p = e.data === null ? null : parsePushPayload(e.data.text());
  if (p === null) return;
  e.waitUntil(
    (async () => {
      // That game already on screen in a window of the app: not shown twice.
      const page = new URL(p.url.slice(1), sw.registration.scope).hash;
      if ((await windows()).some((w) => w.visibilityState === "visible" && pageOf(w) === page)) return;
      await sw.registration.showNotification(p.title, {
        body: p.body,
        // One notification per game: a newer one replaces it.
        tag: `game-${p.matchId}`,
        renotify: true,
        icon: "icon-192.png",
        data: { url: p.url },
      });
    })(),
  );
});

sw.addEventListener("notificationclick", (e) => {
  e.notification.close();
  const path = (e.notification.data as { url?: unknown } | null)?.url;
  // Relative to the app's scope, wherever the site is served.
  const url = new URL(typeof path === "string" && path.startsWith("/") ? path.slice(1) : "", sw.registration.scope)
    .href;
  e.waitUntil(
    (async () => {
      const open = (await windows()).find((w) => new URL(w.url).origin === sw.location.origin);
      if (open === undefined) {
        await sw.clients.openWindow(url);
        return;
      }
      const focused = await open.focus();
      await focused.navigate(url);
    })(),
  );
});

sw.addEventListener("pushsubscriptionchange", (e) => {
  const key = e.oldSubscription?.options.applicationServerKey ?? null;
  e.waitUntil(
    (async () => {
      if (key !== null)
        await sw.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      for (const w of await windows()) w.postMessage({ type: "push-renew" });
    })(),
  );
});
