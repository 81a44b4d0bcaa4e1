import { describe, expect, test } from "vitest";
import { parseWith, SuggestionSchema } from "../../core/protocol/ranked.js";
import { suggestionCategory } from "./suggestions.js";

describe("translation suggestions", () => {
  test("name the language and the message key, stored in the category", () => {
    const r = parseWith(SuggestionSchema, {
      text: "Ọpọ́n ayò",
      category: "translation",
      locale: "yo",
      key: "game.board",
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(suggestionCategory(r.value)).toBe("translation/yo/game.board");
  });

  test("an unknown language or a key that is not a key is refused", () => {
    expect(parseWith(SuggestionSchema, { text: "better", category: "translation", locale: "xx", key: "a.b" }).ok).toBe(
      false,
    );
    expect(
      parseWith(SuggestionSchema, { text: "better", category: "translation", locale: "ru", key: "a b/../c" }).ok,
    ).toBe(false);
  });

  test("other suggestions keep their category and game", () => {
    const r = parseWith(SuggestionSchema, { text: "a darker board", category: "idea", game: "togyz" });
    if (!r.ok) throw new Error(r.error.message);
    expect(suggestionCategory(r.value)).toBe("idea/togyz");
  });
});
