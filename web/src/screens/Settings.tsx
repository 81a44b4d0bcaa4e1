/** The look and feel: theme, background or own photo, counters, hole size, hand, speed, sound; whether to take challenges. */
import { createSignal, Show, type JSX } from "solid-js";
import { Icon } from "../components/Icon.js";
import { SPEEDS } from "../present/animate.js";
import { shrinkPhoto } from "../lib/image.js";
import { useRouter } from "../state/createRouter.js";
import {
  BACKGROUNDS,
  COUNTERS,
  counterName,
  HANDS,
  HOLE_SIZES,
  speedName,
  THEMES,
  useSettings,
  type Background,
  type Hand,
  type HoleSize,
  type Theme,
} from "../state/createSettings.js";
import { loadLocale, t, tParts } from "../i18n/i18n.js";
import { LOCALE_NAMES, LOCALES } from "../i18n/locales.js";
import { SuggestTranslation } from "../components/SuggestTranslation.js";
import { Choice } from "../components/Controls.js";
import { browserPush } from "../lib/push.js";
import { createNotifications, type NotificationStatus } from "../state/createNotifications.js";
import { loadIdentity } from "../state/createIdentity.js";
import { useServices } from "../state/services.js";
import type { MessageKey } from "../i18n/en.js";

const THEME_NAMES: { readonly [T in Theme]: () => string } = {
  system: () => t("settings.system"),
  dark: () => t("settings.dark"),
  light: () => t("settings.light"),
};
const BG_NAMES: { readonly [B in Background]: () => string } = {
  steppe: () => t("settings.steppe"),
  savanna: () => t("settings.savanna"),
  highveld: () => t("settings.highveld"),
  night: () => t("settings.night"),
  plain: () => t("settings.plain"),
  photo: () => t("settings.photo"),
};
const HAND_NAMES: { readonly [H in Hand]: () => string } = {
  light: () => t("settings.light"),
  medium: () => t("settings.medium"),
  dark: () => t("settings.dark"),
  off: () => t("settings.noHand"),
};
const SIZE_NAMES: { readonly [H in HoleSize]: () => string } = {
  small: () => t("settings.small"),
  medium: () => t("settings.medium"),
  large: () => t("settings.large"),
};

/** What the notifications setting says under its switch, by status. */
const NOTIFY_NOTES: { readonly [S in NotificationStatus]: MessageKey } = {
  unsupported: "settings.notificationsUnsupported",
  off: "settings.notificationsNote",
  on: "settings.notificationsNote",
  working: "settings.notificationsNote",
  denied: "settings.notificationsDenied",
  failed: "settings.notificationsFailed",
};

export function SettingsScreen(): JSX.Element {
  const [, router] = useRouter();
  const [s, act] = useSettings();
  const services = useServices();
  const [notify, notifyAct] = createNotifications(
    browserPush(() => loadIdentity(services.storage)),
    services.storage,
  );
  const [msg, setMsg] = createSignal("");
  let file: HTMLInputElement | undefined;

  const pickPhoto = async (f: File | undefined): Promise<void> => {
    if (f === undefined) return;
    try {
      const data = await shrinkPhoto(f, 1280, 0.8);
      if (act.set("photo", data)) {
        act.set("background", "photo");
        setMsg(t("settings.photoSet"));
      } else setMsg(t("settings.photoBig"));
    } catch {
      setMsg(t("settings.photoBad"));
    }
  };

  return (
    <section class="screen page" aria-labelledby="settings-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="settings-title">{t("settings.title")}</h1>
      </header>
      <div class="card form">
        <Choice
          legend={t("settings.language")}
          name="language"
          options={LOCALES}
          value={s.language ?? "en"}
          label={(l) => LOCALE_NAMES[l]}
          onChange={(l) => {
            act.set("language", l);
            void loadLocale(l).catch(() => undefined);
          }}
        />
        <SuggestTranslation />
        <Choice
          legend={t("settings.theme")}
          name="theme"
          options={THEMES}
          value={s.theme}
          label={(th) => THEME_NAMES[th]()}
          onChange={(t) => act.set("theme", t)}
        />
        <Choice
          legend={t("settings.background")}
          name="background"
          options={BACKGROUNDS}
          value={s.background}
          label={(b) => BG_NAMES[b]()}
          onChange={(b) => {
            if (b === "photo" && s.photo === null) file?.click();
            else act.set("background", b);
          }}
        />
        <div class="row">
          <button type="button" class="btn" onClick={() => file?.click()}>
            <Icon name="camera" /> {t("settings.choosePhoto")}
          </button>
          <Show when={s.photo !== null}>
            <button
              type="button"
              class="btn"
              onClick={() => {
                act.set("photo", null);
                if (s.background === "photo") act.set("background", "steppe");
              }}
            >
              {t("settings.removePhoto")}
            </button>
          </Show>
          <input
            ref={file}
            type="file"
            accept="image/*"
            class="sr-only"
            aria-label={t("settings.photoLabel")}
            onChange={(e) => void pickPhoto(e.currentTarget.files?.[0])}
          />
        </div>
        <Choice
          legend={t("opt.counters")}
          name="counters"
          options={COUNTERS}
          value={s.counters}
          label={counterName}
          onChange={(c) => act.set("counters", c)}
        />
        <div class={`counter-preview counters-${s.counters}`} aria-hidden="true">
          <i class="seed" style={{ "--k": "0" }} />
          <i class="seed" style={{ "--k": "3" }} />
          <i class="seed" style={{ "--k": "5" }} />
        </div>
        <Choice
          legend={t("settings.holeSize")}
          name="hole"
          options={HOLE_SIZES}
          value={s.holeSize}
          label={(h) => SIZE_NAMES[h]()}
          onChange={(h) => act.set("holeSize", h)}
        />
        <Choice
          legend={t("settings.hand")}
          name="hand"
          options={HANDS}
          value={s.hand}
          label={(h) => HAND_NAMES[h]()}
          onChange={(h) => act.set("hand", h)}
        />
        <Choice
          legend={t("opt.speed")}
          name="speed"
          options={SPEEDS}
          value={s.speed}
          label={speedName}
          onChange={(v) => act.set("speed", v)}
        />
        <Choice
          legend={t("settings.sound")}
          name="sound"
          options={["on", "off"] as const}
          value={s.sound ? "on" : "off"}
          label={(o) => (o === "on" ? t("settings.on") : t("settings.off"))}
          onChange={(v) => act.set("sound", v === "on")}
        />
        <Choice
          legend={t("settings.challenges")}
          name="challenges"
          options={["on", "off"] as const}
          value={s.challenges ? "on" : "off"}
          label={(o) => (o === "on" ? t("settings.on") : t("settings.off"))}
          onChange={(v) => act.set("challenges", v === "on")}
        />
        <p class="note">{t("settings.challengesNote")}</p>
        <Show when={notify.status !== "unsupported"}>
          <Choice
            legend={t("settings.notifications")}
            name="notifications"
            options={["on", "off"] as const}
            value={notify.status === "on" ? "on" : "off"}
            label={(o) => (o === "on" ? t("settings.on") : t("settings.off"))}
            onChange={(v) => void (v === "on" ? notifyAct.enable(s.language ?? "en") : notifyAct.disable())}
          />
        </Show>
        <p class="note" data-testid="notifications-note">
          {t(NOTIFY_NOTES[notify.status])}
        </p>
        <p role="status" class="note">
          {msg()}
        </p>
      </div>
      <div class="card" data-testid="credits">
        <h2>{t("settings.credits")}</h2>
        <p class="note">
          {tParts<JSX.Element>(
            "settings.emojiCredit",
            {},
            {
              a: (chunks) => (
                <a href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener noreferrer">
                  {chunks}
                </a>
              ),
            },
          )}
        </p>
      </div>
    </section>
  );
}
