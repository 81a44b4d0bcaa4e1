/**
 * The chat of a friend game: the lines so far, a box to type in, an emoji picker (😊), quick phrases
 * and ✎ Edit to add or remove one's own phrases (kept on the device). Purely a view over its props.
 */
import { createEffect, createSignal, For, onCleanup, onMount, Show, type JSX } from "solid-js";
import type { ChatLine } from "../../../core/online/friend/game.js";
import type { Seat } from "../../../core/types.js";
import { BUILT_IN_PHRASES, PHRASE_MAX } from "../state/createPhrases.js";
import type { MessageKey } from "../i18n/en.js";
import { t } from "../i18n/i18n.js";
import { Emoji, EmojiText } from "./Emoji.js";
import { QUICK_EMOJI } from "./emojiImages.js";

/** The built-in quick phrases in the reader's language (what is sent is the phrase as shown). */
const PHRASE_KEYS: { readonly [P in (typeof BUILT_IN_PHRASES)[number]]: MessageKey } = {
  "Hello!": "chat.hello",
  "Good luck!": "chat.luck",
  "Nice move!": "chat.nice",
  "Well played": "chat.wellPlayed",
  "Thanks!": "chat.thanks",
  "One moment…": "chat.moment",
  "Rematch?": "chat.rematch",
};

const CHAT_MAX = 500;

export interface ChatProps {
  readonly lines: readonly ChatLine[];
  readonly me: Seat | null;
  readonly names: readonly [string, string];
  readonly own: readonly string[];
  readonly onSend: (text: string) => boolean;
  readonly onAddPhrase: (text: string) => boolean;
  readonly onRemovePhrase: (text: string) => void;
  readonly onClose: () => void;
}

export function Chat(props: ChatProps): JSX.Element {
  const [text, setText] = createSignal("");
  const [emoji, setEmoji] = createSignal(false);
  const [editing, setEditing] = createSignal(false);
  const [phrase, setPhrase] = createSignal("");
  let list: HTMLOListElement | undefined;
  let input: HTMLInputElement | undefined;
  let sheet: HTMLElement | undefined;

  // On an upright phone the chat is a sheet over the board (online.css): it starts under the score
  // line, so the header, the names and the turn stay on screen; closing gives the focus back.
  onMount(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const place = (): void => {
      const line = sheet?.closest(".game-screen")?.querySelector(".score-line");
      const bottom = line?.getBoundingClientRect().bottom;
      if (bottom !== undefined && sheet !== undefined)
        sheet.style.setProperty("--sheet-top", `${Math.ceil(bottom + 6)}px`);
    };
    place();
    window.addEventListener("resize", place);
    onCleanup(() => {
      window.removeEventListener("resize", place);
      if (opener?.isConnected === true) opener.focus();
    });
  });

  createEffect(() => {
    void props.lines.length;
    list?.scrollTo?.({ top: list.scrollHeight });
  });

  const send = (line: string): void => {
    if (line.trim() === "") return;
    if (props.onSend(line.slice(0, CHAT_MAX))) setText("");
  };
  const builtIn = (): string[] => BUILT_IN_PHRASES.map((p) => t(PHRASE_KEYS[p]));

  return (
    <aside
      ref={sheet}
      class="chat"
      aria-label={t("chat.title")}
      data-testid="chat"
      onKeyDown={(e) => {
        if (e.key === "Escape") props.onClose();
      }}
    >
      <header class="chat-head">
        <h2>{t("chat.title")}</h2>
        <button type="button" class="icon-btn" onClick={() => props.onClose()} aria-label={t("chat.close")}>
          ✕
        </button>
      </header>
      <ol class="chat-lines" ref={list} aria-live="polite">
        <For each={props.lines} fallback={<li class="chat-empty">{t("chat.empty")}</li>}>
          {(l) => (
            <li class="chat-line" classList={{ mine: l.seat === props.me }} data-testid="chat-line">
              <span class="chat-who">
                {l.seat === props.me ? t("common.you") : props.names[l.seat] || t("chat.friend")}
              </span>
              <span class="chat-text">
                <EmojiText text={l.text} />
              </span>
            </li>
          )}
        </For>
      </ol>
      <div class="phrases" aria-label={t("chat.phrases")}>
        <For each={[...builtIn(), ...props.own]}>
          {(p) => {
            const isOwn = (): boolean => props.own.includes(p) && !builtIn().includes(p);
            return (
              <span class="phrase-wrap">
                <button type="button" class="phrase" onClick={() => send(p)} disabled={editing()}>
                  {p}
                </button>
                <Show when={editing() && isOwn()}>
                  <button
                    type="button"
                    class="phrase-del"
                    onClick={() => props.onRemovePhrase(p)}
                    aria-label={t("chat.remove", { phrase: p })}
                  >
                    ✕
                  </button>
                </Show>
              </span>
            );
          }}
        </For>
        <button type="button" class="phrase edit" onClick={() => setEditing(!editing())} aria-pressed={editing()}>
          {editing() ? t("chat.done") : t("chat.edit")}
        </button>
      </div>
      <Show when={editing()}>
        <form
          class="chat-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (props.onAddPhrase(phrase())) setPhrase("");
          }}
        >
          <input
            type="text"
            maxLength={PHRASE_MAX}
            placeholder={t("chat.ownPhrase")}
            aria-label={t("chat.newPhrase")}
            value={phrase()}
            onInput={(e) => setPhrase(e.currentTarget.value)}
          />
          <button type="submit" class="btn">
            {t("chat.add")}
          </button>
        </form>
      </Show>
      <Show when={emoji()}>
        <div class="emoji-grid" role="group" aria-label={t("chat.emoji")}>
          <For each={QUICK_EMOJI}>
            {(em) => (
              <button
                type="button"
                class="emoji"
                onClick={() => {
                  setText(text() + em);
                  input?.focus();
                }}
                aria-label={t("chat.addEmoji", { emoji: em })}
              >
                <Emoji emoji={em} />
              </button>
            )}
          </For>
        </div>
      </Show>
      <form
        class="chat-form"
        onSubmit={(e) => {
          e.preventDefault();
          send(text());
        }}
      >
        <button
          type="button"
          class="icon-btn"
          onClick={() => setEmoji(!emoji())}
          aria-label={t("chat.emoji")}
          aria-pressed={emoji()}
        >
          <Emoji emoji="😊" />
        </button>
        <input
          ref={input}
          type="text"
          maxLength={CHAT_MAX}
          placeholder={t("chat.message")}
          aria-label={t("chat.message")}
          value={text()}
          onInput={(e) => setText(e.currentTarget.value)}
        />
        <button type="submit" class="btn primary" aria-label={t("chat.send")}>
          {t("chat.send")}
        </button>
      </form>
    </aside>
  );
}
