/** The player: name, avatar or photo, record per game and level, and "Suggest an improvement". */
import { createSignal, For, Show, type JSX } from "solid-js";
import { GAMES } from "../../../core/types.js";
import { Avatar } from "../components/Avatar.js";
import { Emoji } from "../components/Emoji.js";
import { Icon } from "../components/Icon.js";
import { GAME_NAMES } from "../content/games.js";
import { LEVEL_IDS, LEVEL_NAMES } from "../present/levels.js";
import { shrinkPhoto } from "../lib/image.js";
import { CATEGORIES, sendSuggestion, SUGGESTION_MAX, SUGGESTION_MIN, type Category } from "../lib/suggestions.js";
import { Choice } from "../components/Controls.js";
import { NAME_MAX } from "../../../core/names.js";
import { AVATARS, displayName, useProfile } from "../state/createProfile.js";
import { parseDisplayName } from "../../../core/names.js";
import { useRouter } from "../state/createRouter.js";
import { played, sumRecords, useStats, winRate } from "../state/createStats.js";
import { useServices } from "../state/services.js";
import { formatPercent } from "../i18n/numbers.js";
import { t } from "../i18n/i18n.js";
import { errorText } from "../i18n/errors.js";

export function ProfileScreen(): JSX.Element {
  const [, router] = useRouter();
  const [p, act] = useProfile();
  const [, stats] = useStats();
  const { storage } = useServices();
  const [photoMsg, setPhotoMsg] = createSignal("");
  const [text, setText] = createSignal("");
  const [sent, setSent] = createSignal("");
  const [sending, setSending] = createSignal(false);
  const [category, setCategory] = createSignal<Category>("idea");
  /** The name as being typed; null until the player types (a fresh profile shows no error). */
  const [draft, setDraft] = createSignal<string | null>(null);
  const nameNote = (): string => {
    const typed = draft();
    if (typed === null && p.name === "") return "";
    const n = parseDisplayName(typed ?? p.name);
    return n.ok
      ? t("profile.publicName", { name: n.value })
      : t("profile.badName", { reason: errorText(n.error.code) });
  };
  let file: HTMLInputElement | undefined;

  const pickPhoto = async (f: File | undefined): Promise<void> => {
    if (f === undefined) return;
    try {
      const data = await shrinkPhoto(f, 192, 0.8);
      setPhotoMsg(act.setPhoto(data) ? t("profile.photoSaved") : t("profile.photoBig"));
    } catch {
      setPhotoMsg(t("settings.photoBad"));
    }
  };

  const suggest = async (): Promise<void> => {
    setSending(true);
    const r = await sendSuggestion(storage, text(), category());
    setSending(false);
    if (r === "sent") {
      setText("");
      setSent(t("profile.sent"));
    } else if (r === "kept") {
      setText("");
      setSent(t("profile.kept"));
    } else setSent(t("profile.refused", { min: SUGGESTION_MIN, max: SUGGESTION_MAX }));
  };

  const rows = () =>
    GAMES.map((game) => {
      const levels = LEVEL_IDS.map((level) => ({ level, r: stats.get(game, level) }));
      return { game, levels, total: sumRecords(levels.map((l) => l.r)) };
    });

  return (
    <section class="screen page" aria-labelledby="profile-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="profile-title">{t("screen.profile")}</h1>
      </header>
      <div class="card form profile-card">
        <div class="profile-top">
          <Avatar photo={p.photo} emoji={p.avatar} size={72} label={t("profile.picture", { name: displayName(p) })} />
          <label class="field grow">
            <span>{t("profile.name")}</span>
            <input
              type="text"
              maxLength={NAME_MAX}
              value={p.name}
              placeholder={t("common.you")}
              onInput={(e) => setDraft(e.currentTarget.value)}
              onChange={(e) => act.setName(e.currentTarget.value)}
              aria-describedby="public-name"
              data-testid="profile-name"
            />
          </label>
        </div>
        <p class="note" id="public-name" data-testid="public-name">
          {nameNote()}
        </p>
        <fieldset class="choice">
          <legend>{t("profile.avatar")}</legend>
          <div class="avatars" role="radiogroup" aria-label={t("profile.avatar")}>
            <For each={AVATARS}>
              {(a) => (
                <label class="avatar-pick" classList={{ on: p.photo === null && p.avatar === a }}>
                  <input
                    type="radio"
                    name="avatar"
                    checked={p.photo === null && p.avatar === a}
                    onChange={() => act.setAvatar(a)}
                  />
                  <Emoji emoji={a} label={t("profile.avatarOf", { emoji: a })} />
                </label>
              )}
            </For>
          </div>
        </fieldset>
        <div class="row">
          <button type="button" class="btn" onClick={() => file?.click()}>
            <Icon name="camera" /> {t("profile.photo")}
          </button>
          <Show when={p.photo !== null}>
            <button type="button" class="btn" onClick={() => act.setPhoto(null)}>
              {t("settings.removePhoto")}
            </button>
          </Show>
          <input
            ref={file}
            type="file"
            accept="image/*"
            capture="user"
            class="sr-only"
            aria-label={t("profile.photoLabel")}
            onChange={(e) => void pickPhoto(e.currentTarget.files?.[0])}
          />
        </div>
        <p role="status" class="note">
          {photoMsg()}
        </p>
      </div>

      <div class="card">
        <h2>{t("profile.record")}</h2>
        <For each={rows()}>
          {(row) => (
            <details class="record" open={played(row.total) > 0}>
              <summary>
                <span>{GAME_NAMES[row.game]}</span>
                <span class="record-sum">
                  {t("profile.sum", { w: row.total.wins, l: row.total.losses, d: row.total.draws })}
                </span>
              </summary>
              <table class="record-table">
                <thead>
                  <tr>
                    <th scope="col">{t("profile.level")}</th>
                    <th scope="col">{t("result.wins")}</th>
                    <th scope="col">{t("result.losses")}</th>
                    <th scope="col">{t("result.draws")}</th>
                    <th scope="col">{t("result.winRate")}</th>
                    <th scope="col">{t("result.streak")}</th>
                    <th scope="col">{t("profile.best")}</th>
                  </tr>
                </thead>
                <tbody>
                  <For each={row.levels}>
                    {(l) => (
                      <tr>
                        <th scope="row">{LEVEL_NAMES[l.level]}</th>
                        <td>{l.r.wins}</td>
                        <td>{l.r.losses}</td>
                        <td>{l.r.draws}</td>
                        <td>{played(l.r) === 0 ? "–" : formatPercent(winRate(l.r))}</td>
                        <td>{l.r.streak}</td>
                        <td>{l.r.best}</td>
                      </tr>
                    )}
                  </For>
                </tbody>
              </table>
            </details>
          )}
        </For>
      </div>

      <div class="card form">
        <h2>{t("profile.suggest")}</h2>
        <Choice
          legend={t("profile.what")}
          name="category"
          options={CATEGORIES.filter((c) => c !== "translation")}
          value={category()}
          label={(c) =>
            c === "idea" ? t("profile.idea") : c === "problem" ? t("profile.problem") : t("profile.other")
          }
          onChange={setCategory}
        />
        <label class="field">
          <span>{t("profile.ask")}</span>
          <textarea
            rows={4}
            maxLength={SUGGESTION_MAX}
            value={text()}
            onInput={(e) => setText(e.currentTarget.value)}
          />
        </label>
        <button
          type="button"
          class="btn primary"
          onClick={() => void suggest()}
          disabled={sending() || text().trim().length < SUGGESTION_MIN}
        >
          <Icon name="send" /> {t("profile.send")}
        </button>
        <p role="status" class="note">
          {sent()}
        </p>
      </div>
    </section>
  );
}
