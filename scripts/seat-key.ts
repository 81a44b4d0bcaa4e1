/**
 * Rotates the seat-token keys (functions/friends/token.ts) without breaking live rooms, in two steps:
 *
 *   npm run -s seat-key -- rotate --stage prod     # step 1: adds the next key (verified everywhere, not yet signing)
 *   (wait 10 minutes: every instance re-reads the keys within 5)
 *   npm run -s seat-key -- rotate --stage prod     # step 2: the next key signs; the old one still verifies
 *
 * The secret's ARN comes from `.sst/outputs.json` (`SeatTokenSecretArn` of the stage's API stack) or
 * `--secret ARN`; AWS credentials as for `npx sst deploy`. Locally: `--local DATA_DIR` (the local
 * server's data directory). `show` prints the key ids and when the next one was added (never a key).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { fail, parseArgs } from "./args.js";
import { writeLocalSecret } from "../functions/lib/secrets.js";
import { newSeatKeysText, parseSeatKeys, rotateSeatKeys } from "../functions/friends/token.js";

interface Store {
  read(): Promise<string>;
  write(text: string): Promise<void>;
}

function localStore(dataDir: string): Store {
  const dir = join(dataDir, "secrets");
  const file = join(dir, "seat-token-keys.json");
  return {
    read: async () => (existsSync(file) ? readFileSync(file, "utf8") : newSeatKeysText()),
    write: async (text) => writeLocalSecret("seat-token-keys", text, dir),
  };
}

function secretArn(args: ReadonlyMap<string, string>): string {
  const given = args.get("secret");
  if (given !== undefined) return given;
  const stage =
    args.get("stage") ?? fail("name the stage (--stage prod), the secret (--secret ARN) or --local DATA_DIR");
  const file = join(process.cwd(), ".sst", "outputs.json");
  if (!existsSync(file)) fail(`${file} not found: deploy first, or pass --secret ARN`);
  const outputs = JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, string>>;
  const stack = Object.keys(outputs).find((k) => k.startsWith(`${stage}-`) && k.endsWith("ApiStack"));
  const arn = stack === undefined ? undefined : outputs[stack].SeatTokenSecretArn;
  return arn ?? fail(`no SeatTokenSecretArn for stage ${stage} in ${file}`);
}

function awsStore(arn: string): Store {
  const client = new SecretsManagerClient({});
  return {
    async read() {
      const r = await client.send(new GetSecretValueCommand({ SecretId: arn }));
      return r.SecretString ?? fail("the secret has no string value");
    },
    async write(text) {
      await client.send(new PutSecretValueCommand({ SecretId: arn, SecretString: text }));
    },
  };
}

async function main(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const command = argv.find((a) => !a.startsWith("-") && (a === "rotate" || a === "show"));
  if (command === undefined)
    fail("usage: npm run -s seat-key -- rotate|show (--stage STAGE | --secret ARN | --local DATA_DIR)");
  const local = args.get("local");
  const store = local !== undefined ? localStore(local) : awsStore(secretArn(args));
  const text = await store.read();
  if (command === "rotate") {
    let next: ReturnType<typeof rotateSeatKeys>;
    try {
      next = rotateSeatKeys(text, Date.now());
    } catch (e) {
      fail(e instanceof Error ? e.message : String(e));
    }
    await store.write(next.text);
    const k = parseSeatKeys(next.text);
    process.stdout.write(
      next.step === 1
        ? `step 1 done: key ${k.verify.at(-1)!.id} added; run this again in 10 minutes to sign with it\n`
        : `step 2 done: key ${k.sign.id} signs; key ${k.verify[1]?.id} still verifies until the next rotation\n`,
    );
  } else {
    const k = parseSeatKeys(text);
    process.stdout.write(`signing key ${k.sign.id}; verified keys ${k.verify.map((x) => x.id).join(", ")}\n`);
  }
}

await main(process.argv.slice(2));
