/**
 * The shape of a content translation: strategy tips, common questions and lessons of every game,
 * and the guide's general part. Every shape is read off the English
 * source (content/rules.ts, content/lessons.ts), so a missing or extra tip, question, lesson or
 * choice fails the type check.
 */
import type { Family } from "../../content/families.js";
import type { LessonOf } from "../../content/lessons.js";
import type { CAPTURE_DIAGRAM, FAQ, GAME_PLAYING, PLAYING_ITEMS, TIPS } from "../../content/rules.js";
import type { Locale } from "../locales.js";

/** The same shape as `T` (tuples keep their length), every text a string. */
type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** The languages that translate the content (English is the source). */
export type TranslatedLocale = Exclude<Locale, "en">;

/** A lesson's words; the choices in the English order (the engine decides which is true). */
export interface LessonWords<C extends readonly unknown[]> {
  readonly title: string;
  readonly prompt: string;
  readonly question: string;
  readonly choices: { readonly [K in keyof C]: string };
  readonly answer: string;
}

type LessonsWords<F extends Family> = {
  readonly [L in LessonOf<F> as L["id"]]: LessonWords<L["choices"]>;
};

export interface GameContent<F extends Family> {
  readonly tipsHeading: string;
  readonly tips: Strings<(typeof TIPS)[F]>;
  readonly faqHeading: string;
  readonly faq: Strings<(typeof FAQ)[F]>;
  readonly lessons: LessonsWords<F>;
  /** The game's own how-to-play items (content/rules.ts GAME_PLAYING) and its keyboard item. */
  readonly playing: Strings<(typeof GAME_PLAYING)[F]>;
  readonly keyboard: string;
}

/** The guide's parts that are the same in every game. */
interface GeneralContent {
  readonly playingHeading: string;
  readonly playing: Strings<typeof PLAYING_ITEMS>;
  readonly levelsHeading: string;
}

type GamesContent = { readonly [F in Family]: GameContent<F> };

/** The words of Ayo's capture diagram on the Rules screen; places as in English. */
export type DiagramWords = { readonly [K in keyof typeof CAPTURE_DIAGRAM]: string };

/** A language's content: every game, every text (the per-key review state is in i18n/review). */
export interface ContentTranslation {
  readonly general: GeneralContent;
  readonly games: GamesContent;
  /** Ayo's capture diagram. */
  readonly captureDiagram: DiagramWords;
}
