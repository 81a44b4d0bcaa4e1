/**
 * The device's key-value storage. Everything the client keeps (settings, profile, statistics,
 * saved games, unsent suggestions) goes through here; values are JSON and are validated on the way
 * back in by each store, so a damaged entry falls back to defaults instead of breaking the app.
 */
export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const KEY_PREFIX = "mancala.";

/** `localStorage` when the browser allows it, otherwise a memory-only stand-in for this visit. */
export function deviceStorage(): KeyValue {
  try {
    const ls = globalThis.localStorage;
    const probe = `${KEY_PREFIX}probe`;
    ls.setItem(probe, "1");
    ls.removeItem(probe);
    return ls;
  } catch {
    return memoryStorage();
  }
}

export function memoryStorage(): KeyValue {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}

export function readJson(kv: KeyValue, key: string): unknown {
  const text = kv.getItem(KEY_PREFIX + key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Writes a value; false when the device refused (storage full or disabled). */
export function writeJson(kv: KeyValue, key: string, value: unknown): boolean {
  try {
    kv.setItem(KEY_PREFIX + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeKey(kv: KeyValue, key: string): void {
  try {
    kv.removeItem(KEY_PREFIX + key);
  } catch {
    // Nothing to do: the entry is unreachable either way.
  }
}
