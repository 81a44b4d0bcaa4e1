import { defineConfig } from "vitest/config";
import solid from "vite-plugin-solid";
import { compiledCatalogues } from "./web/catalogues.js";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          // Friend-room creation, look-up and knock limits are per source address, and every test
          // client comes from loopback: raised here for the tests that are not about them
          // (functions/friends/attacks.test.ts puts the real ones back).
          env: { FRIEND_ROOM_LIMIT: "100000", FRIEND_LOOKUP_LIMIT: "100000", FRIEND_KNOCK_MS: "0" },
          include: [
            "core/**/*.test.ts",
            "functions/**/*.test.ts",
            "stacks/**/*.test.ts",
            "scripts/**/*.test.ts",
            // Browser tests: the built client, the local server and Chromium, driven from Node.
            "web/e2e/**/*.test.ts",
          ],
        },
      },
      {
        // Component and store tests of the web client: Solid's JSX transform, its browser build, happy-dom.
        extends: true,
        plugins: [compiledCatalogues(), solid()],
        resolve: { conditions: ["browser", "development"] },
        test: {
          name: "web",
          environment: "happy-dom",
          include: ["web/src/**/*.test.{ts,tsx}"],
          setupFiles: ["web/src/test-setup.ts"],
        },
      },
    ],
  },
});
