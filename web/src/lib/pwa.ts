/**
 * The installed app's link to its service worker and to the network: whether the device is online,
 * and whether a new version has been downloaded and waits for the player's "Update".
 */
import { createRoot, createSignal, type Accessor } from "solid-js";

export interface AppStatus {
  /** The browser reports a network connection. */
  readonly online: Accessor<boolean>;
  /** A new version is installed and waits; `update()` switches to it and reloads. */
  readonly updateReady: Accessor<boolean>;
  /** Every file the offline modes need is cached. */
  readonly offlineReady: Accessor<boolean>;
  update(): Promise<void>;
  dismissUpdate(): void;
}

/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

let applyUpdate: ((reload?: boolean) => Promise<void>) | null = null;

/** Filled in by `appStatus` below; called by the service worker registration. */
const registered: { needRefresh: () => void; offlineReady: () => void } = {
  needRefresh: () => undefined,
  offlineReady: () => undefined,
};

export const appStatus: AppStatus = createRoot(() => {
  const [online, setOnline] = createSignal(typeof navigator === "undefined" || navigator.onLine !== false);
  const [updateReady, setUpdateReady] = createSignal(false);
  const [offlineReady, setOfflineReady] = createSignal(false);
  if (typeof window !== "undefined") {
    window.addEventListener("online", () => setOnline(true));
    window.addEventListener("offline", () => setOnline(false));
  }
  registered.needRefresh = () => setUpdateReady(true);
  registered.offlineReady = () => setOfflineReady(true);
  return {
    online,
    updateReady,
    offlineReady,
    async update() {
      setUpdateReady(false);
      if (applyUpdate === null) return location.reload();
      await applyUpdate(true);
      // The new worker takes over and the page reloads (workbox-window's "controlling"); should the
      // message have been missed, it is asked once more.
      setTimeout(() => {
        void navigator.serviceWorker?.getRegistration().then((r) => r?.waiting?.postMessage({ type: "SKIP_WAITING" }));
      }, 3000);
    },
    dismissUpdate: () => setUpdateReady(false),
  };
});

/**
 * Registers the service worker built by vite-plugin-pwa (a no-op where service workers are not
 * available, e.g. plain http on a LAN address). A waiting new version is announced, never swapped in
 * silently.
 */
export async function registerServiceWorker(): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const { registerSW } = await import("virtual:pwa-register");
  applyUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => registered.needRefresh(),
    onOfflineReady: () => registered.offlineReady(),
    onRegisteredSW(_url, registration) {
      if (registration === undefined) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
}
