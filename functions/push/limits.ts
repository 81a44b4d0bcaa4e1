/**
 * How often one may change push settings (subscribe, unsubscribe, mute), per connection, per
 * network (lib/network.ts) and per signed-in player: in-process buckets (lib/flood.ts), refilled
 * over its RATE_WINDOW_MS, so a refusal costs no store call for the first two and only the
 * connection item's read for the third — never a write. What several instances let through together
 * stays bounded in size: a player's partition holds at most MAX_DEVICES devices and one mute item
 * (functions/push/push.ts). `PUSH_RATE` and `PUSH_RATE_NETWORK` override the bursts (tests).
 */
import { envInt } from "../lib/env.js";
import { allowOwn } from "../lib/flood.js";

/** Settings changes per connection or player per window (a device subscribes once a start). */
const PUSH_BURST = 5;
/** Per network per window (a household or a school behind one address). */
const PUSH_BURST_NETWORK = 60;

function bursts(): { one: number; network: number } {
  return {
    one: envInt("PUSH_RATE", PUSH_BURST, { min: 1 }),
    network: envInt("PUSH_RATE_NETWORK", PUSH_BURST_NETWORK, { min: 1 }),
  };
}

/** The connection and its network: checked before anything is read. */
export function allowPushFrom(connectionId: string, network: string, now: number): boolean {
  const b = bursts();
  return allowOwn(`p:c:${connectionId}`, b.one, now) && allowOwn(`p:a:${network}`, b.network, now);
}

/** The signed-in player the connection item names. */
export function allowPushBy(playerId: string, now: number): boolean {
  return allowOwn(`p:p:${playerId}`, bursts().one, now);
}
