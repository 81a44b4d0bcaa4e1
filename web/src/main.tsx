import { render } from "solid-js/web";
import { App } from "./App.js";
import { registerServiceWorker } from "./lib/pwa.js";
import { loadRuntimeConfig } from "./lib/runtimeConfig.js";
import "./styles.css";

document.documentElement.dataset.build = __BUILD_ID__;
const root = document.getElementById("app");
if (root !== null) render(() => <App />, root);
void registerServiceWorker().catch(() => undefined);
// Read before any connection is opened (a game screen opens one only on a player's action).
void loadRuntimeConfig(location.href);
