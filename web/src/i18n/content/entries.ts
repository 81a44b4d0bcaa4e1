/**
 * The translated texts of a language's rules and content (tips, questions, lessons) as suggestion
 * entries: each text under a key naming where it sits ("content.games.togyz.tips.2",
 * "rules.guides.ayo.sections.1.items.0"), so "Suggest a better translation" can name them as it names
 * catalogue keys. Keys keep to the suggestions route's alphabet (letters, digits and dots).
 */
import { RULES_LOADERS } from "../rules/overlay.js";
import type { Locale } from "../locales.js";
import { loadContent } from "./load.js";

export interface TextEntry {
  readonly key: string;
  readonly text: string;
}

/** The longest key the suggestions route takes (core/protocol SuggestionSchema). */
const KEY_MAX = 80;

/** A path segment in the route's alphabet: "togyz-first" → "togyzFirst". */
function segment(s: string): string {
  return s.replace(/[^A-Za-z0-9]+([A-Za-z0-9]?)/g, (_, c: string) => c.toUpperCase());
}

/** Every string under `value`, keyed by its path from `prefix`; the `reviewed` flags are not texts. */
export function textEntries(prefix: string, value: unknown): TextEntry[] {
  const out: TextEntry[] = [];
  const walk = (path: string, v: unknown): void => {
    if (typeof v === "string") {
      if (path.length <= KEY_MAX) out.push({ key: path, text: v });
      return;
    }
    if (v === null || typeof v !== "object") return;
    for (const [k, child] of Object.entries(v)) {
      if (k === "reviewed") continue;
      walk(`${path}.${segment(k)}`, child);
    }
  };
  walk(prefix, value);
  return out;
}

/** The language's translated rules and content as entries (none for English, the source, or when offline and not cached). */
export async function translatedTexts(l: Locale): Promise<TextEntry[]> {
  const [rules, content] = await Promise.all([RULES_LOADERS[l]?.().catch(() => undefined), loadContent(l)]);
  return [...textEntries("rules", rules), ...textEntries("content", content)];
}
