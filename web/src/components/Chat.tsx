/**
 * The chat of a friend game: the lines so far, a box to type in, an emoji picker (😊), quick phrases
 * and ✎ Edit to add or remove one's own phrases (kept on the device). Purely a view over its props.
 */
import { createEffect, createSignal, For, Show, type JSX } from "solid-js";
import type { ChatLine } from "../../../core/online/game.js";
import type { Seat } from "../../../core/types.js";
import { BUILT_IN_PHRASES, PHRASE_MAX } from "../state/createPhrases.js";

const EMOJI = [
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

  createEffect(() => {
    void props.lines.length;
    list?.scrollTo?.({ top: list.scrollHeight });
  });

  const send = (t: string): void => {
    if (t.trim() === "") return;
    if (props.onSend(t.slice(0, CHAT_MAX))) setText("");
  };

  return (
    <aside class="chat" aria-label="Chat" data-testid="chat">
      <header class="chat-head">
        <h2>Chat</h2>
        <button type="button" class="icon-btn" onClick={() => props.onClose()} aria-label="Close chat">
          ✕
        </button>
      </header>
      <ol class="chat-lines" ref={list} aria-live="polite">
        <For each={props.lines} fallback={<li class="chat-empty">No messages yet. Say hello!</li>}>
          {(l) => (
            <li class="chat-line" classList={{ mine: l.seat === props.me }} data-testid="chat-line">
              <span class="chat-who">{l.seat === props.me ? "You" : props.names[l.seat] || "Friend"}</span>
              <span class="chat-text">{l.text}</span>
            </li>
          )}
        </For>
      </ol>
      <div class="phrases" aria-label="Quick phrases">
        <For each={[...BUILT_IN_PHRASES, ...props.own]}>
          {(p) => {
            const isOwn = (): boolean => props.own.includes(p) && !(BUILT_IN_PHRASES as readonly string[]).includes(p);
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
                    aria-label={`Remove phrase ${p}`}
                  >
                    ✕
                  </button>
                </Show>
              </span>
            );
          }}
        </For>
        <button type="button" class="phrase edit" onClick={() => setEditing(!editing())} aria-pressed={editing()}>
          {editing() ? "Done" : "✎ Edit"}
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
            placeholder="A phrase of your own"
            aria-label="New phrase"
            value={phrase()}
            onInput={(e) => setPhrase(e.currentTarget.value)}
          />
          <button type="submit" class="btn">
            Add
          </button>
        </form>
      </Show>
      <Show when={emoji()}>
        <div class="emoji-grid" role="group" aria-label="Emoji">
          <For each={EMOJI}>
            {(em) => (
              <button
                type="button"
                class="emoji"
                onClick={() => {
                  setText(text() + em);
                  input?.focus();
                }}
                aria-label={`Add ${em}`}
              >
                {em}
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
          aria-label="Emoji"
          aria-pressed={emoji()}
        >
          😊
        </button>
        <input
          ref={input}
          type="text"
          maxLength={CHAT_MAX}
          placeholder="Message"
          aria-label="Message"
          value={text()}
          onInput={(e) => setText(e.currentTarget.value)}
        />
        <button type="submit" class="btn primary" aria-label="Send">
          Send
        </button>
      </form>
    </aside>
  );
}
