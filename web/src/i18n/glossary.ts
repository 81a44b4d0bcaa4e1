/**
 * The game terms of every language: the word chosen for each, the words rejected and why, and where
 * the choice comes from. glossary.test.ts holds every catalogue, rules and content translation to it
 * (where the English uses the term the translation uses the chosen word, and no translation uses a
 * rejected one), and docs/i18n/GLOSSARY.md is written from it (`npm run -s i18n:glossary`).
 * A rejected word is refused where a word starts with it ("олжа" in «олжасыз», not in «болжаңыз»).
 * Every choice is machine-assisted until a native speaker confirms it (docs/i18n/REVIEW.md).
 */
import type { Locale } from "./locales.js";

type TranslatedLocale = Exclude<Locale, "en">;

interface Rejected {
  /** The rejected word as it appears in a text (lower case; any form containing it is refused). */
  readonly word: string;
  readonly why: string;
}

interface TermIn {
  /** The chosen word, as the glossary shows it. */
  readonly chosen: string;
  /** Its forms: a translation of a text whose English uses the term must match this (case-insensitive). */
  readonly forms: RegExp | null;
  readonly rejected: readonly Rejected[];
  readonly source: string;
}

export interface Term {
  readonly id: string;
  readonly english: string;
  /** Where the English text uses the term (null: the term is listed, not required per text). */
  readonly inEnglish: RegExp | null;
  /** Keys whose English uses the word in another sense (the speed "Normal" is not the level). */
  readonly except?: RegExp;
  readonly langs: { readonly [L in TranslatedLocale]: TermIn };
}

const ISSUE = "issue 37's review of the catalogues";
const HOUSE = "house choice (machine-assisted), to be confirmed by a native speaker";
const KK_WIKI = "Kazakh Wikipedia, «Тоғызқұмалақ»; " + ISSUE;
const KY_WIKI = "Kyrgyz Wikipedia, «Тогуз коргоол»; " + ISSUE;

const none: readonly Rejected[] = [];

export const GLOSSARY: readonly Term[] = [
  {
    id: "pit",
    english: "pit (Togyz kumalak, Ayo)",
    inEnglish: /\bpits?\b/i,
    langs: {
      ru: {
        chosen: "лунка",
        forms: /лун(к|ок)/,
        rejected: [{ word: "ямк", why: "a hole in the ground, not a board's pit" }],
        source: "Russian descriptions of mancala games; " + HOUSE,
      },
      kk: {
        chosen: "отау",
        forms: /отау|ұя/,
        rejected: none,
        source: KK_WIKI + " (Ayo's pits are отау too; Tsoro's holes are ұя)",
      },
      ky: { chosen: "уя", forms: /уя/, rejected: [{ word: "чуңкур", why: "a pit in the ground" }], source: KY_WIKI },
      yo: { chosen: "ihò", forms: /ihò/, rejected: none, source: "Yoruba descriptions of ayò ọlọ́pọ́n; " + HOUSE },
      sn: {
        chosen: "gomba (makomba)",
        forms: /gomba|komba/,
        rejected: none,
        source: HOUSE + " (Tsoro's holes are buri, maburi)",
      },
    },
  },
  {
    id: "hole",
    english: "hole (Tsoro)",
    inEnglish: /\bholes?\b/i,
    langs: {
      ru: { chosen: "лунка", forms: /лун(к|ок)/, rejected: none, source: HOUSE },
      kk: { chosen: "ұя", forms: /ұя|отау/, rejected: none, source: HOUSE },
      ky: { chosen: "уя", forms: /уя/, rejected: none, source: HOUSE },
      yo: { chosen: "ihò", forms: /ihò/, rejected: none, source: HOUSE },
      sn: {
        chosen: "buri (maburi)",
        forms: /buri|gomba|komba/,
        rejected: none,
        source: "Shona tsoro descriptions; " + HOUSE,
      },
    },
  },
  {
    id: "kazan",
    english: "kazan (Togyz kumalak's store)",
    inEnglish: /\bkazans?\b/i,
    langs: {
      ru: { chosen: "казан", forms: /казан/, rejected: none, source: "the game's own word, as Russian rules keep it" },
      kk: { chosen: "қазан", forms: /қазан/, rejected: none, source: KK_WIKI },
      ky: { chosen: "казан", forms: /казан/, rejected: none, source: KY_WIKI },
      yo: { chosen: "kazan", forms: /kazan/, rejected: none, source: "the game's own word, kept as a name; " + HOUSE },
      sn: { chosen: "kazan", forms: /kazan/, rejected: none, source: "the game's own word, kept as a name; " + HOUSE },
    },
  },
  {
    id: "tuzdyk",
    english: "tuzdyk",
    inEnglish: /tuzdyk/i,
    langs: {
      ru: {
        chosen: "туздык",
        forms: /туздык/,
        rejected: none,
        source: "the game's own word, as Russian rules keep it",
      },
      kk: { chosen: "тұздық", forms: /тұзды/, rejected: none, source: KK_WIKI },
      ky: {
        chosen: "туз",
        forms: /туз/,
        rejected: [
          {
            word: "түздүк",
            why: "an ordinary word for a plain or straightness; Kyrgyz sources say «туз» («туз алды», «ТУЗ!»)",
          },
        ],
        source: KY_WIKI,
      },
      yo: {
        chosen: "tuzdyk",
        forms: /tuzdyk/,
        rejected: none,
        source: "the game's own word, kept as a name; " + HOUSE,
      },
      sn: {
        chosen: "tuzdyk",
        forms: /tuzdyk/,
        rejected: none,
        source: "the game's own word, kept as a name; " + HOUSE,
      },
    },
  },
  {
    id: "atsyz",
    english: "atsyz (no stones to move)",
    inEnglish: /\batsyz\b/i,
    langs: {
      ru: { chosen: "атсыз", forms: /атсыз/, rejected: none, source: "the game's own word" },
      kk: { chosen: "атсыз", forms: /атсыз/, rejected: none, source: KK_WIKI },
      ky: { chosen: "атсыз", forms: /атсыз/, rejected: none, source: ISSUE },
      yo: { chosen: "atsyz", forms: /atsyz/, rejected: none, source: "the game's own word, kept as a name" },
      sn: { chosen: "atsyz", forms: /atsyz/, rejected: none, source: "the game's own word, kept as a name" },
    },
  },
  {
    id: "stone",
    english: "stone (Togyz kumalak's counters)",
    inEnglish: /\bstones?\b/i,
    langs: {
      ru: {
        chosen: "камень",
        forms: /кам(ень|н|ен)/,
        rejected: none,
        source: "Russian rules of togyz kumalak; " + HOUSE,
      },
      kk: { chosen: "құмалақ", forms: /құмала[қғ]/, rejected: none, source: KK_WIKI },
      ky: { chosen: "коргоол", forms: /коргоол/, rejected: none, source: KY_WIKI },
      yo: { chosen: "òkúta", forms: /òkúta/, rejected: none, source: HOUSE },
      sn: { chosen: "dombo (matombo)", forms: /[dt]ombo/, rejected: none, source: HOUSE },
    },
  },
  {
    id: "seed",
    english: "seed (Ayo's and Tsoro's counters)",
    inEnglish: /\bseeds?\b/i,
    langs: {
      ru: {
        chosen: "зерно",
        forms: /з[её]р(н|ен)|камн|кам(ень|ен)/,
        rejected: [
          { word: "семя", why: "two words for one counter (семя and зерно); зерно chosen" },
          { word: "семен", why: "as семя" },
          { word: "семян", why: "as семя" },
        ],
        source: ISSUE + "; " + HOUSE,
      },
      kk: {
        chosen: "дән",
        forms: /дән|құмала[қғ]/,
        rejected: [{ word: "тұқым", why: "seed for planting, not a counter" }],
        source: HOUSE,
      },
      ky: {
        chosen: "дан",
        forms: /дан|коргоол/,
        rejected: [{ word: "үрөн", why: "seed for planting, not a counter" }],
        source: HOUSE,
      },
      yo: {
        chosen: "ẹyọ",
        forms: /ẹyọ|òkúta/,
        rejected: none,
        source: "Yoruba descriptions of ayò (ẹyọ ayò); " + HOUSE,
      },
      sn: {
        chosen: "mhodzi",
        forms: /mhodzi|[dt]ombo/,
        rejected: [{ word: "mbeu", why: "seed for planting, not a counter" }],
        source: "Shona tsoro descriptions; " + HOUSE,
      },
    },
  },
  {
    id: "sow",
    english: "sow (to move by dropping one counter a pit)",
    inEnglish: null,
    langs: {
      ru: {
        chosen: "раскладывать (ход)",
        forms: null,
        rejected: [{ word: "посе", why: "to sow a field" }],
        source: HOUSE,
      },
      kk: {
        chosen: "тарату, салу (жүріс)",
        forms: null,
        rejected: [{ word: "егу", why: "to sow a field" }],
        source: HOUSE,
      },
      ky: {
        chosen: "таратуу, салуу (жүрүш)",
        forms: null,
        rejected: [{ word: "себүү", why: "to sow a field" }],
        source: HOUSE,
      },
      yo: {
        chosen: "ta",
        forms: null,
        rejected: none,
        source: "Yoruba ayò players' word for playing out a pit; " + HOUSE,
      },
      sn: { chosen: "dyara", forms: null, rejected: none, source: "Shona tsoro descriptions; " + HOUSE },
    },
  },
  {
    id: "capture",
    english: "capture",
    inEnglish: null,
    langs: {
      ru: {
        chosen: "взять, взятие",
        forms: null,
        rejected: [{ word: "захват", why: "a military seizure; the rules say взять" }],
        source: ISSUE,
      },
      kk: { chosen: "алу", forms: null, rejected: [{ word: "олжа", why: "booty; the rules say алу" }], source: HOUSE },
      ky: {
        chosen: "алуу",
        forms: null,
        rejected: [{ word: "олжо", why: "booty; the rules say алуу" }],
        source: HOUSE,
      },
      yo: { chosen: "kó, kíkó", forms: null, rejected: none, source: HOUSE },
      sn: { chosen: "tora, kutora", forms: null, rejected: none, source: HOUSE },
    },
  },
  {
    id: "relay",
    english: "relay (Tsoro: lift the landing hole and sow on)",
    inEnglish: /\brelays?\b/i,
    langs: {
      ru: { chosen: "эстафета", forms: /эстафет/, rejected: none, source: HOUSE },
      kk: { chosen: "эстафета", forms: /эстафет/, rejected: none, source: HOUSE },
      ky: { chosen: "эстафета", forms: /эстафет/, rejected: none, source: HOUSE },
      yo: {
        chosen: "àtúntà",
        forms: /àtúntà/,
        rejected: [{ word: "ìtẹ̀síwájú", why: "Tẹ̀síwájú is Resume on the menu" }],
        source: HOUSE,
      },
      sn: { chosen: "kuenderera", forms: /nderer/, rejected: none, source: HOUSE },
    },
  },
  {
    id: "series",
    english: "series (best of 3, 5 or 7)",
    inEnglish: /\bseries\b/i,
    langs: {
      ru: {
        chosen: "серия",
        forms: /сери/,
        rejected: [{ word: "до большинства", why: "calque of best of" }],
        source: ISSUE,
      },
      kk: { chosen: "серия", forms: /сери/, rejected: none, source: HOUSE },
      ky: { chosen: "серия", forms: /сери/, rejected: none, source: HOUSE },
      yo: {
        chosen: "ọ̀wọ́ eré",
        forms: /ọ̀wọ́/,
        rejected: [{ word: "èyí tó dára jù", why: "“the best one among”, a calque of best of" }],
        source: ISSUE,
      },
      sn: {
        chosen: "nhevedzano",
        forms: /nhevedzano/,
        rejected: [{ word: "akanyanya pa", why: "calque of best of" }],
        source: ISSUE + " (a chain of takes is cheni, not nhevedzano)",
      },
    },
  },
  {
    id: "rematch",
    english: "rematch",
    inEnglish: /\brematch\b/i,
    langs: {
      ru: { chosen: "реванш", forms: /реванш/, rejected: none, source: HOUSE },
      kk: { chosen: "қайта ойнау", forms: /қайта ойна|тағы ойна/, rejected: none, source: HOUSE },
      ky: { chosen: "кайра ойноо", forms: /кайра ойно|дагы ойно/, rejected: none, source: HOUSE },
      yo: {
        chosen: "eré mìíràn",
        forms: /eré mìíràn|tún ṣe/,
        rejected: [{ word: "eré àtúnṣe", why: "a repair game" }],
        source: ISSUE,
      },
      sn: { chosen: "kutambazve", forms: /tamb[ae]zve/, rejected: none, source: HOUSE },
    },
  },
  {
    id: "opponent",
    english: "opponent",
    inEnglish: /\bopponent/i,
    langs: {
      ru: {
        chosen: "соперник",
        forms: /соперни/,
        rejected: [{ word: "противник", why: "an enemy in war" }],
        source: HOUSE,
      },
      kk: { chosen: "қарсылас", forms: /қарсылас/, rejected: none, source: KK_WIKI },
      ky: { chosen: "атаандаш", forms: /атаандаш/, rejected: none, source: HOUSE },
      yo: { chosen: "alátakò", forms: /alátakò/, rejected: none, source: HOUSE },
      sn: {
        chosen: "mukwikwidzi",
        forms: /kwikwidzi/,
        rejected: [
          { word: "muvengi", why: "an enemy" },
          { word: "vengi", why: "as muvengi" },
        ],
        source: ISSUE,
      },
    },
  },
  {
    id: "engine",
    english: "engine (the analysing program)",
    inEnglish: /\bengine\b/i,
    langs: {
      ru: {
        chosen: "программа",
        forms: /программ/,
        rejected: [{ word: "движ", why: "slang (движок), a motor" }],
        source: HOUSE,
      },
      kk: {
        chosen: "бағдарлама",
        forms: /бағдарлама/,
        rejected: [{ word: "қозғалтқыш", why: "a motor" }],
        source: ISSUE,
      },
      ky: {
        chosen: "программа",
        forms: /программ/,
        rejected: [{ word: "кыймылдаткыч", why: "a motor" }],
        source: ISSUE,
      },
      yo: {
        chosen: "ẹ̀rọ ìṣirò",
        forms: /ẹ̀rọ ìṣirò/,
        rejected: none,
        source: HOUSE + " (ẹ̀rọ alone is also the player's device)",
      },
      sn: { chosen: "muchina", forms: /muchina/, rejected: none, source: HOUSE },
    },
  },
  {
    id: "easy",
    english: "Easy (level)",
    inEnglish: /\bEasy\b/,
    langs: {
      ru: { chosen: "Лёгкий", forms: /лёгк/, rejected: none, source: HOUSE },
      kk: { chosen: "Оңай", forms: /оңай/, rejected: none, source: HOUSE },
      ky: { chosen: "Жеңил", forms: /жеңил/, rejected: none, source: HOUSE },
      yo: {
        chosen: "Rírọrùn",
        forms: /rírọrùn/,
        rejected: [{ word: "rọrùn máa", why: "the level's name used as a verb" }],
        source: ISSUE,
      },
      sn: {
        chosen: "Nyore",
        forms: /nyore/,
        rejected: [{ word: "nyore inotamba", why: "noun-class agreement: the level is danho (ri-)" }],
        source: ISSUE,
      },
    },
  },
  {
    id: "normal",
    english: "Normal (level)",
    inEnglish: /\bNormal\b/,
    except: /^opt\.normal$/,
    langs: {
      ru: { chosen: "Средний", forms: /средн/, rejected: none, source: HOUSE },
      kk: { chosen: "Орташа", forms: /орташа/, rejected: none, source: HOUSE },
      ky: { chosen: "Орточо", forms: /орточо/, rejected: none, source: HOUSE },
      yo: { chosen: "Àárín", forms: /àárín/, rejected: none, source: HOUSE },
      sn: { chosen: "Pakati", forms: /pakati/, rejected: none, source: HOUSE },
    },
  },
  {
    id: "hard",
    english: "Hard (level)",
    inEnglish: /\bHard\b/,
    langs: {
      ru: { chosen: "Сильный", forms: /сильн/, rejected: none, source: HOUSE },
      kk: { chosen: "Қиын", forms: /қиын/, rejected: none, source: HOUSE },
      ky: { chosen: "Оор", forms: /оор/, rejected: none, source: HOUSE },
      yo: { chosen: "Líle", forms: /líle/, rejected: none, source: ISSUE },
      sn: { chosen: "Zvakaoma", forms: /zvakaoma/, rejected: none, source: HOUSE },
    },
  },
  {
    id: "crazy",
    english: "Crazy (level)",
    inEnglish: /\bCrazy\b/,
    langs: {
      ru: { chosen: "Безумный", forms: /безумн/, rejected: none, source: HOUSE },
      kk: {
        chosen: "Шебер",
        forms: /шебер/,
        rejected: [{ word: "есерсоқ", why: "a fool, pejorative" }],
        source: ISSUE,
      },
      ky: { chosen: "Чебер", forms: /чебер/, rejected: [{ word: "жинди", why: "mad, pejorative" }], source: ISSUE },
      yo: { chosen: "Ọ̀gá", forms: /ọ̀gá/, rejected: [{ word: "wèrè", why: "a madman" }], source: ISSUE },
      sn: {
        chosen: "Nyanzvi",
        forms: /nyanzvi/,
        rejected: [{ word: "zvinopenga", why: "mad; and the wrong noun class for a level" }],
        source: ISSUE,
      },
    },
  },
];
