/** Seat-token keys: key ids in tokens, a two-step rotation that never breaks a live room, the local secret file. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ROUTES } from "../routes.js";
import { asRoute, installAccessGuard } from "../local/access.js";
import { readSecret } from "../lib/secrets.js";
import {
  ROTATION_STEP_MS,
  checkSeatToken,
  makeSeatToken,
  newSeatKeysText,
  parseSeatKeys,
  rotateSeatKeys,
  type SeatKeys,
} from "./token.js";

const dir = mkdtempSync(join(tmpdir(), "mancala-secrets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sign = (k: SeatKeys, conn = "c1") => makeSeatToken(k, "room", 0, conn, "c2");
const ok = (k: SeatKeys, tok: string, conn = "c1") => checkSeatToken(k, "room", 0, conn, "c2", tok);

describe("seat tokens", () => {
  test("a token is 43 characters, bound to its connection, and names its key", () => {
    const k = parseSeatKeys(newSeatKeysText());
    const t = sign(k);
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(t, "base64url")[0]).toBe(k.sign.id);
    expect(ok(k, t)).toBe(true);
    expect(ok(k, t, "c3")).toBe(false);
    const other = parseSeatKeys(newSeatKeysText()); // same id, another key: a copied table forges nothing
    expect(ok(other, t)).toBe(false);
    const flipped = Buffer.from(t, "base64url");
    flipped[5] ^= 1;
    expect(ok(k, flipped.toString("base64url"))).toBe(false);
  });

  test("during a rotation every instance verifies every other's tokens, whichever step each has read", () => {
    const t0 = 1_700_000_000_000;
    const s0 = newSeatKeysText();
    const s1 = rotateSeatKeys(s0, t0);
    expect(s1.step).toBe(1);
    expect(() => rotateSeatKeys(s1.text, t0 + ROTATION_STEP_MS - 1)).toThrow(/run again in/);
    const s2 = rotateSeatKeys(s1.text, t0 + ROTATION_STEP_MS);
    expect(s2.step).toBe(2);
    const steps = [s0, s1.text, s2.text].map(parseSeatKeys);
    // Instances may hold the keys of two adjacent steps at once (each re-reads on its own schedule).
    for (const [a, b] of [
      [0, 1],
      [1, 2],
    ]) {
      expect(ok(steps[b], sign(steps[a]))).toBe(true);
      expect(ok(steps[a], sign(steps[b]))).toBe(true);
    }
    expect(steps[2].sign.id).not.toBe(steps[0].sign.id);
    // The next rotation starts afresh; after it, the first key is gone.
    const s3 = rotateSeatKeys(s2.text, t0 + 2 * ROTATION_STEP_MS);
    const s4 = parseSeatKeys(rotateSeatKeys(s3.text, t0 + 3 * ROTATION_STEP_MS).text);
    expect(ok(s4, sign(steps[0]))).toBe(false);
    expect(ok(s4, sign(steps[2]))).toBe(true);
  });

  test("locally the keys are a file under the data directory, made once and read by every instance", async () => {
    const env = { MANCALA_LOCAL: "1", MANCALA_SECRETS_DIR: dir };
    const a = await readSecret("seat-token-keys", newSeatKeysText, env);
    const b = await readSecret("seat-token-keys", newSeatKeysText, env);
    expect(a).toBe(b);
    expect(readFileSync(join(dir, "seat-token-keys.json"), "utf8")).toBe(a);
    expect(parseSeatKeys(a).sign.key.length).toBeGreaterThanOrEqual(32);
  });

  test("locally a route that does not list the secret may not read it", async () => {
    installAccessGuard();
    const env = { MANCALA_LOCAL: "1", MANCALA_SECRETS_DIR: dir };
    const connect = ROUTES.find((r) => r.kind === "ws" && r.key === "$connect")!;
    const dflt = ROUTES.find((r) => r.kind === "ws" && r.key === "$default")!;
    await expect(asRoute(connect, () => readSecret("seat-token-keys", newSeatKeysText, env))()).rejects.toThrow(
      /\$connect may not call secretsmanager:GetSecretValue on the secret seat-token-keys/,
    );
    await expect(asRoute(dflt, () => readSecret("seat-token-keys", newSeatKeysText, env))()).resolves.toContain("key");
    await expect(asRoute(dflt, () => readSecret("origin-verify", () => "x".repeat(48), env))()).rejects.toThrow(
      /AccessDenied|may not call/,
    );
  });
});
