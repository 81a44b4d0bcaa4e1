import { afterEach, describe, expect, test } from "vitest";
import { loadLocale, t } from "./i18n.js";
import { formatNumber, formatPercent, formatRating, formatTenths } from "./numbers.js";

afterEach(async () => {
  await loadLocale("en");
});

describe("numbers in the player's language", () => {
  test("the Kazakh engine review writes a decimal comma; English a point", async () => {
    const mistake = (): string => t("replay.mistake", { n: 7, played: "3", best: "5", loss: formatTenths(24.44) });
    expect(mistake()).toContain("24.4");
    await loadLocale("kk");
    expect(formatTenths(24.44)).toBe("24,4");
    expect(mistake()).toContain("24,4");
    expect(mistake()).not.toContain("24.4");
  });

  test("a whole number still shows its one decimal", async () => {
    await loadLocale("ru");
    expect(formatTenths(3)).toBe("3,0");
  });

  test("percentages follow the language's spacing", async () => {
    expect(formatPercent(71)).toBe("71%");
    await loadLocale("ru");
    expect(formatPercent(71)).toBe(new Intl.NumberFormat("ru", { style: "percent" }).format(0.71));
    expect(formatPercent(71)).toMatch(/^71\s%$/u);
  });

  test("ratings are rounded and never grouped; other counts are grouped as the language does", async () => {
    await loadLocale("ru");
    expect(formatRating(1523.6, false)).toBe("1524");
    expect(formatRating(1499.2, true)).toBe("1499?");
    expect(formatNumber(12345)).toMatch(/^12\s345$/u);
  });
});
