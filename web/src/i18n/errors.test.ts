/**
 * Every error code of the protocol's registry (realtime and HTTP) has its own message in English and
 * in every language, and a code this client does not know still reads as a sentence of the language.
 */
import { afterAll, describe, expect, test } from "vitest";
import { ERROR_CODES, HTTP_ERROR_STATUS } from "../../../core/protocol/errors.js";
import { EN } from "./en.js";
import { ERROR_KEYS, errorText } from "./errors.js";
import { loadLocale } from "./i18n.js";
import { KK } from "./kk.js";
import { KY } from "./ky.js";
import { LOCALES, type Locale } from "./locales.js";
import { RU } from "./ru.js";
import { SN } from "./sn.js";
import { YO } from "./yo.js";

const REGISTRY = [...new Set<string>([...ERROR_CODES, ...Object.keys(HTTP_ERROR_STATUS)])];
const CATALOGUES = { en: EN, ru: RU.messages, kk: KK.messages, ky: KY.messages, yo: YO.messages, sn: SN.messages };

afterAll(() => loadLocale("en"));

describe("server error codes", () => {
  test("the table has one key per registry code and nothing else", () => {
    expect(Object.keys(ERROR_KEYS).sort()).toEqual([...REGISTRY].sort());
  });

  test.each(Object.entries(CATALOGUES))("%s has a message of its own for every code", (_l, messages) => {
    for (const code of REGISTRY) {
      const key = ERROR_KEYS[code as keyof typeof ERROR_KEYS];
      expect(messages[key]?.trim(), code).toBeTruthy();
    }
  });

  test.each(LOCALES.filter((l) => l !== "en"))(
    "%s: errorText shows the language's sentence, not the English one",
    async (l: Locale) => {
      await loadLocale(l);
      for (const code of REGISTRY) {
        const key = ERROR_KEYS[code as keyof typeof ERROR_KEYS];
        expect(errorText(code), code).toBe(CATALOGUES[l][key]);
        expect(errorText(code), code).not.toBe(EN[key]);
      }
    },
  );

  test("an unknown code falls back to the generic sentence of the language, naming the code", async () => {
    await loadLocale("ru");
    expect(errorText("ranked/new_thing")).toBe("Что-то пошло не так (код ranked/new_thing). Попробуйте ещё раз.");
    expect(errorText("toString")).toContain("toString");
    await loadLocale("en");
    expect(errorText("ranked/new_thing")).toBe("Something went wrong (code ranked/new_thing). Try again.");
    expect(errorText("ranked/in_match")).toBe("You are already playing a ranked game.");
  });
});
