/**
 * How often one may start watching a game, per connection, per network (lib/network.ts) and per
 * signed-in player: in-process buckets (lib/flood.ts), so a refusal costs no store call at all for
 * the first two and one read (the connection item, which names the player) for the third — never a
 * write. Each bucket refills over lib/flood.ts's RATE_WINDOW_MS. `WATCH_RATE` and
 * `WATCH_RATE_NETWORK` override the bursts (tests use small values).
 */
import { envInt } from "../lib/env.js";
import { allowOwn } from "../lib/flood.js";

/** Watch starts per connection or player per window (following TV through a few games, flicking through the live list). */
const WATCH_BURST = 10;
/** Watch starts per network per window (a household or a school behind one address). */
const WATCH_BURST_NETWORK = 60;

function bursts(): { one: number; network: number } {
  return {
    one: envInt("WATCH_RATE", WATCH_BURST, { min: 1 }),
    network: envInt("WATCH_RATE_NETWORK", WATCH_BURST_NETWORK, { min: 1 }),
  };
}

/** The connection and its network: checked before anything is read. */
export function allowWatchFrom(connectionId: string, network: string, now: number): boolean {
  const b = bursts();
  return allowOwn(`w:c:${connectionId}`, b.one, now) && allowOwn(`w:a:${network}`, b.network, now);
}

/** The signed-in player the connection item names. */
export function allowWatchBy(playerId: string, now: number): boolean {
  return allowOwn(`w:p:${playerId}`, bursts().one, now);
}
