/**
 * Screenshots of the main menu, of a game in progress, of a friend game's waiting screen and of the
 * ranked lobby in each language of the client, written to
 * e2e/screenshots/languages/ (git-ignored): `npm run -s screenshots:languages`. Each game is the one of the
 * language's own community (Togyz kumalak in Kazakh, Russian and Kyrgyz, Ayo in Yoruba, Tsoro in Shona).
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { buildClient, CHROMIUM, CHROMIUM_ARGS, startHarness } from "../e2e/harness.js";
import { openInLanguage, setUpGame, startMatch } from "../e2e/languages.js";

const OUT = join(import.meta.dirname, "..", "e2e", "screenshots", "languages");
const GAMES = [
  ["en", "en-GB", "togyz"],
  ["ru", "ru-RU", "togyz"],
  ["kk", "kk-KZ", "togyz"],
  ["ky", "ky-KG", "togyz"],
  ["yo", "yo-NG", "ayo"],
  ["sn", "sn-ZW", "tsoro"],
] as const;

const built = await mkdtemp(join(tmpdir(), "mancala-shots-"));
await buildClient(built);
const h = await startHarness(built);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
try {
  await mkdir(OUT, { recursive: true });
  for (const [lang, tag, family] of GAMES) {
    const page = await openInLanguage(browser, h.url, tag);
    await page.screenshot({ path: join(OUT, `${lang}-menu.png`) });
    await setUpGame(page, family);
    await startMatch(page);
    // Two moves of the player's, each answered by the computer, then the board as it stands.
    for (let i = 0; i < 2; i++) {
      await page.waitForSelector(".pit.legal", { timeout: 30_000 });
      const pits = await page.$$(".pit.legal");
      await pits[Math.floor(pits.length / 2)].click();
    }
    await page.waitForSelector(".pit.legal", { timeout: 30_000 });
    await page.screenshot({ path: join(OUT, `${lang}-play.png`) });
    // A friend game's waiting screen (its code to share) and the ranked lobby.
    await page.goto(new URL("#/online", h.url).toString());
    await page.click(".create-form .btn.primary.big");
    await page.waitForSelector('[data-testid="room-code"]');
    // Connected and seated: the share buttons show while the owner waits for a guest.
    await page.waitForSelector('[data-testid="lobby"] .row .btn.primary', { timeout: 20_000 });
    await page.screenshot({ path: join(OUT, `${lang}-room.png`) });
    await page.goto(new URL("#/ranked", h.url).toString());
    await page.waitForSelector(".ranked .btn.primary.big:not([disabled])", { timeout: 20_000 });
    await page.screenshot({ path: join(OUT, `${lang}-ranked.png`) });
    await page.context().close();
    console.log(`${lang}: ${join(OUT, `${lang}-menu.png`)}, ${join(OUT, `${lang}-play.png`)}`);
  }
} finally {
  await browser.close();
  await h.close();
  await rm(built, { recursive: true, force: true });
}
