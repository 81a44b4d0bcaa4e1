/**
 * What a first visit downloads: the JavaScript that index.html loads before anything is clicked
 * (its entry script and the modules it preloads), gzipped; and, apart, the chunks loaded later and
 * the computer opponent's worker. (Friend codes need no worker: the key exchange takes milliseconds.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface ClientSizes {
  /** Gzipped bytes of the JavaScript loaded by the first page. */
  readonly initialJs: number;
  /** Gzipped bytes of the stylesheet. */
  readonly css: number;
  /** Gzipped bytes of the AI worker (loaded on the computer's first move). */
  readonly worker: number;
  /** Gzipped bytes of every other chunk, loaded on demand. */
  readonly lazyJs: number;
}

const gz = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length;

export function measureClient(dist: string): ClientSizes {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const initial = new Set(
    [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\.?\/?([^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  );
  const css = [...html.matchAll(/href="\.?\/?([^"]+\.css)"/g)].map((m) => m[1]);
  let initialJs = 0;
  let worker = 0;
  let lazyJs = 0;
  for (const f of readdirSync(join(dist, "assets"))) {
    if (!f.endsWith(".js")) continue;
    const path = `assets/${f}`;
    const size = gz(join(dist, path));
    if (initial.has(path)) initialJs += size;
    else if (f.startsWith("ai.worker")) worker += size;
    else lazyJs += size;
  }
  if (initial.size === 0) throw new Error("index.html loads no script");
  return { initialJs, css: css.reduce((a, f) => a + gz(join(dist, f)), 0), worker, lazyJs };
}
