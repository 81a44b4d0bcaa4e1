/** The look and feel chosen on this device: theme, background, counters, hole size, hand, speed, sound. */
import { createStore, type Store } from "solid-js/store";
import * as v from "valibot";
import { SPEEDS, type Speed } from "../present/animate.js";
import { t } from "../i18n/i18n.js";
import { LOCALES, type Locale } from "../i18n/locales.js";
import { makeStoreContext } from "./context.js";
import { readJson, writeJson, type KeyValue } from "../lib/persist.js";

export const THEMES = ["system", "dark", "light"] as const;
export const BACKGROUNDS = ["steppe", "savanna", "highveld", "night", "plain", "photo"] as const;
export const COUNTERS = ["seeds", "pebbles", "shells", "marbles"] as const;
export const HOLE_SIZES = ["small", "medium", "large"] as const;
export const HANDS = ["light", "medium", "dark", "off"] as const;

export type Theme = (typeof THEMES)[number];
export type Background = (typeof BACKGROUNDS)[number];
export type Counters = (typeof COUNTERS)[number];
export type HoleSize = (typeof HOLE_SIZES)[number];
export type Hand = (typeof HANDS)[number];

export interface Settings {
  readonly theme: Theme;
  readonly background: Background;
  /** Own background photo as a data URL (downscaled), or null. */
  readonly photo: string | null;
  readonly counters: Counters;
  readonly holeSize: HoleSize;
  readonly hand: Hand;
  readonly speed: Speed;
  readonly sound: boolean;
  /** Whether other players may challenge this one (told to the server at the next ranked sign-in). */
  readonly challenges: boolean;
  /** The interface's language; null until the first visit picks one from the browser's languages. */
  readonly language: Locale | null;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: "system",
  background: "steppe",
  photo: null,
  counters: "seeds",
  holeSize: "medium",
  hand: "medium",
  speed: "normal",
  sound: true,
  challenges: true,
  language: null,
};

/** Biggest data URL kept for a background photo (the photo is downscaled well below this). */
const MAX_PHOTO_CHARS = 900_000;

const D = DEFAULT_SETTINGS;
const SettingsSchema = v.object({
  theme: v.fallback(v.picklist(THEMES), D.theme),
  background: v.fallback(v.picklist(BACKGROUNDS), D.background),
  photo: v.fallback(v.nullable(v.pipe(v.string(), v.startsWith("data:image/"), v.maxLength(MAX_PHOTO_CHARS))), D.photo),
  counters: v.fallback(v.picklist(COUNTERS), D.counters),
  holeSize: v.fallback(v.picklist(HOLE_SIZES), D.holeSize),
  hand: v.fallback(v.picklist(HANDS), D.hand),
  speed: v.fallback(v.picklist(SPEEDS), D.speed),
  sound: v.fallback(v.boolean(), D.sound),
  challenges: v.fallback(v.boolean(), D.challenges),
  language: v.fallback(v.nullable(v.picklist(LOCALES)), D.language),
});

/** Reads stored settings; each damaged or missing field falls back to its default on its own. */
export function parseSettings(raw: unknown): Settings {
  const r = v.safeParse(SettingsSchema, typeof raw === "object" && raw !== null ? raw : {});
  return r.success ? r.output : DEFAULT_SETTINGS;
}

/** The settings stored on this device (read before the first screen, to load its language). */
export function readSettings(kv: KeyValue): Settings {
  return parseSettings(readJson(kv, KEY));
}

/** The words for the counters and speeds, in the interface's language. */
export function counterName(c: Counters): string {
  return c === "seeds"
    ? t("opt.seeds")
    : c === "pebbles"
      ? t("opt.pebbles")
      : c === "shells"
        ? t("opt.shells")
        : t("opt.marbles");
}

export function speedName(s: Speed): string {
  return s === "slow" ? t("opt.slow") : s === "fast" ? t("opt.fast") : t("opt.normal");
}

function makeSettings(s: Settings): Record<string, unknown> {
  return { ...s };
}

interface SettingsActions {
  set<K extends keyof Settings>(key: K, value: Settings[K]): boolean;
  reset(): void;
}

export type SettingsStore = readonly [Store<Settings>, SettingsActions];

const KEY = "settings.v1";

export function createSettings(kv: KeyValue): SettingsStore {
  const [state, setState] = createStore<{ -readonly [K in keyof Settings]: Settings[K] }>(readSettings(kv));
  const save = (): boolean => writeJson(kv, KEY, makeSettings(state));
  return [
    state,
    {
      set(key, value) {
        const checked = parseSettings({ ...state, [key]: value });
        if (checked[key] !== value) return false;
        setState(key, value as never);
        return save();
      },
      reset() {
        setState({ ...DEFAULT_SETTINGS });
        save();
      },
    },
  ];
}

export const SettingsContext = makeStoreContext<SettingsStore>("useSettings");
export const useSettings = SettingsContext.use;
