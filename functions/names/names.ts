/**
 * Display names: validated (core/names.ts), not reserved, and unique up to look-alikes (Unicode's
 * confusable skeletons, ./skeleton.ts) among live claims only.
 *
 * A name is *claimed* only once its player has finished a rated game: until then it is the player's
 * wish (`wanted` on the profile), checked against live claims when chosen, and the player is shown
 * with a generated name (core/names.ts `generatedName`). A claim lapses NAME_LIVE_MS after its
 * owner's latest rated game; only a rated game extends it, never a sign-in or choosing the same name
 * again. Choosing names is limited per connection, per player and per address across instances.
 */
import { parseDisplayName } from "../../core/names.js";
import type { RankedErrorCode } from "../../core/protocol/ranked.js";
import { err, ok, type Result } from "../../core/types.js";
import type { Counters } from "../lib/counters.js";
import { isReservedName, nameSkeleton, restrictionOf } from "./skeleton.js";
import type { NameStore } from "./store.js";

/** A name stays reserved this long after its owner's latest rated game. */
const NAME_LIVE_MS = 90 * 24 * 3600_000;
/** New names chosen (changes included) allowed per connection, per player and per address in their windows. */
const NAME_CLAIM_LIMITS = {
  perConnection: { limit: 5, windowMs: 10 * 60_000 },
  perPlayer: { limit: 10, windowMs: 24 * 3600_000 },
  perAddress: { limit: 30, windowMs: 24 * 3600_000 },
} as const;

export interface NameError {
  readonly code: RankedErrorCode;
  readonly message: string;
}

/** What choosing a name did: claimed it (the player has a rated game), or kept it as their wish. */
export interface Chosen {
  readonly name: string;
  readonly skeleton: string;
  readonly claimed: boolean;
}

/** The parts of a profile choosing a name depends on. */
export interface NameHolder {
  readonly playerId: string;
  readonly name: string | null;
  readonly skeleton: string | null;
  readonly wanted?: string | null;
  /** When the player's latest rated game ended, if any. */
  readonly ratedAt?: number | null;
}

/** Validates `raw`, refuses reserved names and look-alikes of live claims, and claims it if the player may. */
export async function chooseName(
  names: NameStore,
  counters: Counters,
  who: { readonly connId: string; readonly address: string | undefined },
  holder: NameHolder,
  raw: string,
  now: number,
): Promise<Result<Chosen, NameError>> {
  const parsed = parseDisplayName(raw);
  if (!parsed.ok) return err(parsed.error);
  const name = parsed.value;
  const restricted = restrictionOf(name);
  if (restricted === "bad_chars") return err({ code: "name/bad_chars", message: "letters in everyday use only" });
  if (restricted === "mixed_scripts")
    return err({ code: "name/mixed_scripts", message: "use the letters of one alphabet" });
  if (isReservedName(name)) return err({ code: "name/reserved", message: "that name is reserved" });
  const skeleton = nameSkeleton(name);
  const playerId = holder.playerId;
  // The name they already hold, or already wish for: nothing to do, and no claim is extended.
  if (holder.skeleton === skeleton && (await names.holds(skeleton, playerId, now))) {
    return ok({ name, skeleton, claimed: true });
  }
  const ratedAt = holder.ratedAt ?? null;
  const mayClaim = ratedAt !== null && ratedAt + NAME_LIVE_MS > now;
  const wish = holder.skeleton === null && holder.wanted === name; // chosen before: counts no more
  if (wish && !mayClaim) return ok({ name, skeleton, claimed: false });
  const { perConnection: c, perPlayer: p, perAddress: a } = NAME_CLAIM_LIMITS;
  if (
    !wish &&
    ((await counters.bump(`name#c#${who.connId}`, c.windowMs, now)) > c.limit ||
      (await counters.bump(`name#p#${playerId}`, p.windowMs, now)) > p.limit ||
      (who.address !== undefined && (await counters.bump(`name#a#${who.address}`, a.windowMs, now)) > a.limit))
  ) {
    return err({
      code: "rate/limited",
      message: `at most ${c.limit} new names in ${c.windowMs / 60_000} minutes and ${p.limit} a day`,
    });
  }
  if (mayClaim) {
    if (!(await names.claim(skeleton, playerId, now, ratedAt + NAME_LIVE_MS))) return err(taken());
    return ok({ name, skeleton, claimed: true });
  }
  const owner = await names.ownerOf(skeleton, now);
  if (owner !== null && owner !== playerId) return err(taken());
  return ok({ name, skeleton, claimed: false });
}

function taken(): NameError {
  return { code: "name/taken", message: "another player's name looks like that one" };
}

/**
 * After a rated game that ended at `at`: the player's claim is extended to `at + NAME_LIVE_MS`, or
 * their wished-for name is claimed now. Returns the skeleton claimed now (null if none).
 */
export async function claimAfterRatedGame(names: NameStore, holder: NameHolder, at: number): Promise<string | null> {
  if (holder.skeleton !== null) {
    // Their own claim (live, or lapsed but not taken since) is extended; already longer, it stays.
    if (await names.renew(holder.skeleton, holder.playerId, at + NAME_LIVE_MS)) return null;
    if (await names.holds(holder.skeleton, holder.playerId, at)) return null;
  }
  const wanted = holder.wanted ?? (holder.skeleton !== null ? holder.name : null);
  if (wanted === null) return null;
  const skeleton = nameSkeleton(wanted);
  return (await names.claim(skeleton, holder.playerId, at, at + NAME_LIVE_MS)) ? skeleton : null;
}
