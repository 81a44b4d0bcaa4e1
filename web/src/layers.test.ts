/**
 * The client's own arrows (functions/imports.test.ts checks the project's layers): lib/ holds the
 * helpers under the stores and imports neither the stores nor anything drawn; the game table
 * imports no screen; a screen imports no other screen, only its own parts (screens/<screen>/).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const SRC = dirname(fileURLToPath(import.meta.url));

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

/** Each module's relative imports inside web/src, as paths relative to web/src (without the ending). */
function imports(): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const f of files(SRC)) {
    const text = readFileSync(f, "utf8");
    const specs = [...text.matchAll(/(?:from|import)\s*["'](\.[^"']+)["']/g)].map((m) => m[1]);
    const inside = specs
      .map((s) => relative(SRC, resolve(dirname(f), s)).replace(/\.(js|tsx?)$/, ""))
      .filter((p) => !p.startsWith(".."));
    g.set(relative(SRC, f).replace(/\.tsx?$/, ""), inside);
  }
  return g;
}

/** The arrows that point the wrong way. */
function wrongWay(g: Map<string, string[]>): string[] {
  const bad: string[] = [];
  for (const [from, deps] of g) {
    for (const to of deps) {
      const top = (p: string): string => p.split("/")[0];
      if (top(from) === "lib" && ["state", "screens", "table", "components"].includes(top(to)))
        bad.push(`${from} → ${to}`);
      if (top(from) === "table" && top(to) === "screens") bad.push(`${from} → ${to}`);
      if (top(from) === "screens" && top(to) === "screens") {
        // screens/Room.tsx may use screens/room/*; screens/room/* may use each other.
        const owner = (p: string): string =>
          p.split("/").length === 2 ? p.split("/")[1].toLowerCase() : p.split("/")[1];
        if (owner(from) !== owner(to) || (from.split("/").length === 3 && to.split("/").length === 2))
          bad.push(`${from} → ${to}`);
      }
    }
  }
  return bad;
}

describe("the client's arrows", () => {
  test("none points the wrong way", () => {
    expect(wrongWay(imports())).toEqual([]);
  });

  test("the check sees a wrong arrow", () => {
    const g = new Map([
      ["lib/share", ["state/createRooms"]],
      ["screens/Room", ["screens/Resume", "screens/room/Lobby"]],
      ["screens/room/Lobby", ["screens/Room"]],
      ["table/GameTable", ["screens/Play"]],
    ]);
    expect(wrongWay(g)).toEqual([
      "lib/share → state/createRooms",
      "screens/Room → screens/Resume",
      "screens/room/Lobby → screens/Room",
      "table/GameTable → screens/Play",
    ]);
  });
});
