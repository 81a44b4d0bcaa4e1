/** Rules, strategy tips and common questions for each game, written for players. */
import { LEVEL_IDS } from "../present/levels.js";
import type { Family } from "./games.js";
import { levelText } from "./levels.js";

/** The parts of a guide that are the same kind in every game, for translations laid over it. */
type SectionPart = "tips" | "faq" | "playing" | "levels";

export interface Section {
  /** Set on the parts translated as content (i18n/content), left out on rule sections. */
  readonly part?: SectionPart;
  readonly heading: string;
  readonly items: readonly string[];
  /** Question-and-answer pairs instead of plain items. */
  readonly qa?: readonly (readonly [string, string])[];
}

/** A game's guide; its title is the game's name in the catalogue (content/games.ts FAMILY_NAMES). */
export interface GameGuide {
  readonly intro: string;
  readonly sections: readonly Section[];
}

/** Each game's computer levels, from content/levels.ts (held to core/ai/levels.ts by its test). */
function levels(family: Family): Section {
  return { part: "levels", heading: "Computer levels", items: LEVEL_IDS.map((l) => levelText(family, l)) };
}

/** How to play on this device: the parts that are the same in every game. */
export const PLAYING_ITEMS = [
  "Your pits glow when it is your turn. Tap one to sow it, or press and slide across your pits: a dotted ring shows where the last seed would land; lift your finger to sow.",
  "Counts sit beside every pit and store. The hand carries the seeds with the number still in hand; captures fly to the store with +n; a red dot marks the pit the last move was sown from.",
  "Pause stops the game, Undo takes back your last move against the computer, Hint suggests a move, Menu saves and leaves. The flag gives up the game; in a series it asks whether to give up this game or the whole series.",
  "Series: under Series pick Best of 3, 5 or 7. The first player to win a majority of games takes it (2 of 3, 3 of 5, 4 of 7). Players take turns to start each game, and the score shows at the top of the board.",
  "Every game is saved after each move: pick it up from Resume.",
] as const;

/** The keyboard, per game: the number keys name pits as each game numbers them (screens/Play.tsx). */
export const KEYBOARD_ITEM = {
  togyz:
    "With a keyboard, Tab to a glowing pit (the ring shows its landing), move between your pits with the arrow keys and press Enter to sow; or press the pit's number (1\u20139, counted along your own row from your left). P pauses, U undoes, H asks for a hint.",
  ayo: "With a keyboard, Tab to a glowing pit (the ring shows its landing), move between your pits with the arrow keys and press Enter to sow; or press the pit's number (1\u20136, counted along your own row in sowing order). P pauses, U undoes, H asks for a hint.",
  tsoro:
    "With a keyboard, Tab to a glowing hole (the ring shows its landing), move between your holes with the arrow keys and press Enter to sow; or press the hole's number (1\u20139: your holes are numbered in sowing order, from the left of your bottom row and on along your top row). P pauses, U undoes, H asks for a hint.",
} as const satisfies { readonly [F in Family]: string };

/** What a game's own screen shows beyond the common parts (Togyz's stars, announcement, score line, layout). */
export const GAME_PLAYING = {
  togyz: [
    "Your nine pits are the row nearest you; the kazans, where captured stones are kept, sit at the ends, yours on the right. On a phone held upright the board turns to fit the screen: your row is on the left and your kazan at the bottom.",
    "A tuzdyk is marked with a star: white for yours, gold for your opponent's. A stone that falls into a tuzdyk flies straight on to its owner's kazan, and TUZDYK! is announced when one is made.",
    "The score line at the top shows how many stones each side has in its kazan and whose turn it is.",
    "At the end the results show the stones each side collected, the number of moves and how the game ended, with your record against that computer level: wins, losses, draws, win rate, current streak and best streak.",
  ],
  ayo: [],
  tsoro: [],
} as const satisfies { readonly [F in Family]: readonly string[] };

/** The order of the how-to-play items: the common first one, the game's own, its keyboard, the other common ones. */
export function playingItems(common: readonly string[], own: readonly string[], keyboard: string): readonly string[] {
  const [first, ...rest] = common;
  return [first, ...own, keyboard, ...rest];
}

function playing(family: Family): Section {
  return {
    part: "playing",
    heading: "Playing on this device",
    items: playingItems(PLAYING_ITEMS, GAME_PLAYING[family], KEYBOARD_ITEM[family]),
  };
}

/** Each game's strategy tips (translated in i18n/content, item for item). */
export const TIPS = {
  togyz: [
    "Count where the last stone falls. A pit with n stones (more than one) ends n \u2212 1 pits further on, because the first stone goes back into it. Before each move, find which of your pits end in an opponent pit holding an odd number: that move captures.",
    "Mind the odd counts you leave behind you. Your opponent captures by making one of your pits even, so a pit holding an odd number is safe only from a sowing that keeps it odd (one that drops two stones into it on its way round). Look at what each of your opponent's pits can reach before you move.",
    "Hunt for twos: an opponent pit with two stones is a tuzdyk waiting to happen if one of your pits lands there. Twos on your own side are the danger.",
    "Take a tuzdyk early and near the start of your opponent's row: it is passed by many sowings and earns all game. One near the end of their row earns less.",
    "Remember the number rule: once your opponent has a tuzdyk, the pit with the same number on their side is out of reach for yours. Plan your tuzdyk with that in mind, and sometimes take yours first just to block the pit your opponent wants.",
    "Build a big pit: a pit of twenty or more stones sows round the whole board and can land anywhere you choose. Saved for the right moment, it makes a capture your opponent cannot prevent.",
    "At the end keep stones on your side: if your opponent runs out of moves, what is left on your side is yours.",
  ],
  ayo: [
    "Target opponent pits holding 1 or 2: your last seed turns them into 2 or 3.",
    "Line up a chain: pits in a row holding 1\u20132 behind your landing pit are all captured together.",
    "Check the reply: a move that wins 2 but lets your opponent take 7 loses ground. Before sowing, look at your own pits holding 1 or 2 and count whether the opponent can reach them.",
    "A safe opening keeps your pits off 1 and 2: on a fresh board pit 1 makes pits 2\u20135 hold five each.",
  ],
  tsoro: [
    "Keep your top row empty when you can: your opponent can only reach you through it.",
    "Count relays before you sow: a move can run on for a long way, so follow the chain and see where it really stops.",
    "Single seeds are moves too: a hole with one seed makes a short, exact step that can set up a capture next turn.",
    "In Winner Takes All a take is also a new sowing: count where the taken seeds end to find chains.",
  ],
} as const satisfies { readonly [F in Family]: readonly string[] };

/** Each game's common questions and their answers (translated in i18n/content, pair for pair). */
export const FAQ = {
  togyz: [
    [
      "Why did my pit with one stone not keep a stone?",
      "A single stone moves on to the next pit. Only a pit with two or more puts its first stone back where it started.",
    ],
    [
      "Why did three stones not become my tuzdyk?",
      "You already had one, or it was your opponent's ninth pit, or it had the same number as their tuzdyk on your side. The stones then stay put.",
    ],
    [
      "Where does a stone go if it lands in a tuzdyk?",
      "Straight to the tuzdyk owner's kazan, whoever sowed it. You see it fly there.",
    ],
    ["Can a game end in a draw?", "Yes: both kazans at 81, or equal kazans after atsyz."],
  ],
  ayo: [
    [
      "Why was a pit with 2 seeds not captured?",
      "Only a chain that starts where your last seed lands can capture, and only on your opponent's side. A 2 or 3 elsewhere is safe.",
    ],
    [
      "Why did the game pass instead of finishing?",
      "An empty side just misses its turn. The game ends at 25 captured or fewer than 4 seeds on the board.",
    ],
    [
      "Why is my starting pit still empty after a big sowing?",
      "The starting pit is skipped on every lap, so twelve seeds visit the other eleven pits and the twelfth lands in the pit after the start.",
    ],
    [
      "Does a room code let anyone play immediately?",
      "No. The room owner must approve each new guest request. Share your code with your intended opponent. After a round, both players must agree before a rematch starts.",
    ],
    [
      "Do lessons or computer games affect my ranking?",
      "No. These lessons do not save results. Computer practice is saved on your device and remains unranked; only server-run multiplayer results contribute to the leaderboard.",
    ],
  ],
  tsoro: [
    [
      "Why did my seeds keep going?",
      "The last seed landed in a hole that already had seeds, so that hole was lifted and sown on: a relay.",
    ],
    [
      "Why was there no capture in my top row?",
      "The facing top hole of your opponent was empty, or the hole you landed in was empty before your seed.",
    ],
    [
      "Which holes are taken?",
      "The opponent's top hole across from yours and the bottom hole behind it, in the same column.",
    ],
  ],
} as const satisfies { readonly [F in Family]: readonly (readonly [string, string])[] };

export const GUIDES: { readonly [F in Family]: GameGuide } = {
  togyz: {
    intro:
      "Togyz kumalak (\u201cnine stones\u201d in Kazakh), called toguz korgool in Kyrgyzstan, is the great sowing game of the Kazakh steppe. It belongs to the mancala family but is played on a bigger board than most: two rows of nine pits, nine stones in each, 162 in all. Today it has national federations, an international federation and world championships, and a place on UNESCO's list of intangible cultural heritage. What makes it special is the tuzdyk, a pit of your opponent's that you can claim for the rest of the game.",
    sections: [
      {
        heading: "Rules",
        items: [
          "Each player owns the row of nine pits nearest them and a kazan (store); your row is the one at the bottom. Every pit starts with nine stones. Against the computer you move first; in a series the players take turns to start each game, so the computer starts every second game.",
          "On your turn lift every stone from one of your pits and sow them one by one counter-clockwise. The first stone goes back into the pit you lifted from; a pit holding a single stone just moves it to the next pit. Big pits go all the way round.",
          "If your last stone lands in an opponent's pit and makes its count even, you take that whole pit into your kazan. Only that pit is taken. A last stone on your own side never captures.",
          "If your last stone makes an opponent's pit hold exactly three, that pit becomes your tuzdyk: you take the three stones, and every stone that falls into it later, sown by either player, goes straight to your kazan.",
          "Each player makes at most one tuzdyk, and it lasts all game. The opponent's ninth pit (the last one before your row) can never be a tuzdyk. And you cannot take the pit with the same number as your opponent's tuzdyk: if theirs is your pit 4, you cannot take their pit 4. When a tuzdyk is not allowed, the move is still played and the three stones simply stay where they are.",
          "The first to collect 82 stones wins; 81 each is a draw. If the player to move has no stones on their side (atsyz), each player adds the stones on their own side to their kazan and the bigger kazan wins.",
        ],
      },
      { part: "tips", heading: "Strategy tips", items: TIPS.togyz },
      { part: "faq", heading: "Common questions", items: [], qa: FAQ.togyz },
      playing("togyz"),
      levels("togyz"),
    ],
  },
  ayo: {
    intro:
      "Ayo (ayo olopon) is the Yoruba sowing game: twelve pits, four seeds in each, 48 in all. Sow, capture twos and threes walking backward, and be first to 25.",
    sections: [
      {
        heading: "Rules",
        items: [
          "12 pits, 4 seeds each: 48 in all. Player one owns pits 1\u20136 and starts; player two owns pits 7\u201312. In a series the players take turns to start each game.",
          "Take every seed from a pit on your side and drop one in each following pit, counter-clockwise, 12 wrapping round to 1. The pit you took from is skipped on every lap, so it ends the move empty.",
          "If your last seed lands on your opponent's side and makes that pit exactly 2 or 3, capture it. Then look at the pit before it: if it also holds 2 or 3 and is on your opponent's side, capture it too, and so on backward. Stop at any other count or at your own side.",
          "No seeds on your side? You pass. An empty side alone does not end the game, and there is no duty to feed an empty opponent: capturing their whole side is allowed.",
          "The game ends when someone has captured 25 or more, or fewer than 4 seeds are left on the board. The higher captured score wins; equal is a draw. Seeds left on the board count for nobody.",
          "Against the computer, a position that comes round for the third time ends the game on the current score. Between people, either player may offer to end the game on the current score and the other decides.",
        ],
      },
      { part: "tips", heading: "Strategy tips", items: TIPS.ayo },
      { part: "faq", heading: "Common questions", items: [], qa: FAQ.ayo },
      playing("ayo"),
      levels("ayo"),
    ],
  },
  tsoro: {
    intro:
      "Tsoro is Zimbabwe's four-row sowing game. Each player owns the two rows nearest them, and seeds travel round your own two rows only. Play it Classic, where captures leave the board, or Winner Takes All, where you must own every seed.",
    sections: [
      {
        heading: "The board",
        items: [
          "Choose 4 to 12 holes a row and 1 to 10 seeds a hole. Your side is always the bottom two rows; your top row faces your opponent's top row.",
          "Seeds always travel anticlockwise round your own two rows: left to right along your bottom row, then right to left along your top row, and round again.",
          "In a series the players take turns to start each game.",
          "In both Classic and Winner Takes All a move makes at most 100 relays: when the last seed of the 100th relay lands where another relay would start, the move ends there and the seeds stay where they are. A capture or take is checked first, as always.",
        ],
      },
      {
        heading: "Classic",
        items: [
          "Sow: lift every seed from any of your holes with seeds (even a single one) and drop one per hole.",
          "Relay: if the last seed lands in a hole that already had seeds, lift that whole hole and keep sowing.",
          "Capture: if the last seed lands in your top row in a hole that already had seeds, and your opponent's top hole across from it has seeds, take both of their holes in that column (top and bottom). Captured seeds leave the board and count for you. Your turn ends.",
          "Stop: a last seed in an empty hole ends your turn.",
          "Win: a player with no seeds to move loses. After 50 moves with no capture, more seeds on the board wins; equal seeds is a draw.",
        ],
      },
      {
        heading: "Winner Takes All",
        items: [
          "Same board and sowing, but taken seeds come back into play on your side: the aim is to own every seed.",
          "Relay from your bottom row as in Classic.",
          "Take: when your last seed lands in your top row in a hole that already had seeds and the opponent's facing top hole has seeds, take their top and bottom holes in that column and sow those seeds on at once, from the hole after the one you landed in.",
          "Chain: where the last of them lands, the same checks apply: take again, relay from the bottom row, or stop.",
          "Stop: your turn ends on an empty hole, or in your top row when the facing hole is empty.",
          "Win: own every seed. After 80 moves with no take, or at 400 moves, more seeds wins; equal seeds is a draw.",
        ],
      },
      { part: "tips", heading: "Strategy tips", items: TIPS.tsoro },
      { part: "faq", heading: "Common questions", items: [], qa: FAQ.tsoro },
      playing("tsoro"),
      levels("tsoro"),
    ],
  },
};

/** Ayo's capture diagram (the seed's "See the capture diagram"): the lesson's move, after sowing, before the capture. */
export const CAPTURE_DIAGRAM = {
  summary: "See the capture diagram",
  before: "Before the move pit 6 holds {from}, and pits 7, 8 and 9 hold {a}, {b} and {c}.",
  sown: "Sowing 3 from pit 6 changes pits 7–9 to {a}, {b} and {c}: the board shows this moment, with pit 6 empty (red dot) and the last seed in pit 9 (dotted ring). The capture then walks backward from pit 9 through pits 8 and 7, for {captured} seeds.",
  top: "Player two · sow right to left",
  bottom: "Player one · sow left to right",
  note: "Pit 6 continues to pit 7. Pit 12 wraps to pit 1.",
} as const;
