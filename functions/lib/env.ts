/**
 * Integer settings from the environment, read one way everywhere: unset or empty means the default;
 * anything else must be a whole number within the setting's range, or reading it throws with the
 * variable's name (a mistyped limit stops the process at its first use instead of silently taking
 * the default).
 */
export interface IntRange {
  /** The least value allowed (default 0). */
  readonly min?: number;
  readonly max?: number;
}

/** The setting `name` when it is set, else undefined. */
export function envIntOrUnset(
  name: string,
  range: IntRange = {},
  env: NodeJS.ProcessEnv = process.env,
): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return undefined;
  const n = Number(raw);
  const min = range.min ?? 0;
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return n;
}

/** The setting `name`, or `fallback` when it is unset. */
export function envInt(
  name: string,
  fallback: number,
  range: IntRange = {},
  env: NodeJS.ProcessEnv = process.env,
): number {
  return envIntOrUnset(name, range, env) ?? fallback;
}
