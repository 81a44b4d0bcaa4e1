import { render } from "solid-js/web";
import { App } from "./App.js";
import { registerServiceWorker } from "./lib/pwa.js";
import "./styles.css";

document.documentElement.dataset.build = __BUILD_ID__;
const root = document.getElementById("app");
if (root !== null) render(() => <App />, root);
void registerServiceWorker().catch(() => undefined);
