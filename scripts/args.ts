import { newGame, type State } from "../core/games/index.js";

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

/**
 * The starting position named by `--game G [--options JSON]` (Ayo defaults to the computer-practice
 * options with its repetition rule); exits with a message when either is wrong.
 */
export function startFromArgs(args: ReadonlyMap<string, string>): State {
  const game = args.get("game");
  let options: unknown = game === "ayo" ? { vsComputer: true } : undefined;
  if (args.has("options")) {
    try {
      options = JSON.parse(args.get("options") as string);
    } catch {
      fail("--options must be JSON");
    }
  }
  const start = newGame(game, options);
  if (!start.ok) fail(start.error.message);
  return start.value;
}
