/** The web client's download sizes (gzipped bytes), from a fresh production build. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Emit } from "../bench.js";
import { measureClient } from "../../e2e/bundle.js";
import { buildClient } from "../../e2e/harness.js";

export async function run(emit: Emit): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "mancala-web-size-"));
  try {
    await buildClient(dir);
    const s = measureClient(dir);
    emit({ name: "web initial js gzip", unit: "bytes", value: s.initialJs });
    emit({ name: "web css gzip", unit: "bytes", value: s.css });
    emit({ name: "web lazy js gzip", unit: "bytes", value: s.lazyJs });
    emit({ name: "web ai worker gzip", unit: "bytes", value: s.worker });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
