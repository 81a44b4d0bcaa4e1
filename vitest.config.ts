import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import solid from "vite-plugin-solid";
import { compiledCatalogues } from "./web/catalogues.js";

/**
 * The test tiers, by speed. `npm run test:unit` runs `unit` and `web` (no server, no browser, no
 * client build; under a minute); `npm test` runs all four after the lint.
 */

/**
 * The pure tests of functions/, scripts/ and stacks/: no local server, no dynalite, no child process,
 * no bundling. Every other test file there is an integration test, so a new file lands in the slow
 * tier until it is listed here.
 */
const PURE_NODE_TESTS = [
  "functions/imports.test.ts",
  "functions/http/respond.test.ts",
  "functions/lib/network.test.ts",
  "functions/lobby/lobby.test.ts",
  "functions/friends/chatrule.test.ts",
  "functions/friends/token.test.ts",
  "functions/matches/matches.test.ts",
  "functions/push/push.test.ts",
  "functions/names/skeleton.test.ts",
  "functions/ranked/service.test.ts",
  "functions/ratings/farming.test.ts",
  "functions/ratings/ratings.test.ts",
  "functions/suggestions/suggestions.test.ts",
  "scripts/docs.test.ts",
  "scripts/elo.test.ts",
  "scripts/load-model.test.ts",
];

// Friend-room creation, look-up and knock limits are per source address, and every test client
// comes from loopback: raised here for the tests that are not about them
// (functions/friends/attacks.test.ts puts the real ones back).
const FRIEND_LIMITS = { FRIEND_ROOM_LIMIT: "100000", FRIEND_LOOKUP_LIMIT: "100000", FRIEND_KNOCK_MS: "0" };

export default defineConfig({
  test: {
    // One test file per core (vitest's default leaves one core free: a single worker on a two-core
    // machine, where most integration and browser test time is spent waiting on sockets and timers).
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", env: FRIEND_LIMITS, include: ["core/**/*.test.ts", ...PURE_NODE_TESTS] },
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
      {
        // Over real WebSockets and HTTP against the local server and dynalite; the CLIs as processes;
        // the stacks synthesized and the handlers bundled.
        extends: true,
        test: {
          name: "integration",
          env: FRIEND_LIMITS,
          include: ["functions/**/*.test.ts", "scripts/**/*.test.ts", "stacks/**/*.test.ts"],
          exclude: PURE_NODE_TESTS,
        },
      },
      {
        // The built client (built once, e2e/client.setup.ts), the local server and Chromium, driven from
        // Node; tests that word an expectation with the client's catalogue read it compiled, in English.
        extends: true,
        plugins: [compiledCatalogues()],
        test: {
          name: "e2e",
          env: FRIEND_LIMITS,
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/client.setup.ts"],
          setupFiles: ["web/src/test-setup.ts"],
        },
      },
    ],
  },
});
