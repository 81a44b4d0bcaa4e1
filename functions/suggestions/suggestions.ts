/** Suggestions: an improvement idea or a problem report, stored as sent, at most 5 an hour per source address. */
import type { Suggestion } from "../../core/protocol/ranked.js";
import { err, ok, type Result } from "../../core/types.js";
import type { Counters } from "../lib/counters.js";
import type { SuggestionStore } from "./store.js";

export const SUGGESTION_RATE = { perWindow: 5, windowMs: 3600_000 } as const;

export interface SuggestionError {
  readonly code: "rate/limited";
  readonly message: string;
}

/** The stored category: "problem/ayo" names the game, "translation/yo/menu.new" the language and key. */
export function suggestionCategory(s: Suggestion): string {
  const parts: string[] = [s.category];
  if (s.game !== undefined) parts.push(s.game);
  if (s.locale !== undefined) parts.push(s.locale);
  if (s.key !== undefined) parts.push(s.key);
  return parts.join("/");
}

export async function submitSuggestion(
  store: SuggestionStore,
  counters: Counters,
  s: Suggestion,
  source: string,
  userAgent: string,
  now: number,
  id: string,
): Promise<Result<{ id: string }, SuggestionError>> {
  const n = await counters.bump(`suggest#${source}`, SUGGESTION_RATE.windowMs, now);
  if (n > SUGGESTION_RATE.perWindow) {
    return err({ code: "rate/limited", message: `at most ${SUGGESTION_RATE.perWindow} suggestions an hour` });
  }
  await store.put({
    id,
    createdAt: now,
    text: s.text,
    category: suggestionCategory(s),
    playerId: s.playerId ?? null,
    contact: s.contact ?? null,
    userAgent: userAgent.slice(0, 200),
  });
  return ok({ id });
}
