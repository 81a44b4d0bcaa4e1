/**
 * The service worker's push part (web/src/sw/push.ts) as one classic script, `push-sw.js`, beside
 * the worker vite-plugin-pwa generates, which imports it (`workbox.importScripts`, web/vite.config.ts).
 * Bundled with esbuild on its own (an IIFE: `importScripts` takes no modules), so it shares no chunk
 * with the page.
 */
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { PUSH_WORKER_FILE } from "../core/protocol/api.js";

export function pushWorker(): Plugin {
  return {
    name: "mancala-push-worker",
    apply: "build",
    async generateBundle() {
      const out = await build({
        entryPoints: [fileURLToPath(new URL("./src/sw/push.ts", import.meta.url))],
        bundle: true,
        format: "iife",
        target: "es2022",
        minify: true,
        write: false,
        logLevel: "silent",
      });
      this.emitFile({ type: "asset", fileName: PUSH_WORKER_FILE, source: out.outputFiles[0].text });
    },
  };
}
