/**
 * How every Lambda of the stacks is built and run, in one place: the stack passes these props to SST,
 * and `stacks/bundles.ts` hands the very same props to SST's own builder for the bundle tests.
 */
import type { NodeJSProps, Runtime } from "sst/constructs";

/** Supported by Lambda until 2028; the esbuild target follows it. */
export const LAMBDA_RUNTIME = "nodejs24.x" satisfies Runtime;

export const LAMBDA_NODEJS = {
  format: "esm",
  minify: true,
  // The Node.js runtime ships the AWS SDK v3, so bundles leave it out.
  esbuild: { external: ["@aws-sdk/*"], target: "node24" },
} as const satisfies NodeJSProps;
