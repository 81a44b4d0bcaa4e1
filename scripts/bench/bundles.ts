/** Minified size of each Lambda handler bundle, as deployed. */
import type { Emit } from "../bench.js";
import { HANDLERS, bundleSize } from "../../stacks/bundles.js";

export async function run(emit: Emit): Promise<void> {
  for (const entry of HANDLERS) emit({ name: `bundle ${entry}`, unit: "bytes", value: await bundleSize(entry) });
}
