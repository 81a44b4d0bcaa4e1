/**
 * The shape of the code, checked by walking every import of the project's TypeScript sources
 * (type-only imports included): every module imports only its own layer or a lower one (`LAYERS`:
 * core/ at the bottom; functions/lib/ imports no domain; a domain imports no entry; the entries
 * import neither the local server nor the route table), and no module imports itself through any
 * chain of imports. Tests and test support may import anything.
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE_DIRS = ["core", "functions", "web/src", "e2e", "scripts", "stacks"];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

/** Relative specifiers of `import … from`, `export … from`, `import("…")` and side-effect imports. */
export function specifiersOf(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  const out: string[] = [];
  const re =
    /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|(?:^|[\s;])import\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec.startsWith(".")) out.push(spec);
  }
  return out;
}

function resolveSpec(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const candidates = [
    base,
    base.replace(/\.js$/, ".ts"),
    base.replace(/\.js$/, ".tsx"),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, "index.ts"),
  ];
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile() && /\.(ts|tsx)$/.test(c)) return c;
  return null;
}

/**
 * The layers, lowest first; a module may import its own layer and those below it. Domains share a
 * layer: ranked play composes identity, names, matchmaking, matches and ratings (and tells the
 * archive, the spectators and push).
 */
const LAYERS: readonly (readonly RegExp[])[] = [
  [/^core\//],
  [/^functions\/lib\//, /^web\/src\//],
  [
    /^functions\/(archive|friends|identity|lobby|matches|matchmaking|names|push|ranked|ratings|spectate|suggestions|tournaments)\//,
  ],
  [/^functions\/(ws|http)\//],
  [/^functions\/routes\.ts$/],
  [/^functions\/local\//, /^stacks\//],
  [/^scripts\//, /^e2e\//],
];

/** The layer of a path relative to the root, or -1 when it stands in none. */
export function layerOf(path: string): number {
  return LAYERS.findIndex((l) => l.some((re) => re.test(path)));
}

/** Tests and what only tests use: the `testing/` folders (test clients, rigs, fixtures). */
function isTestSupport(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || /(^|\/)testing\//.test(path);
}

/** Imports from a module to a higher layer, or across the two sides of layer 1 (lib and web). */
export function upward(g: ReadonlyMap<string, readonly string[]>): string[] {
  const bad: string[] = [];
  for (const [f, deps] of g) {
    const rf = relative(ROOT, f);
    if (isTestSupport(rf)) continue;
    for (const d of deps) {
      const rd = relative(ROOT, d);
      const [lf, ld] = [layerOf(rf), layerOf(rd)];
      const sideways = lf === 1 && ld === 1 && rf.split("/")[0] !== rd.split("/")[0];
      if (lf === -1 || ld === -1 || ld > lf || sideways || isTestSupport(rd)) bad.push(`${rf} → ${rd}`);
    }
  }
  return bad;
}

/**
 * Imports of the client from the backend and the stacks, their tests included: what the client,
 * the server and the stack share is a contract, and contracts live in core/ (`core/protocol/api.ts`).
 */
export function intoWeb(g: ReadonlyMap<string, readonly string[]>): string[] {
  const bad: string[] = [];
  for (const [f, deps] of g) {
    const rf = relative(ROOT, f);
    if (!/^(functions|stacks)\//.test(rf)) continue;
    for (const d of deps) {
      const rd = relative(ROOT, d);
      if (rd.startsWith("web/")) bad.push(`${rf} → ${rd}`);
    }
  }
  return bad;
}

function graph(): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const d of SOURCE_DIRS) {
    const abs = join(ROOT, d);
    if (!existsSync(abs)) continue;
    for (const f of walk(abs)) {
      const deps = specifiersOf(readFileSync(f, "utf8"))
        .map((s) => resolveSpec(f, s))
        .filter((x): x is string => x !== null);
      g.set(f, deps);
    }
  }
  return g;
}

/** Strongly connected components with more than one module, or a module importing itself (Tarjan). */
function cycles(g: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of g.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        on.delete(w);
        scc.push(w);
        if (w === v) break;
      }
      if (scc.length > 1 || (g.get(v) ?? []).includes(v)) out.push(scc.map((x) => relative(ROOT, x)).sort());
    }
  };
  for (const v of g.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe("imports", () => {
  const g = graph();

  test("the walk sees the project (and resolves its imports)", () => {
    expect(g.size).toBeGreaterThan(100);
    const router = g.get(join(ROOT, "functions/ws/router.ts")) ?? [];
    expect(router.map((x) => relative(ROOT, x))).toContain("functions/ranked/router.ts");
    expect(router.map((x) => relative(ROOT, x))).toContain("functions/friends/router.ts");
  });

  test("no module imports a higher layer, type-only imports included (tests and test support may)", () => {
    expect(upward(g)).toEqual([]);
  });

  test("functions/lib imports no domain: its modules import only functions/lib itself and core (tests may use anything)", () => {
    const bad: string[] = [];
    for (const [f, deps] of g) {
      const rf = relative(ROOT, f);
      if (!rf.startsWith("functions/lib/") || rf.endsWith(".test.ts")) continue;
      for (const d of deps) {
        const rd = relative(ROOT, d);
        if (!(rd.startsWith("functions/lib/") || rd.startsWith("core/"))) bad.push(`${rf} → ${rd}`);
      }
    }
    expect(bad).toEqual([]);
  });

  test("nothing under functions/ or stacks/ imports from web/, tests included", () => {
    expect(intoWeb(g)).toEqual([]);
    const at = (p: string): string => join(ROOT, p);
    const fake = new Map<string, string[]>([
      [at("stacks/stacks.test.ts"), [at("web/src/lib/runtimeConfig.ts"), at("core/protocol/api.ts")]],
      [at("functions/local/server.ts"), [at("web/src/lib/invite.ts")]],
      [at("e2e/harness.ts"), [at("web/src/lib/invite.ts")]],
    ]);
    expect(intoWeb(fake)).toEqual([
      "stacks/stacks.test.ts → web/src/lib/runtimeConfig.ts",
      "functions/local/server.ts → web/src/lib/invite.ts",
    ]);
  });

  test("no import cycle anywhere", () => {
    expect(cycles(g)).toEqual([]);
  });

  test("the walk would see an upward import, also a type-only one", () => {
    const at = (p: string) => join(ROOT, p);
    const deps = specifiersOf(`import type { RealtimeContext } from "../ws/context.js";`).map((s) =>
      resolve(dirname(at("functions/ranked/router.ts")), s).replace(/\.js$/, ".ts"),
    );
    const fake = new Map<string, string[]>([
      [at("functions/ranked/router.ts"), deps],
      [at("functions/lib/flood.ts"), [at("core/protocol/friend.ts"), at("functions/friends/service.ts")]],
      [at("core/online/friend/session.ts"), [at("web/src/lib/online.ts")]],
      [at("web/src/lib/online.ts"), [at("functions/lib/config.ts"), at("core/online/friend/session.ts")]],
      [at("functions/ws/router.ts"), [at("functions/ranked/router.ts"), at("functions/lib/flood.ts")]],
    ]);
    expect(upward(fake)).toEqual([
      "functions/ranked/router.ts → functions/ws/context.ts",
      "functions/lib/flood.ts → functions/friends/service.ts",
      "core/online/friend/session.ts → web/src/lib/online.ts",
      "web/src/lib/online.ts → functions/lib/config.ts",
    ]);
  });

  test("the walk would see a cycle and a domain import if there were one", () => {
    const fake = new Map<string, string[]>([
      ["/a.ts", ["/b.ts"]],
      ["/b.ts", ["/c.ts"]],
      ["/c.ts", ["/a.ts"]],
      ["/d.ts", ["/d.ts"]],
      ["/e.ts", []],
    ]);
    expect(
      cycles(fake)
        .map((c) => c.length)
        .sort(),
    ).toEqual([1, 3]);
    expect(
      specifiersOf(
        `import type { X } from "../ranked/x.js";\nexport { y } from './y.js';\nconst m = await import("./z.js");\n// import { no } from "./comment.js";\nimport "./side.js";`,
      ),
    ).toEqual(["../ranked/x.js", "./y.js", "./z.js", "./side.js"]);
  });
});
