/**
 * Notifications for server-run games (docs/push.md): turned on by a tap in Settings, the only place
 * the browser's permission is asked; turned off there too. Once on, `renew` (at every start, and
 * when the service worker reports `pushsubscriptionchange`) keeps the server's copy of the device's
 * subscription current without asking anything: a subscription the browser replaced, or one made
 * with a key the server has since rotated, is made again and sent; an unchanged one is sent again
 * once a week, so the server keeps it.
 */
import { createStore, type Store } from "solid-js/store";
import * as v from "valibot";
import type { PushLang } from "../../../core/protocol/push.js";
import type { PushPlatform } from "../lib/push.js";
import { readJson, writeJson, type KeyValue } from "../lib/persist.js";

export type NotificationStatus = "unsupported" | "off" | "on" | "denied" | "working" | "failed";

interface NotificationsState {
  readonly status: NotificationStatus;
}

interface NotificationsActions {
  /** From a tap: asks for the permission if it was never given, subscribes and tells the server. */
  enable(lang: PushLang): Promise<void>;
  disable(): Promise<void>;
  /** Without asking anything: brings the server's copy up to date when notifications are on. */
  renew(lang: PushLang): Promise<void>;
}

export type NotificationsStore = readonly [Store<NotificationsState>, NotificationsActions];

const KEY = "push.v1";
/** An unchanged subscription is sent again after this long (the server keeps a device 180 days). */
const RESEND_MS = 7 * 24 * 3600_000;

const SavedSchema = v.object({
  on: v.boolean(),
  endpoint: v.nullable(v.string()),
  key: v.nullable(v.string()),
  lang: v.nullable(v.string()),
  sentAt: v.number(),
});
type Saved = v.InferOutput<typeof SavedSchema>;
const OFF: Saved = { on: false, endpoint: null, key: null, lang: null, sentAt: 0 };

function load(kv: KeyValue): Saved {
  const r = v.safeParse(SavedSchema, readJson(kv, KEY));
  return r.success ? r.output : OFF;
}

export function createNotifications(p: PushPlatform, kv: KeyValue, now: () => number = Date.now): NotificationsStore {
  const initial = (): NotificationStatus => {
    if (!p.supported()) return "unsupported";
    if (p.permission() === "denied") return "denied";
    return load(kv).on && p.permission() === "granted" ? "on" : "off";
  };
  const [state, setState] = createStore<{ status: NotificationStatus }>({ status: initial() });
  const save = (s: Saved): void => void writeJson(kv, KEY, s);

  /** The subscription made with `key` (the current one when it was made with it), sent to the server. */
  async function subscribeAndSend(key: string, lang: PushLang, force: boolean): Promise<boolean> {
    const cur = await p.current();
    let sub = cur?.subscription ?? null;
    if (cur !== null && cur.key !== null && cur.key !== key) {
      await p.unsubscribe();
      sub = null;
    }
    sub ??= await p.subscribe(key);
    const saved = load(kv);
    const changed = sub.endpoint !== saved.endpoint || key !== saved.key || lang !== saved.lang;
    if (!force && !changed && now() - saved.sentAt < RESEND_MS) return true;
    const r = await p.send({ type: "push.subscribe", subscription: sub, lang });
    if (r.type !== "push.ok") return false;
    save({ on: true, endpoint: sub.endpoint, key, lang, sentAt: now() });
    return true;
  }

  const actions: NotificationsActions = {
    async enable(lang) {
      if (!p.supported()) return void setState("status", "unsupported");
      setState("status", "working");
      try {
        let perm = p.permission();
        if (perm === "default") perm = await p.requestPermission();
        if (perm !== "granted") return void setState("status", perm === "denied" ? "denied" : "off");
        const ok = await subscribeAndSend(await p.serverKey(), lang, true);
        setState("status", ok ? "on" : "failed");
      } catch {
        setState("status", "failed");
      }
    },
    async disable() {
      const saved = load(kv);
      save(OFF);
      setState("status", p.supported() ? "off" : "unsupported");
      try {
        if (saved.endpoint !== null) await p.send({ type: "push.unsubscribe", endpoint: saved.endpoint });
        await p.unsubscribe();
      } catch {
        // Off on this device either way; a device the server still holds expires there.
      }
    },
    async renew(lang) {
      if (!load(kv).on || !p.supported() || p.permission() !== "granted") return;
      try {
        if (!(await subscribeAndSend(await p.serverKey(), lang, false))) setState("status", "failed");
      } catch {
        // Offline, or the server is away: tried again at the next start.
      }
    },
  };
  return [state, actions];
}
