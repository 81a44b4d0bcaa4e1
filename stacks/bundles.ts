/**
 * Bundles every Lambda handler of `functions/routes.ts` the way the stacks deploy it (esbuild, ESM,
 * minified, AWS SDK v3 left to the Lambda runtime) and reports the sizes. Used by the bundle test and
 * by `npm run bench`.
 */
import { build } from "esbuild";
import { ROUTES } from "../functions/routes.js";

/** Every handler module, each once (entry files relative to the project root). */
export const HANDLERS: readonly string[] = [...new Set(ROUTES.map((r) => r.module))];

/** The most a minified handler bundle may weigh. */
export const BUNDLE_LIMIT_BYTES = 250 * 1024;

export async function bundleSize(entry: string): Promise<number> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["@aws-sdk/*"],
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles.reduce((n, f) => n + f.contents.byteLength, 0);
}
