/**
 * `npm run -s import -- --format playok < games.txt`: game records in, one JSON record
 * `{"game","options","moves"}` per game out (the lines `npm run replay` reads). `--format json` reads
 * JSON records (checking them the same way); without `--format` the format is guessed. A game that
 * cannot be read or played gives `{"error","game","ply"}` naming its first bad move, and the tool goes
 * on with the next game; the exit code is then 1.
 */
import { readFileSync } from "node:fs";
import {
  detectFormat,
  makeJsonRecord,
  parseJsonRecordsEach,
  parsePlayOkEach,
  RECORD_FORMATS,
  type RecordFormat,
} from "../core/records/index.js";
import { fail, parseArgs } from "./args.js";

const args = parseArgs(process.argv.slice(2));
const text = readFileSync(0, "utf8");
const asked = args.get("format");
if (asked !== undefined && !(RECORD_FORMATS as readonly string[]).includes(asked)) {
  fail(`--format must be one of ${RECORD_FORMATS.join(", ")}`);
}
const format: RecordFormat = (asked as RecordFormat | undefined) ?? detectFormat(text);
const results = format === "json" ? parseJsonRecordsEach(text) : parsePlayOkEach(text);
if (results.length === 0) fail("no game in the input");
let bad = 0;
for (const r of results) {
  if (r.ok) {
    process.stdout.write(makeJsonRecord(r.value.record) + "\n");
  } else {
    bad++;
    const e: Record<string, unknown> = { error: r.error.message, game: r.error.gameIndex + 1 };
    if (r.error.ply !== undefined) e.ply = r.error.ply;
    process.stdout.write(JSON.stringify(e) + "\n");
  }
}
process.exitCode = bad > 0 ? 1 : 0;
