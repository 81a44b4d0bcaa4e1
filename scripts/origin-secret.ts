/**
 * Rotates the origin secret: the value CloudFront adds to every `/api/*` request as the
 * `x-mancala-origin` header, which the HTTP functions check (functions/http/respond.ts).
 *
 *   npm run -s origin-secret -- rotate --stage prod
 *   (wait 6 minutes: every function instance re-reads the secret within 5)
 *   npx sst deploy --stage prod
 *
 * The command writes a new random value (Secrets Manager keeps the old one as `AWSPREVIOUS`, which
 * the functions go on accepting) and saves its version as `MANCALA_ORIGIN_SECRET_VERSION` in
 * `deploy/<stage>.json` (commit it), so the next deploy changes CloudFront's header to the new value;
 * no request is refused on the way. The next rotation retires the old value. The secret's ARN comes
 * from `.sst/outputs.json` (`OriginSecretArn` of the stage's API stack) or `--secret ARN`; AWS
 * credentials as for `npx sst deploy`. Locally: `--local DATA_DIR` (the local server's data
 * directory: the old value goes to `origin-verify.previous.json`).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PutSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { fail, parseArgs } from "./args.js";
import { newOriginSecret } from "../functions/http/respond.js";
import { writeLocalSecret } from "../functions/lib/secrets.js";
import { saveSettings } from "../stacks/settings.js";

/** Locally: the current value becomes the previous one, a new value the current one; returns it. */
export function rotateLocalOriginSecret(dataDir: string): string {
  const dir = join(dataDir, "secrets");
  const file = join(dir, "origin-verify.json");
  if (existsSync(file))
    writeFileSync(join(dir, "origin-verify.previous.json"), readFileSync(file, "utf8"), { mode: 0o600 });
  const next = newOriginSecret();
  writeLocalSecret("origin-verify", next, dir);
  return next;
}

function secretArn(args: ReadonlyMap<string, string>, stage: string): string {
  const given = args.get("secret");
  if (given !== undefined) return given;
  const file = join(process.cwd(), ".sst", "outputs.json");
  if (!existsSync(file)) fail(`${file} not found: deploy first, or pass --secret ARN`);
  const outputs = JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, string>>;
  const stack = Object.keys(outputs).find((k) => k.startsWith(`${stage}-`) && k.endsWith("ApiStack"));
  const arn = stack === undefined ? undefined : outputs[stack].OriginSecretArn;
  return arn ?? fail(`no OriginSecretArn for stage ${stage} in ${file}`);
}

async function main(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  if (!argv.includes("rotate"))
    fail("usage: npm run -s origin-secret -- rotate (--stage STAGE [--secret ARN] | --local DATA_DIR)");
  const local = args.get("local");
  if (local !== undefined) {
    rotateLocalOriginSecret(local);
    process.stdout.write(`rotated the local origin secret in ${local}; the previous value is still accepted\n`);
    return;
  }
  const stage = args.get("stage") ?? fail("name the stage (--stage prod) or --local DATA_DIR");
  const arn = secretArn(args, stage);
  const r = await new SecretsManagerClient({}).send(
    new PutSecretValueCommand({ SecretId: arn, SecretString: newOriginSecret() }),
  );
  if (r.VersionId === undefined) fail("Secrets Manager returned no version id");
  saveSettings(stage, { MANCALA_ORIGIN_SECRET_VERSION: r.VersionId });
  process.stdout.write(
    `new origin secret version ${r.VersionId} saved as MANCALA_ORIGIN_SECRET_VERSION in deploy/${stage}.json;\n` +
      `the functions accept the old and the new value; in 6 minutes run: npx sst deploy --stage ${stage}\n`,
  );
}

if (process.argv[1]?.endsWith("origin-secret.ts")) await main(process.argv.slice(2));
