/**
 * The first page's JavaScript, gzipped: the entry script of `web/dist/index.html` and every module it
 * preloads (what every first visit downloads), each file and the total; then each language's compiled
 * catalogue, of which the boot fetches the player's one before the first screen.
 * Usage: npm run -s build:web && npm run -s size [-- dist-dir]
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = process.argv[2] ?? "web/dist";
const html = readFileSync(join(dist, "index.html"), "utf8");
const files = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
].map((m) => m[1].replace(/^\.\//, ""));
let total = 0;
const rows: string[] = [];
for (const f of files) {
  const gz = gzipSync(readFileSync(join(dist, f))).length;
  total += gz;
  rows.push(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${f}`);
}
const kb = (n: number): string => `${(n / 1024).toFixed(1).padStart(7)} KB`;
const catalogues = readdirSync(join(dist, "assets"))
  .filter((f) => /^(en|ru|kk|ky|yo|sn)-[\w-]+\.js$/.test(f))
  .map(
    (f) =>
      `${kb(gzipSync(readFileSync(join(dist, "assets", f))).length)}  assets/${f} (language chunk: catalogue, rules or content)`,
  );
process.stdout.write(`${rows.join("\n")}\n${kb(total)}  first page, gzipped JavaScript\n${catalogues.join("\n")}\n`);
