/** The shape of a translated catalogue: every key of the English one, and whether a native speaker checked it. */
import type { MessageKey } from "./en.js";

export interface Catalogue {
  /** False until a native speaker has read the whole catalogue; the app then asks players for better wording. */
  readonly reviewed: boolean;
  readonly messages: { readonly [K in MessageKey]: string };
}
