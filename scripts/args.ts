/** Tiny `--name value` parser for the command-line tools. */
export function parseArgs(argv: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) continue;
    const eq = a.indexOf("=");
    if (eq > 0) out.set(a.slice(2, eq), a.slice(eq + 1));
    else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) out.set(a.slice(2), argv[++i]);
    else out.set(a.slice(2), "true");
  }
  return out;
}

export function fail(message: string): never {
  process.stderr.write(message + "\n");
  process.exit(2);
}
