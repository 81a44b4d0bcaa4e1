/**
 * Browser tests run the real thing: the client built by Vite, served by the local server
 * (functions/local/server.ts, on a free port) and driven in Debian's Chromium with playwright-core.
 * The tests serve the one build of the run (`sharedClient()` in `e2e/client.ts`).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { build } from "vite";
import { startServer } from "../functions/local/server.js";

const WEB = resolve(fileURLToPath(new URL("../web", import.meta.url)));

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Harness {
  readonly url: string;
  /** The built client being served (not owned by the harness: it is never written or removed). */
  readonly dist: string;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and page errors seen so far. */
  readonly errors: string[];
  close(): Promise<void>;
}

/** The build id (`<html data-build>`) of the run's shared build (`e2e/client.setup.ts`). */
export const SHARED_BUILD_ID = "e2e";

/** A production build of the client into `outDir`, named `buildId` (else the build time). */
export async function buildClient(outDir: string, buildId?: string): Promise<void> {
  const before = process.env.BUILD_ID;
  if (buildId !== undefined) process.env.BUILD_ID = buildId;
  try {
    await build({ configFile: join(WEB, "vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
  } finally {
    if (before === undefined) delete process.env.BUILD_ID;
    else process.env.BUILD_ID = before;
  }
}

/** A local server on a free port serving the client built in `dist`, and a Chromium page. */
export async function startHarness(dist: string, viewport = { width: 1100, height: 800 }): Promise<Harness> {
  const dir = await mkdtemp(join(tmpdir(), "mancala-web-"));
  const server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: dist, quiet: true });
  const context = await chromium.launchPersistentContext(join(dir, "profile"), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return {
    url: server.url,
    dist,
    context,
    page,
    errors,
    async close() {
      await context.close().catch(() => undefined);
      await server.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
