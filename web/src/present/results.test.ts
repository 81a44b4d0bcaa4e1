import { afterEach, describe, expect, test } from "vitest";
import { END_REASONS, type EndReason } from "../../../core/types.js";
import { endSentence, finalScore, movesText, seriesScore, seriesValues, seriesWonText, wonText } from "./results.js";
import { describeMove, pitSpeech, storeSpeech } from "./speech.js";
import { loadLocale, t } from "../i18n/i18n.js";
import { LOCALES } from "../i18n/locales.js";

const you: readonly [string, string] = ["You", "Bola"];

describe("result wording", () => {
  test("a series line writes a name inside the sentence in its in-sentence form", () => {
    expect(seriesScore(["You", "Bola"], [2, 1], false)).toBe("Series: you 2–1 Bola");
    expect(seriesScore(["You", "The computer"], [1, 1], true)).toBe("Series drawn, you 1–1 the computer");
    expect(seriesScore(["Bola", "Aigerim"], [0, 3], false)).toBe("Series: Bola 0–3 Aigerim");
  });

  test.each([
    ["forfeit", 1, "You forfeited."],
    ["forfeit", 0, "Bola forfeited."],
    ["timeout", 0, "Bola ran out of time."],
    ["timeout", 1, "You ran out of time."],
    ["abandoned", 0, "Bola left and did not come back in time."],
    ["kazan", 0, "Your kazan passed 81 stones (82 or more wins)."],
    ["kazan", 1, "Bola's kazan passed 81 stones (82 or more wins)."],
    ["captures", 1, "Bola captured 25 seeds or more."],
    ["agreed", null, "Both players agreed to end on the current score."],
  ] as const)("%s won by %s: %s", (reason, winner, text) => {
    expect(endSentence({ game: "togyz", reason, names: you, winner, toMove: 0 })).toBe(text);
  });

  test("a resignation is called one; the player with nothing to move is named", () => {
    expect(
      endSentence({ game: "ayo", reason: "forfeit", names: you, winner: 0, toMove: 1, forfeitWord: "resigned" }),
    ).toBe("Bola resigned.");
    expect(endSentence({ game: "togyz", reason: "atsyz", names: you, winner: 1, toMove: 0 })).toMatch(
      /^You had no stones to move/,
    );
    expect(endSentence({ game: "tsoro-classic", reason: "no-seeds", names: you, winner: 0, toMove: 1 })).toBe(
      "Bola had no seeds left to move.",
    );
  });

  test('every end reason has a sentence, and none says "A player" when the winner is known', () => {
    for (const reason of END_REASONS as readonly EndReason[]) {
      const t = endSentence({ game: "togyz", reason, names: you, winner: 0, toMove: 1 });
      expect(t.length).toBeGreaterThan(5);
      expect(t).not.toContain("A player");
    }
  });

  test("who won, and a series' winner, agree with the player they name", () => {
    expect(wonText("You")).toBe("You won");
    expect(wonText("Bola")).toBe("Bola won");
    expect(seriesWonText(["You", "Bola"], [2, 1], "You", false)).toBe("You win the series, you 2–1 Bola");
    expect(seriesWonText(["Aigerim", "You"], [2, 0], "Aigerim", true)).toBe(
      "Aigerim wins the series by forfeit, Aigerim 2–0 you",
    );
    expect(t("room.seriesLine", { bestOf: 3, ...seriesValues(["You", "Bola"], [0, 1]) })).toBe(
      "Best of 3 · you 0–1 Bola",
    );
  });

  test("moves and scores, singular and plural", () => {
    expect(movesText(0)).toBe("0 moves");
    expect(movesText(1)).toBe("1 move");
    expect(movesText(2)).toBe("2 moves");
    expect(finalScore("togyz", you, [82, 1])).toBe("Final score: you 82 stones, Bola 1 stone");
    expect(finalScore("ayo", you, [1, 0])).toBe("Final score: you 1 seed, Bola 0 seeds");
    // A role inside a sentence is written in its in-sentence form, not as a capitalised label.
    expect(finalScore("ayo", ["You", "Computer"], [0, 48])).toBe("Final score: you 0 seeds, the computer 48 seeds");
    expect(finalScore("ayo", ["Bola", "Computer"], [3, 1])).toBe("Final score: Bola 3 seeds, the computer 1 seed");
  });
});

describe("screen-reader wording", () => {
  test("pits and stores", () => {
    expect(pitSpeech("togyz", "You", 4, false, 12)).toBe("Your pit 4, 12 stones");
    expect(pitSpeech("ayo", "Computer", 7, false, 1, ["last move"])).toBe("Computer's pit 7, 1 seed, last move");
    expect(pitSpeech("tsoro-wta", "Bola", 3, true, 0)).toBe("Bola's hole 3 (top row), 0 seeds");
    expect(storeSpeech("togyz", "Computer", 30)).toBe("Computer's kazan, 30 stones");
    expect(storeSpeech("ayo", "You", 1)).toBe("Your store, 1 seed");
  });

  test("a move in one sentence", () => {
    expect(
      describeMove("togyz", "You", 0, 4, [
        { t: "lift", pit: 3, count: 12, relay: false },
        { t: "capture", pit: 12, count: 12, seat: 0 },
      ]),
    ).toBe("You sowed from pit 4 and captured 12 stones.");
    expect(
      describeMove("togyz", "Computer", 1, 2, [
        { t: "capture", pit: 3, count: 3, seat: 1 },
        { t: "tuzdyk", pit: 3, seat: 1 },
      ]),
    ).toBe("Computer sowed from pit 2, captured 3 stones and made a tuzdyk.");
    expect(describeMove("tsoro-wta", "Bola", 1, 0, [{ t: "take", pits: [1, 2], count: 5, seat: 1 }])).toBe(
      "Bola sowed from hole 1 and took 5 seeds.",
    );
    expect(describeMove("ayo", "You", 0, 0, [{ t: "pass", seat: 0 }])).toBe("You passed: no seeds to sow.");
    expect(describeMove("ayo", "Bola", 1, 9, [{ t: "sow", pit: 9 }])).toBe("Bola sowed from pit 9.");
  });
});

describe("names inside sentences, in every language", () => {
  afterEach(async () => {
    await loadLocale("en");
  });

  test.each(LOCALES)("%s: the final score writes you and the computer in their in-sentence form", async (l) => {
    await loadLocale(l);
    const you = t("common.you");
    const computer = t("common.computer");
    const line = finalScore("ayo", [you, computer], [0, 48]);
    // The label forms ("You", "Computer") start with a capital where the language has capitals;
    // mid-sentence each language's own form is used instead.
    if (you !== you.toLowerCase()) expect(line, l).not.toContain(you);
    if (computer !== computer.toLowerCase()) expect(line, l).not.toContain(computer);
    expect(finalScore("ayo", ["Bola", computer], [3, 1]), l).toContain("Bola");
    const against = finalScore("ayo", [you, t("common.theComputer")], [0, 48]);
    expect(against, l).toBe(line);
  });

  test.each(LOCALES)("%s: series lines and spoken moves write you and the computer in their own forms", async (l) => {
    await loadLocale(l);
    const you = t("common.you");
    const computer = t("common.computer");
    const capital = you !== you.toLowerCase();
    const lines = [
      t("room.seriesLine", { bestOf: 3, ...seriesValues([you, "Bola"], [0, 1]) }),
      t("play.seriesScore", { bestOf: 3, game: 2, ...seriesValues([you, computer], [1, 0]) }),
      seriesWonText(["Bola", you], [2, 1], "Bola", true),
      t("room.seriesHeader", { bestOf: 3, game: 2, sa: 1, sb: 0 }),
    ];
    for (const line of lines) {
      expect(line, l).not.toMatch(/[{}]/);
      if (capital) expect(line, l).not.toContain(you);
    }
    // Where the verb agrees with its subject, a sentence about the reader (Kazakh, Kyrgyz, Shona, and
    // Russian and Yoruba for who won) or the computer (Shona, a noun of another class) is more than a
    // named player's sentence with the name swapped.
    const sowed = (name: string): string => describeMove("ayo", name, 0, 4, [{ t: "sow", pit: 4 }]);
    const swapped = (name: string, text: string): string => text.replace("Bola", name);
    expect(sowed("Bola"), l).toContain("Bola");
    if (l === "kk" || l === "ky" || l === "sn") expect(sowed(you), l).not.toBe(swapped(you, sowed("Bola")));
    if (l === "sn") expect(sowed(computer), l).not.toBe(swapped(computer, sowed("Bola")));
    if (l !== "en") expect(wonText(you), l).not.toBe(swapped(you, wonText("Bola")));
    for (const name of [you, computer]) expect(sowed(name), l).not.toMatch(/[{}]/);
  });
});
