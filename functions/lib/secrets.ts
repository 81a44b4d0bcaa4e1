/**
 * Secrets the handlers read (the seat-token keys, the CloudFront origin header, the Web Push VAPID
 * key's seed), never kept in the table: in AWS each is a Secrets Manager secret made by the stack, whose ARN the stack passes in the
 * environment of the routes allowed to read it (`functions/routes.ts` `secrets`); locally each is a
 * file under the local server's data directory (`<DATA_DIR>/secrets/<name>.json`, made on first use),
 * or kept in memory when the server keeps no data. Locally a read is checked against the route's
 * `secrets` as IAM would check it.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { ACCESS_GUARD, type AccessGuard } from "./localHooks.js";

export type SecretName = "seat-token-keys" | "origin-verify" | "push-vapid-keys";

/** The environment variable holding each secret's ARN in AWS. */
export const SECRET_ARN_ENV: Record<SecretName, string> = {
  "seat-token-keys": "SEAT_TOKEN_SECRET_ARN",
  "origin-verify": "ORIGIN_SECRET_ARN",
  "push-vapid-keys": "PUSH_VAPID_SECRET_ARN",
};

/** Locally: where the secrets are kept (the local server sets it from its data directory). */
export const LOCAL_SECRETS_DIR_ENV = "MANCALA_SECRETS_DIR";

const memory = new Map<SecretName, string>();
let client: SecretsManagerClient | null = null;

function readLocal(name: SecretName, env: NodeJS.ProcessEnv, generate: () => string): string {
  const dir = env[LOCAL_SECRETS_DIR_ENV];
  if (dir === undefined || dir === "") {
    let v = memory.get(name);
    if (v === undefined) memory.set(name, (v = generate()));
    return v;
  }
  const file = join(dir, `${name}.json`);
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, generate(), { flag: "wx", mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  return readFileSync(file, "utf8");
}

/**
 * The secret's current text: Secrets Manager in AWS; locally the file (made with `generate()` when
 * missing). Callers cache it (one read per instance, refreshed on their own schedule).
 */
export async function readSecret(
  name: SecretName,
  generate: () => string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  if (env.MANCALA_LOCAL === "1") {
    const check = (globalThis as Record<symbol, AccessGuard | undefined>)[ACCESS_GUARD];
    check?.({ service: "secretsmanager", action: "GetSecretValue", index: undefined, pk: name });
    return readLocal(name, env, generate);
  }
  const arn = env[SECRET_ARN_ENV[name]];
  if (arn === undefined || arn === "")
    throw new Error(`${SECRET_ARN_ENV[name]} is not set: functions/routes.ts must list ${name} for this route`);
  client ??= new SecretsManagerClient({ region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? "us-east-1" });
  const r = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (typeof r.SecretString !== "string") throw new Error(`secret ${name} has no string value`);
  return r.SecretString;
}

/**
 * The secret's value before its last rotation (Secrets Manager's `AWSPREVIOUS`; locally the
 * `<name>.previous.json` file the rotation command leaves), or null when it was never rotated.
 */
export async function readPreviousSecret(
  name: SecretName,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | null> {
  if (env.MANCALA_LOCAL === "1") {
    const dir = env[LOCAL_SECRETS_DIR_ENV];
    if (dir === undefined || dir === "") return null; // kept in memory: never rotated
    try {
      return readFileSync(join(dir, `${name}.previous.json`), "utf8");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
  }
  const arn = env[SECRET_ARN_ENV[name]];
  if (arn === undefined || arn === "") return null;
  client ??= new SecretsManagerClient({ region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? "us-east-1" });
  try {
    const r = await client.send(new GetSecretValueCommand({ SecretId: arn, VersionStage: "AWSPREVIOUS" }));
    return typeof r.SecretString === "string" ? r.SecretString : null;
  } catch (e) {
    if ((e as { name?: string }).name === "ResourceNotFoundException") return null;
    throw e;
  }
}

/** Locally: replaces a secret's file (the rotation command's local path). */
export function writeLocalSecret(name: SecretName, text: string, dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, `${name}.json`), text, { mode: 0o600 });
}
