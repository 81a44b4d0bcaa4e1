/**
 * At every start, and when the service worker reports that the browser replaced the push
 * subscription (`pushsubscriptionchange`, web/src/sw/push.ts): the server's copy is brought up to
 * date when notifications are on (createNotifications.ts). Asks nothing of the player.
 */
import { browserPush } from "../lib/push.js";
import type { KeyValue } from "../lib/persist.js";
import { createNotifications } from "./createNotifications.js";
import { loadIdentity } from "./createIdentity.js";
import type { Locale } from "../i18n/locales.js";

export function renewNotifications(kv: KeyValue, lang: Locale): Promise<void> {
  const [, act] = createNotifications(
    browserPush(() => loadIdentity(kv)),
    kv,
  );
  return act.renew(lang);
}
