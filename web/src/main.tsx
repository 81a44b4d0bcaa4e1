import { render } from "solid-js/web";
import { App } from "./App.js";
import { loadLocale } from "./i18n/i18n.js";
import { pickLocale } from "./i18n/locales.js";
import { registerServiceWorker } from "./lib/pwa.js";
import { loadRuntimeConfig } from "./lib/runtimeConfig.js";
import { readSettings } from "./state/createSettings.js";
import { deviceStorage } from "./lib/persist.js";
import "./styles.css";

document.documentElement.dataset.build = __BUILD_ID__;
const root = document.getElementById("app");
// The chosen language's catalogue first (English if it cannot be fetched), so the first screen opens in it.
const language = readSettings(deviceStorage()).language ?? pickLocale(navigator.languages ?? [navigator.language]);
void loadLocale(language)
  .catch(() => loadLocale("en"))
  .catch(() => undefined)
  .finally(() => {
    if (root !== null) render(() => <App />, root);
  });
void registerServiceWorker().catch(() => undefined);
// Read before any connection is opened (a game screen opens one only on a player's action).
void loadRuntimeConfig(location.href);
