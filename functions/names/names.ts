/**
 * Display names: validated (core/names.ts), and unique up to look-alikes among live names only. A
 * claim lapses 90 days after its owner's latest rated game; claims are limited per connection and
 * per player so nobody can hoard names.
 */
import { nameSkeleton, parseDisplayName } from "../../core/names.js";
import type { RankedErrorCode } from "../../core/protocol/ranked.js";
import { err, ok, type Result } from "../../core/types.js";
import type { Counters } from "../lib/counters.js";
import type { NameStore } from "./store.js";

/** A name stays reserved this long after its owner's latest rated game. */
export const NAME_LIVE_MS = 90 * 24 * 3600_000;
/** Name claims (changes included) allowed per connection and per player in their windows. */
export const NAME_CLAIM_LIMITS = {
  perConnection: { limit: 5, windowMs: 10 * 60_000 },
  perPlayer: { limit: 10, windowMs: 24 * 3600_000 },
} as const;

export interface NameError {
  readonly code: RankedErrorCode;
  readonly message: string;
}

export interface Claimed {
  readonly name: string;
  readonly skeleton: string;
}

/** Validates `raw` and claims its skeleton for the player, within the claim limits. */
export async function claimName(
  names: NameStore,
  counters: Counters,
  connId: string,
  playerId: string,
  raw: string,
  current: string | null,
  now: number,
): Promise<Result<Claimed, NameError>> {
  const parsed = parseDisplayName(raw);
  if (!parsed.ok) return err(parsed.error);
  const name = parsed.value;
  const skeleton = nameSkeleton(name);
  if (current !== skeleton) {
    const { perConnection: c, perPlayer: p } = NAME_CLAIM_LIMITS;
    if (
      (await counters.bump(`name#c#${connId}`, c.windowMs, now)) > c.limit ||
      (await counters.bump(`name#p#${playerId}`, p.windowMs, now)) > p.limit
    ) {
      return err({
        code: "rate/limited",
        message: `at most ${c.limit} new names in ${c.windowMs / 60_000} minutes and ${p.limit} a day`,
      });
    }
  }
  if (!(await names.claim(skeleton, playerId, now, now + NAME_LIVE_MS))) {
    return err({ code: "name/taken", message: "another player's name looks like that one" });
  }
  return ok({ name, skeleton });
}
