/** Component and store tests start in English, as the app's boot (main.tsx) starts in the player's language. */
import { loadLocale } from "./i18n/i18n.js";

await loadLocale("en");
