/**
 * Emoji as pictures shipped with the app, so every device shows the same ones whatever its fonts:
 * the avatars, the faces of "you" and the computer, and the chat's quick emoji. The pictures are
 * Twemoji (© Twitter, Inc. and other contributors, CC-BY 4.0; packaged on npm as @twemoji/svg);
 * each one the app uses is imported below and becomes its own small file in the build (nothing else
 * of the set is shipped), precached for offline play like the rest of the app. The credit is shown
 * under Settings → Credits.
 */
import eagle from "@twemoji/svg/1f985.svg?no-inline";
import horse from "@twemoji/svg/1f40e.svg?no-inline";
import lion from "@twemoji/svg/1f981.svg?no-inline";
import elephant from "@twemoji/svg/1f418.svg?no-inline";
import giraffe from "@twemoji/svg/1f992.svg?no-inline";
import leopard from "@twemoji/svg/1f406.svg?no-inline";
import owl from "@twemoji/svg/1f989.svg?no-inline";
import camel from "@twemoji/svg/1f42a.svg?no-inline";
import sunflower from "@twemoji/svg/1f33b.svg?no-inline";
import star from "@twemoji/svg/2b50.svg?no-inline";
import moon from "@twemoji/svg/1f319.svg?no-inline";
import fire from "@twemoji/svg/1f525.svg?no-inline";
import smile from "@twemoji/svg/1f642.svg?no-inline";
import robot from "@twemoji/svg/1f916.svg?no-inline";
import blush from "@twemoji/svg/1f60a.svg?no-inline";
import joy from "@twemoji/svg/1f602.svg?no-inline";
import openMouth from "@twemoji/svg/1f62e.svg?no-inline";
import sweatSmile from "@twemoji/svg/1f605.svg?no-inline";
import sunglasses from "@twemoji/svg/1f60e.svg?no-inline";
import thinking from "@twemoji/svg/1f914.svg?no-inline";
import cry from "@twemoji/svg/1f622.svg?no-inline";
import rage from "@twemoji/svg/1f621.svg?no-inline";
import thumbsUp from "@twemoji/svg/1f44d.svg?no-inline";
import clap from "@twemoji/svg/1f44f.svg?no-inline";
import pray from "@twemoji/svg/1f64f.svg?no-inline";
import muscle from "@twemoji/svg/1f4aa.svg?no-inline";
import tada from "@twemoji/svg/1f389.svg?no-inline";
import heart from "@twemoji/svg/2764.svg?no-inline";
import clover from "@twemoji/svg/1f340.svg?no-inline";
import hourglass from "@twemoji/svg/23f3.svg?no-inline";
import wave from "@twemoji/svg/1f44b.svg?no-inline";
import handshake from "@twemoji/svg/1f91d.svg?no-inline";

/** The chat's quick emoji, in the picker's order. */
export const QUICK_EMOJI = [
  "😊",
  "😂",
  "😮",
  "😅",
  "😎",
  "🤔",
  "😢",
  "😡",
  "👍",
  "👏",
  "🙏",
  "💪",
  "🎉",
  "🔥",
  "⭐",
  "❤️",
  "🍀",
  "⏳",
  "👋",
  "🤝",
] as const;

const IMAGES: Readonly<Record<string, string>> = {
  "🦅": eagle,
  "🐎": horse,
  "🦁": lion,
  "🐘": elephant,
  "🦒": giraffe,
  "🐆": leopard,
  "🦉": owl,
  "🐪": camel,
  "🌻": sunflower,
  "⭐": star,
  "🌙": moon,
  "🔥": fire,
  "🙂": smile,
  "🤖": robot,
  "😊": blush,
  "😂": joy,
  "😮": openMouth,
  "😅": sweatSmile,
  "😎": sunglasses,
  "🤔": thinking,
  "😢": cry,
  "😡": rage,
  "👍": thumbsUp,
  "👏": clap,
  "🙏": pray,
  "💪": muscle,
  "🎉": tada,
  "❤️": heart,
  "🍀": clover,
  "⏳": hourglass,
  "👋": wave,
  "🤝": handshake,
};

/** The shipped picture of `emoji`, or undefined for one the app does not ship (shown as text). */
export function emojiImage(emoji: string): string | undefined {
  return Object.hasOwn(IMAGES, emoji) ? IMAGES[emoji] : undefined;
}

/** Every emoji with a shipped picture. */
export const SHIPPED_EMOJI: readonly string[] = Object.keys(IMAGES);
