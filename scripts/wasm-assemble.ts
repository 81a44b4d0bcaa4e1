/** The assembly step of `npm run -s wasm`, shared with the test that checks the shipped bytes. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const TOGYZ_WAT_FILE = join(ROOT, "core", "games", "togyz.wat");
export const TOGYZ_WASM_BYTES_FILE = join(ROOT, "core", "games", "togyz-wasm-bytes.ts");

interface WabtModule {
  parseWat(
    name: string,
    text: string,
    features: Record<string, boolean>,
  ): {
    validate(): void;
    toBinary(opts: Record<string, never>): { buffer: Uint8Array };
    destroy(): void;
  };
}

export async function assembleTogyzWat(): Promise<Uint8Array> {
  const wabt = (await (createRequire(import.meta.url)("wabt") as () => Promise<WabtModule>)()) as WabtModule;
  const m = wabt.parseWat("togyz.wat", readFileSync(TOGYZ_WAT_FILE, "utf8"), { simd: true });
  try {
    m.validate();
    return new Uint8Array(m.toBinary({}).buffer);
  } finally {
    m.destroy();
  }
}
