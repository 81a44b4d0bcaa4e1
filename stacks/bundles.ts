/**
 * The Lambda bundles exactly as `npx sst deploy` makes them: SST's own Node.js builder, given the
 * props the stack gives every function (`stacks/lambda.ts`), for each handler module of
 * `functions/routes.ts`. Used by the bundle tests (sizes, and the local server running the bundles)
 * and by `npm run bench`.
 */
import { mkdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { initProject, useProject } from "sst/project.js";
import { useNodeHandler } from "sst/runtime/handlers/node.js";
import { ROUTES, type Route } from "../functions/routes.js";
import { LAMBDA_NODEJS, LAMBDA_RUNTIME } from "./lambda.js";

const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Every handler module, each once (entry files relative to the project root). */
export const HANDLERS: readonly string[] = [...new Set(ROUTES.map((r) => r.module))];

/**
 * The most a minified handler bundle may weigh (the Secrets Manager client for the seat keys adds
 * about 50 KB; the tournaments' pairing, matching and service about 30 KB to each WebSocket handler;
 * Web Push's `web-push` with its JWT, ASN.1 and big-number dependencies about 140 KB to each
 * WebSocket handler and the timer, docs/push.md).
 */
export const BUNDLE_LIMIT_BYTES = 540 * 1024;

async function project(): Promise<void> {
  try {
    useProject();
  } catch {
    process.env.AWS_EC2_METADATA_DISABLED = "true";
    await initProject({ stage: "test" });
  }
}

/**
 * Builds one handler module into `outDir` (under the project, so the bundle finds `node_modules` for
 * the AWS SDK the runtime provides) and returns the bundle's absolute path.
 */
export async function buildBundle(module: string, outDir: string): Promise<string> {
  await project();
  const handler = `${module.replace(/\.ts$/, "")}.handler`;
  const r = await useNodeHandler().build({
    functionID: module,
    mode: "deploy",
    out: outDir,
    props: { handler, runtime: LAMBDA_RUNTIME, nodejs: LAMBDA_NODEJS },
  } as Parameters<ReturnType<typeof useNodeHandler>["build"]>[0]);
  if (r.type !== "success") throw new Error(`bundling ${module} failed: ${r.errors.join("; ")}`);
  return join(outDir, `${module.replace(/\.ts$/, "")}.mjs`);
}

/** A fresh directory for bundles under `.sst/` (ignored by git); remove it with `rmSync` when done. */
export function bundleDir(name: string): string {
  const dir = join(ROOT_DIR, ".sst", "bundles", `${name}-${process.pid}-${Date.now().toString(36)}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Builds every route's handler; returns the bundle of each module. */
export async function buildAllBundles(outDir: string, routes: readonly Route[] = ROUTES): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  // One at a time: the builder is CPU-bound and the machine is shared.
  for (const r of routes)
    if (!out.has(r.module))
      out.set(r.module, await buildBundle(r.module, join(outDir, r.module.replace(/[^\w]+/g, "_"))));
  return out;
}

/** Bytes of one handler's bundle as deployed (the `.mjs`, without its source map). */
export async function bundleSize(entry: string): Promise<number> {
  const dir = bundleDir("size");
  try {
    return statSync(await buildBundle(entry, dir)).size;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
