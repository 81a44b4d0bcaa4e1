/** Quick chat phrases: a few built in, plus the player's own, added and removed with ✎ Edit. */
import { createStore, type Store } from "solid-js/store";
import * as v from "valibot";
import { readJson, writeJson, type KeyValue } from "../lib/persist.js";

export const BUILT_IN_PHRASES = [
  "Hello!",
  "Good luck!",
  "Nice move!",
  "Well played",
  "Thanks!",
  "One moment…",
  "Rematch?",
] as const;
export const PHRASE_MAX = 60;
export const OWN_PHRASES_MAX = 20;

const PhrasesSchema = v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(PHRASE_MAX)));

export function parsePhrases(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const ok = raw.filter((p) => v.safeParse(PhrasesSchema, [p]).success).map((p) => String(p).trim());
  return [...new Set(ok)].slice(0, OWN_PHRASES_MAX);
}

interface PhrasesActions {
  /** Adds one of the player's own phrases; false if empty, too long, already there or too many. */
  add(text: string): boolean;
  remove(text: string): void;
}

export type PhrasesStore = readonly [Store<{ readonly own: readonly string[] }>, PhrasesActions];

const KEY = "phrases.v1";

export function createPhrases(kv: KeyValue): PhrasesStore {
  const [state, setState] = createStore<{ own: string[] }>({ own: parsePhrases(readJson(kv, KEY)) });
  const save = (): boolean => writeJson(kv, KEY, state.own);
  return [
    state,
    {
      add(text) {
        const t = text.trim();
        if (t === "" || t.length > PHRASE_MAX || state.own.includes(t) || state.own.length >= OWN_PHRASES_MAX)
          return false;
        setState("own", (o) => [...o, t]);
        return save();
      },
      remove(text) {
        setState("own", (o) => o.filter((p) => p !== text));
        save();
      },
    },
  ];
}
