import { describe, expect, test } from "vitest";
import { AVATARS } from "../state/createProfile.js";
import { emojiRuns } from "./Emoji.js";
import { emojiImage, QUICK_EMOJI, SHIPPED_EMOJI } from "./emojiImages.js";

/** Twemoji's file name for an emoji: its code points in hex, the presentation mark dropped. */
const twemojiName = (e: string): string =>
  [...e]
    .map((c) => (c.codePointAt(0) ?? 0).toString(16))
    .filter((h) => h !== "fe0f")
    .join("-");

describe("shipped emoji pictures", () => {
  test("every avatar, both faces and every quick emoji has its own picture, the right one", () => {
    for (const e of [...AVATARS, ...QUICK_EMOJI, "🙂", "🤖"]) {
      const src = emojiImage(e);
      expect(src, e).toBeDefined();
      expect(src, e).toMatch(new RegExp(`(^|/)${twemojiName(e)}(\\.[\\w-]+)?\\.svg(\\?[\\w-]*)?$`));
    }
  });

  test("nothing is shipped that the app does not show", () => {
    expect(new Set(SHIPPED_EMOJI)).toEqual(new Set([...AVATARS, ...QUICK_EMOJI, "🙂", "🤖"]));
  });

  test("an emoji the app does not ship has no picture", () => {
    expect(emojiImage("🦄")).toBeUndefined();
    expect(emojiImage("toString")).toBeUndefined();
  });

  test("chat text splits into text and shipped emoji; a toned or joined emoji stays text", () => {
    expect(emojiRuns("hi 👍 well played❤️")).toEqual([
      { text: "hi ", emoji: false },
      { text: "👍", emoji: true },
      { text: " well played", emoji: false },
      { text: "❤️", emoji: true },
    ]);
    expect(emojiRuns("👍🏽 ok")).toEqual([{ text: "👍🏽 ok", emoji: false }]);
    expect(emojiRuns("")).toEqual([]);
  });
});
