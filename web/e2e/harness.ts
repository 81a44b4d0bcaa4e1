/**
 * Browser tests run the real thing: the client built by Vite, served by the local server
 * (functions/local/server.ts, on a free port) and driven in Debian's Chromium with playwright-core.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { build } from "vite";
import { startServer } from "../../functions/local/server.js";

const WEB = resolve(fileURLToPath(new URL("..", import.meta.url)));

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
  /** The built client being served. */
  readonly dist: string;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and page errors seen so far. */
  readonly errors: string[];
  close(): Promise<void>;
}

export async function buildClient(outDir: string): Promise<void> {
  await build({ configFile: join(WEB, "vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
}

export async function startHarness(viewport = { width: 1100, height: 800 }): Promise<Harness> {
  const dir = await mkdtemp(join(tmpdir(), "mancala-web-"));
  const dist = join(dir, "dist");
  await buildClient(dist);
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
