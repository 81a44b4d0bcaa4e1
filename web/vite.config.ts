import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import solid from "vite-plugin-solid";

const root = fileURLToPath(new URL(".", import.meta.url));

/** The web client: `web/` is the Vite root; `core/` is imported from the repository beside it. */
export default defineConfig({
  root,
  base: "./",
  plugins: [solid()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
  },
  worker: { format: "es" },
  server: { fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] } },
});
