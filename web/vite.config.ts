import { fileURLToPath } from "node:url";
import { API_PREFIX, PUSH_WORKER_FILE, WS_PATH } from "../core/protocol/api.js";
import { defineConfig } from "vite";
import solid from "vite-plugin-solid";
import { VitePWA } from "vite-plugin-pwa";
import { compiledCatalogues } from "./catalogues.js";
import { pushWorker } from "./pushWorker.js";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Names this build (`__BUILD_ID__`, on `<html data-build>`). It only has to differ between
 * deployments, so that a changed client always comes with a changed service worker; a deployment can
 * pin it with `BUILD_ID`.
 */
const BUILD_ID = process.env.BUILD_ID ?? new Date().toISOString();

/**
 * The web client: `web/` is the Vite root; `core/` is imported from the repository beside it.
 *
 * Installable and offline (vite-plugin-pwa with Workbox's generateSW): the manifest, and a service
 * worker that precaches the app shell, every lazily loaded screen, the computer opponent's worker,
 * the icons and the stylesheet — everything the offline modes (the computer, pass and play, lessons,
 * rules) need. The precache is versioned: each entry carries a content revision in `sw.js`, a new
 * build's worker fetches only what changed, deletes what it no longer lists, and caches left by older
 * Workbox versions are removed. `registerType: "prompt"`: a new worker waits until the player taps
 * Update (see `web/src/lib/pwa.ts`), so a game in progress is never swapped out under them. The
 * worker also imports `push-sw.js` (web/pushWorker.ts): notifications of server-run games (docs/push.md).
 */
export default defineConfig({
  root,
  base: "./",
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  // The catalogues arrive parsed (web/catalogues.ts), so the client is built without the message parser.
  resolve: {
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: "@formatjs/icu-messageformat-parser/no-parser.js",
      },
    ],
  },
  plugins: [
    compiledCatalogues(),
    solid(),
    pushWorker(),
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      strategies: "generateSW",
      filename: "sw.js",
      manifestFilename: "manifest.webmanifest",
      includeAssets: ["icon.svg", "apple-touch-icon.png"],
      manifest: {
        id: "./",
        name: "Mancala — Togyz kumalak, Ayo, Tsoro",
        short_name: "Mancala",
        description: "Togyz kumalak, Ayo and Tsoro: play the computer, pass and play, lessons and rules, also offline.",
        lang: "en",
        start_url: "./",
        scope: "./",
        display: "standalone",
        orientation: "any",
        theme_color: "#1b1410",
        background_color: "#1b1410",
        categories: ["games", "board"],
        icons: [
          { src: "icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          { src: "icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
        ],
      },
      workbox: {
        cacheId: "mancala",
        globPatterns: ["**/*.{html,js,css,svg,png,webmanifest,woff2}"],
        // Above Workbox's 2 MiB default, so that no bundle of the app is left out of the cache.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        navigateFallback: "index.html",
        // Server routes are never answered from the cache.
        navigateFallbackDenylist: [new RegExp(`^${API_PREFIX}/`), new RegExp(`^${WS_PATH}`), /^\/@connections/],
        clientsClaim: false,
        skipWaiting: false,
        importScripts: [PUSH_WORKER_FILE],
      },
    }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
  },
  worker: { format: "es" },
  server: { fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] } },
});
