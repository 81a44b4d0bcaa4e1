/**
 * The type check of every TypeScript project of the repository (`npm run typecheck`, first in the
 * lint), one `tsc` per project, as many at once as the machine has cores: `tsc` uses one core, and on
 * a two-core machine the seven projects one after another left the second core idle. Each project's
 * output is printed whole when it ends; the exit code is 1 when any project fails.
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");

/** Every project, the largest first so that the small ones fill in at the end. */
const PROJECTS = ["tsconfig.test.json", "scripts", "functions", "web", "stacks", "core", "tsconfig.json"] as const;

function check(project: string): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [TSC, "-p", project], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr.on("data", (b: Buffer) => (out += b.toString()));
    child.on("close", (code) => {
      if (code !== 0) process.stdout.write(`tsc -p ${project} failed:\n${out}`);
      done(code === 0);
    });
  });
}

async function main(): Promise<void> {
  const queue = [...PROJECTS];
  let ok = true;
  const lane = async (): Promise<void> => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) ok = (await check(p)) && ok;
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, lane));
  process.exitCode = ok ? 0 : 1;
}

await main();
