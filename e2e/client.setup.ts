/**
 * Global setup of the `e2e` project: builds the client once for the whole run and hands its folder to
 * every test file (`sharedClient()` in `e2e/client.ts`), which serves it read only. Before, each of
 * the browser test files ran its own production build.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildClient, SHARED_BUILD_ID } from "./harness.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the client built for this run. */
    clientDist: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "mancala-client-"));
  const dist = join(dir, "dist");
  await buildClient(dist, SHARED_BUILD_ID);
  project.provide("clientDist", dist);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
