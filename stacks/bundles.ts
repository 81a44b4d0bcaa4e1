/**
 * Bundles every Lambda handler the way the stacks deploy it (esbuild, ESM, minified, AWS SDK v3 left
 * to the Node.js 20 runtime) and reports the sizes. Used by the bundle test and by `npm run bench`.
 */
import { build } from "esbuild";

export const HANDLERS = [
  "functions/ws/connect.ts",
  "functions/ws/disconnect.ts",
  "functions/ws/default.ts",
  "functions/http/leaderboard.ts",
  "functions/http/player.ts",
  "functions/http/suggestions.ts",
  "functions/ranked/timer.ts",
] as const;

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
