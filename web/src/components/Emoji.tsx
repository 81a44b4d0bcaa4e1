/** An emoji drawn from the shipped pictures (emojiImages.ts); one the app does not ship stays text. */
import { For, Show, type JSX } from "solid-js";
import { emojiImage, SHIPPED_EMOJI } from "./emojiImages.js";

/**
 * One emoji. With `label` the picture is announced by it; without, it is decoration (the control or
 * text around it says what it is).
 */
export function Emoji(props: { emoji: string; label?: string }): JSX.Element {
  return (
    <Show
      when={emojiImage(props.emoji)}
      fallback={
        <span class="emoji-text" aria-hidden={props.label === undefined ? "true" : undefined}>
          {props.emoji}
        </span>
      }
    >
      {(src) => (
        <img
          class="emoji-img"
          src={src()}
          alt={props.label ?? ""}
          aria-hidden={props.label === undefined ? "true" : undefined}
          draggable={false}
          data-emoji={props.emoji}
        />
      )}
    </Show>
  );
}

/** Splits text into runs of plain text and shipped emoji, longest emoji first ("❤️" before "❤"). */
export function emojiRuns(text: string): readonly { readonly text: string; readonly emoji: boolean }[] {
  const out: { text: string; emoji: boolean }[] = [];
  const known = [...SHIPPED_EMOJI].sort((a, b) => b.length - a.length);
  let plain = "";
  let i = 0;
  while (i < text.length) {
    const hit = known.find((e) => text.startsWith(e, i));
    if (hit === undefined) {
      plain += text[i];
      i++;
      continue;
    }
    i += hit.length;
    // A skin tone, a joiner or a presentation mark after it makes another emoji: that stays text.
    const next = text.codePointAt(i) ?? 0;
    if ((next >= 0x1f3fb && next <= 0x1f3ff) || next === 0x200d || next === 0xfe0f) {
      plain += hit;
      continue;
    }
    if (plain !== "") out.push({ text: plain, emoji: false });
    plain = "";
    out.push({ text: hit, emoji: true });
  }
  if (plain !== "") out.push({ text: plain, emoji: false });
  return out;
}

/** Text with the shipped emoji in it drawn as pictures; each picture reads as its emoji. */
export function EmojiText(props: { text: string }): JSX.Element {
  return (
    <For each={emojiRuns(props.text)}>
      {(run) => (run.emoji ? <Emoji emoji={run.text} label={run.text} /> : run.text)}
    </For>
  );
}
