import { describe, expect, test } from "vitest";
import { parse } from "@formatjs/icu-messageformat-parser";
import { outlineAst } from "./outline.js";

/** The message parsed as the build compiles it, then outlined; the message itself if it does not parse. */
function outlineMessage(message: string, _locale: string): string {
  try {
    return outlineAst(parse(message));
  } catch {
    return message;
  }
}
import { RU } from "./ru.js";

describe("a message read as text with its places named", () => {
  test("a plural is shown by its other form, its number named", () => {
    expect(outlineMessage(RU.messages["setup.tsoroBoard"], "ru")).not.toContain("plural");
    expect(outlineMessage("{holes} × 2 holes, {seeds, plural, one {# seed} other {# seeds}} each", "en")).toBe(
      "{holes} × 2 holes, {seeds} seeds each",
    );
  });

  test("selects, tags and plain places", () => {
    expect(outlineMessage("{who, select, you {You} other {{name}}} won", "en")).toBe("{name} won");
    expect(outlineMessage("Your rating: <b>{rating}</b>", "en")).toBe("Your rating: {rating}");
    expect(outlineMessage("Plain text.", "en")).toBe("Plain text.");
  });

  test("a message that does not parse is shown as it is", () => {
    expect(outlineMessage("{broken", "en")).toBe("{broken");
  });
});
