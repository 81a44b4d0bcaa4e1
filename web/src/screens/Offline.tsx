/**
 * What the app shows about the network: the notice that takes the place of the screens that need a
 * connection while the device is offline (the screen itself opens as soon as the network is back),
 * and the bar that offers a newly downloaded version.
 */
import { createEffect, createSignal, Show, type JSX } from "solid-js";
import { Icon } from "../components/Icon.js";
import { appStatus } from "../lib/pwa.js";
import { useRouter } from "../state/createRouter.js";
import "../records.css";
import { t } from "../i18n/i18n.js";
import type { MessageKey } from "../i18n/en.js";

export type NetworkScreen = "online" | "room" | "ranked" | "leaderboard";

const NEEDS: { readonly [S in NetworkScreen]: { readonly title: MessageKey; readonly text: MessageKey } } = {
  online: { title: "offline.onlineTitle", text: "offline.onlineText" },
  room: { title: "offline.roomTitle", text: "offline.roomText" },
  ranked: { title: "offline.rankedTitle", text: "offline.rankedText" },
  leaderboard: { title: "offline.boardTitle", text: "offline.boardText" },
};

function OfflineNotice(props: { what: NetworkScreen }): JSX.Element {
  const [, router] = useRouter();
  return (
    <section class="screen page offline-notice" aria-labelledby="offline-title" data-testid="offline-notice">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="offline-title">{t("offline.title")}</h1>
      </header>
      <div class="card">
        <h2>{t(NEEDS[props.what].title)}</h2>
        <p>{t(NEEDS[props.what].text)}</p>
        <p>{t("offline.still")}</p>
        <div class="row">
          <button type="button" class="btn primary" onClick={() => router.go("new")}>
            {t("offline.play")}
          </button>
          <button type="button" class="btn" onClick={() => router.go("resume")}>
            {t("offline.resume")}
          </button>
          <button type="button" class="btn" onClick={() => router.go("lessons")}>
            {t("offline.lessons")}
          </button>
          <button type="button" class="btn" onClick={() => router.go("rules")}>
            {t("offline.rules")}
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * Opened offline: the notice, replaced by the screen by itself once the network is back. A screen
 * already open stays when the network drops (a friend or ranked game handles that itself: it says
 * so and reconnects), so a short drop never throws a player out of a game.
 */
export function NeedsNetwork(props: { what: NetworkScreen; children: JSX.Element }): JSX.Element {
  const [reached, setReached] = createSignal(appStatus.online());
  createEffect(() => {
    if (appStatus.online()) setReached(true);
  });
  return (
    <Show when={reached()} fallback={<OfflineNotice what={props.what} />}>
      {props.children}
    </Show>
  );
}

export function UpdateBar(): JSX.Element {
  return (
    <div class="update-bar" role="status" aria-live="polite" data-testid="update-bar">
      <span>{t("update.ready")}</span>
      <button type="button" class="btn primary" onClick={() => void appStatus.update()}>
        {t("update.update")}
      </button>
      <button type="button" class="btn" onClick={() => appStatus.dismissUpdate()}>
        {t("update.later")}
      </button>
    </div>
  );
}
