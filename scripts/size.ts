/**
 * The first page's JavaScript, gzipped (e2e/bundle.ts `measureClient`: index.html's entry script
 * and the modules it preloads, which every first visit downloads), and each language's chunks, of
 * which the boot fetches the player's catalogue before the first screen.
 * Usage: npm run -s build:web && npm run -s size [-- dist-dir]
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { measureClient } from "../e2e/bundle.js";

const dist = process.argv[2] ?? "web/dist";
const kb = (n: number): string => `${(n / 1024).toFixed(1).padStart(7)} KB`;
const sizes = measureClient(dist);
const lines = [
  `${kb(sizes.initialJs)}  first page, gzipped JavaScript`,
  `${kb(sizes.css)}  stylesheet`,
  ...readdirSync(join(dist, "assets"))
    .filter((f) => /^(en|ru|kk|ky|yo|sn)-[\w-]+\.js$/.test(f))
    .map(
      (f) =>
        `${kb(gzipSync(readFileSync(join(dist, "assets", f)), { level: 9 }).length)}  assets/${f} (language chunk)`,
    ),
];
process.stdout.write(`${lines.join("\n")}\n`);
