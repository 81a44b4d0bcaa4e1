/**
 * The server writes notifications without the client's catalogue (core/protocol/push.ts
 * `PUSH_TEXTS`); each of its texts is the catalogue's own, in every language, and its languages are
 * the client's.
 */
import { describe, expect, test } from "vitest";
import { PUSH_LANGS, PUSH_TEXTS } from "../../../core/protocol/push.js";
import type { Catalogue } from "./catalogue.js";
import { EN } from "./en.js";
import { KK } from "./kk.js";
import { KY } from "./ky.js";
import { LOCALES, type Locale } from "./locales.js";
import { RU } from "./ru.js";
import { SN } from "./sn.js";
import { YO } from "./yo.js";

const CATALOGUES: { readonly [L in Locale]: Catalogue["messages"] } = {
  en: EN,
  ru: RU.messages,
  kk: KK.messages,
  ky: KY.messages,
  yo: YO.messages,
  sn: SN.messages,
};

describe("the notifications' words", () => {
  test("the languages are the client's", () => {
    expect([...PUSH_LANGS]).toEqual([...LOCALES]);
  });

  test.each(LOCALES)("%s: each text is the catalogue's", (lang) => {
    const c = CATALOGUES[lang];
    expect(PUSH_TEXTS[lang]).toEqual({
      turn: c["play.yourTurn"],
      won: c["result.youWon"],
      lost: c["result.nameWon"],
      draw: c["result.draw"],
    });
  });
});
