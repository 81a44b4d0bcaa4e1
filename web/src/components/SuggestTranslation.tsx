/**
 * "Suggest a better translation": shown while the chosen language's catalogue is not yet checked by a
 * native speaker. The player picks the text (a catalogue message, or a text of the language's rules, tips,
 * questions and lessons), writes better wording, and it goes to the suggestions route naming the
 * language and the key (kept on the device and sent later when offline).
 */
import { createEffect, createSignal, For, Show, type JSX } from "solid-js";
import { locale, messageAst, messageKeys, t, unreviewed } from "../i18n/i18n.js";
import { translatedTexts, type TextEntry } from "../i18n/content/entries.js";
import { outlineAst } from "../i18n/outline.js";
import { sendSuggestion } from "../lib/suggestions.js";
import { useServices } from "../state/services.js";

export function SuggestTranslation(): JSX.Element {
  const services = useServices();
  const [key, setKey] = createSignal<string>(messageKeys()[0] ?? "app.loading");
  // The language's rules, tips, questions and lessons, named by where each text sits. Fetched
  // beside the list, not through a resource: the screen does not wait for them (no "Loading…").
  const [texts, setTexts] = createSignal<readonly TextEntry[]>([]);
  createEffect(() => {
    const l = locale();
    setTexts([]);
    void translatedTexts(l).then(
      (entries) => {
        if (locale() === l) setTexts(entries);
      },
      () => undefined,
    );
  });
  const [text, setText] = createSignal("");
  const [note, setNote] = createSignal("");
  const send = async (): Promise<void> => {
    const r = await sendSuggestion(services.storage, text(), "translation", Date.now(), {
      locale: locale(),
      key: key(),
    });
    setNote(
      r === "sent"
        ? t("settings.suggestSent")
        : r === "kept"
          ? t("settings.suggestQueued")
          : t("settings.suggestFailed"),
    );
    if (r !== "invalid") setText("");
  };
  return (
    <Show when={unreviewed()}>
      <div class="suggest-translation" data-testid="suggest-translation">
        <p class="note">{t("settings.unreviewed")}</p>
        <details>
          <summary>{t("settings.suggest")}</summary>
          <label class="field">
            <span>{t("settings.suggestWhich")}</span>
            <select value={key()} onChange={(e) => setKey(e.currentTarget.value)}>
              <For each={messageKeys()}>
                {(k) => <option value={k}>{outlineAst(messageAst(k)).slice(0, 80)}</option>}
              </For>
              <For each={texts()}>{(e) => <option value={e.key}>{e.text.slice(0, 80)}</option>}</For>
            </select>
          </label>
          <label class="field">
            <span>{t("settings.suggestText")}</span>
            <textarea maxLength={2000} value={text()} onInput={(e) => setText(e.currentTarget.value)} />
          </label>
          <button type="button" class="btn" onClick={() => void send()}>
            {t("settings.suggestSend")}
          </button>
          <p role="status" class="note">
            {note()}
          </p>
        </details>
      </div>
    </Show>
  );
}
