/**
 * At every start, and when the service worker reports that the browser replaced the push
 * subscription (`pushsubscriptionchange`, web/src/sw/push.ts): the server's copy is brought up to
 * date when notifications are on (createNotifications.ts). Asks nothing of the player. Also tells
 * the worker the page each window shows, so it holds back a notification for the game on screen
 * (a window's address as the worker sees it is the one it was loaded at). Loaded apart from the
 * first page (web/src/App.tsx).
 */
import { browserPush } from "../lib/push.js";
import type { KeyValue } from "../lib/persist.js";
import { createNotifications } from "./createNotifications.js";
import { loadIdentity } from "./createIdentity.js";
import type { Locale } from "../i18n/locales.js";

function renewNotifications(kv: KeyValue, lang: Locale): Promise<void> {
  const [, act] = createNotifications(
    browserPush(() => loadIdentity(kv)),
    kv,
  );
  return act.renew(lang);
}

/** Starts the renewals and the page reports; returns what stops them. */
export function watchNotifications(kv: KeyValue, lang: () => Locale): () => void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return () => undefined;
  const renew = (): void => void renewNotifications(kv, lang()).catch(() => undefined);
  const onWorker = (e: MessageEvent): void => {
    if ((e.data as { type?: unknown } | null)?.type === "push-renew") renew();
  };
  const tellPage = (): void =>
    void navigator.serviceWorker.ready
      .then((r) => r.active?.postMessage({ type: "page", hash: location.hash }))
      .catch(() => undefined);
  navigator.serviceWorker.addEventListener("message", onWorker);
  window.addEventListener("hashchange", tellPage);
  tellPage();
  renew();
  return () => {
    navigator.serviceWorker.removeEventListener("message", onWorker);
    window.removeEventListener("hashchange", tellPage);
  };
}
