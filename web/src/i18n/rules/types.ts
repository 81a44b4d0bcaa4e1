/** The shape of a rules translation (its own module: the translations and their loader both import it). */
import type { Family } from "../../content/families.js";

export interface GuideOverlay {
  readonly intro: string;
  /** Translated sections by their index in the English guide; each has as many items as the English one. */
  readonly sections: Readonly<Record<number, { readonly heading: string; readonly items: readonly string[] }>>;
}

/** Every game's rules in one language (the review state of each text is kept per key, in i18n/review). */
export interface RulesTranslation {
  readonly guides: Readonly<Record<Family, GuideOverlay>>;
}
