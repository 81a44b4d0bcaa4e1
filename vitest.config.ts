import { defineConfig } from "vitest/config";
import solid from "vite-plugin-solid";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
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
        plugins: [solid()],
        resolve: { conditions: ["browser", "development"] },
        test: { name: "web", environment: "happy-dom", include: ["web/src/**/*.test.{ts,tsx}"] },
      },
    ],
  },
});
