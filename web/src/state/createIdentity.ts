/**
 * The device's ranked identity: a signing key pair kept on the device, whose public half is the
 * player id. Made on first use; a damaged saved key is replaced by a new one (a new player).
 */
import { makeDeviceKeys, makeDeviceSecret, parseDeviceKeys, type DeviceKeys } from "../../../core/identity.js";
import { readJson, writeJson, type KeyValue } from "../lib/persist.js";

const KEY = "identity.v1";

export function loadIdentity(kv: KeyValue): DeviceKeys {
  const raw = readJson(kv, KEY);
  const saved = typeof raw === "object" && raw !== null ? parseDeviceKeys((raw as { secret?: unknown }).secret) : null;
  if (saved !== null && saved.ok) return saved.value;
  const keys = makeDeviceKeys();
  writeJson(kv, KEY, { secret: makeDeviceSecret(keys) });
  return keys;
}

/** The player id if this device already has one (without making one). */
export function savedPlayerId(kv: KeyValue): string | null {
  const raw = readJson(kv, KEY);
  const saved = typeof raw === "object" && raw !== null ? parseDeviceKeys((raw as { secret?: unknown }).secret) : null;
  return saved !== null && saved.ok ? saved.value.playerId : null;
}
