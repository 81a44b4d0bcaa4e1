/**
 * `npm run bench`: JSON lines `{"name","unit","value"}`. Each module in `scripts/bench/` exports
 * `run(emit)` and adds its own figures (engine, AI, local server); what the benches and their tests
 * drive (the chaos harness) lives in `scripts/bench/harness/`, which is not a bench.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface BenchRow {
  readonly name: string;
  readonly unit: string;
  readonly value: number;
  /** What a row names beyond its figure (a failing game's place, mode and how to re-run it). */
  readonly detail?: Readonly<Record<string, string | number | boolean>>;
}
export type Emit = (row: BenchRow) => void;

const dir = join(dirname(fileURLToPath(import.meta.url)), "bench");
const only = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const emit: Emit = (row) => process.stdout.write(JSON.stringify(row) + "\n");
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
  .sort()) {
  if (only.length > 0 && !only.some((o) => file.includes(o))) continue;
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { run: (emit: Emit) => Promise<void> };
  await mod.run(emit);
}
