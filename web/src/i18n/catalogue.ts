/** The shape of a translated catalogue: every key of the English one (the review state of each is in i18n/reviewed.ts). */
import type { MessageKey } from "./en.js";

export interface Catalogue {
  readonly messages: { readonly [K in MessageKey]: string };
}
