/**
 * Import game records by pasting or from a file: Togyz kumalak in PlayOK's notation, or JSON records
 * of any rule set. Every move is checked on the engine; a bad record names its first bad move.
 */
import { createSignal, For, Show, type JSX } from "solid-js";
import {
  makeShareCode,
  parseRecords,
  type RecordError,
  type RecordFormat,
  type Replayed,
} from "../../../core/records/index.js";
import { Icon } from "../components/Icon.js";
import { GAME_NAMES } from "../content/games.js";
import { useRouter } from "../state/createRouter.js";
import "../records.css";
import { locale, t, tParts } from "../i18n/i18n.js";
import { movesText } from "../present/results.js";

/** Larger files are refused before they are read (a thousand long games are well under this). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

type Choice = "auto" | RecordFormat;

/**
 * Why a record was refused, in the chosen language: the parser's own sentence (English, naming the
 * move in the record's notation) in English, else the catalogue's sentence naming the game and move.
 */
function recordErrorText(e: RecordError): string {
  if (locale() === "en") return e.message;
  const game = e.gameIndex + 1;
  if (e.code === "record/illegal" && e.ply !== undefined)
    return t("import.errIllegal", { game, move: Math.floor(e.ply / 2) + 1 });
  return t(e.code === "record/unreadable" ? "import.errUnreadable" : "import.errInvalid", { game });
}

export function ImportScreen(): JSX.Element {
  const [, router] = useRouter();
  const [text, setText] = createSignal("");
  const [format, setFormat] = createSignal<Choice>("auto");
  const [error, setError] = createSignal<string | null>(null);
  const [games, setGames] = createSignal<readonly Replayed[]>([]);

  const read = (): void => {
    setGames([]);
    const r = parseRecords(text(), format() === "auto" ? undefined : (format() as RecordFormat));
    if (!r.ok) {
      setError(recordErrorText(r.error));
      return;
    }
    setError(null);
    if (r.value.length === 1) router.go("replay", makeShareCode(r.value[0]));
    else setGames(r.value);
  };
  const onFile = async (file: File | undefined): Promise<void> => {
    if (file === undefined) return;
    if (file.size > MAX_FILE_BYTES) {
      setError(t("import.tooBig", { kb: Math.round(file.size / 1024), mb: MAX_FILE_BYTES / 1024 / 1024 }));
      return;
    }
    setText(await file.text());
    read();
  };
  const title = (g: Replayed): string => {
    const p = g.record.players;
    return p !== undefined
      ? t("import.players", { game: GAME_NAMES[g.record.game], a: p[0], b: p[1] })
      : GAME_NAMES[g.record.game];
  };
  const result = (g: Replayed): string =>
    g.outcome === null
      ? t("import.unfinished")
      : g.outcome.winner === null
        ? t("import.draw")
        : t("import.won", {
            name:
              g.record.players?.[g.outcome.winner] ??
              (g.outcome.winner === 0 ? t("import.firstPlayer") : t("import.secondPlayer")),
          });

  return (
    <section class="screen page" aria-labelledby="import-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="import-title">{t("screen.import")}</h1>
      </header>
      <div class="card">
        <p class="intro">
          {tParts<JSX.Element>(
            "import.intro",
            { playok: "1. 76(10) 87(2) …", json: '{"game","options","moves"}' },
            { c: (chunks) => <code>{chunks}</code> },
          )}
        </p>
        <textarea
          class="import-text"
          aria-label={t("export.record")}
          data-testid="import-text"
          value={text()}
          onInput={(e) => setText(e.currentTarget.value)}
          placeholder={'[White "…"]\n[Black "…"]\n\n1. 76(10) 87(2) 2. 99 91 …'}
        />
        <div class="row">
          <label>
            {t("import.format")}{" "}
            <select
              value={format()}
              onChange={(e) => setFormat(e.currentTarget.value as Choice)}
              aria-label={t("import.format")}
            >
              <option value="auto">{t("import.recognise")}</option>
              <option value="playok">{t("import.playok")}</option>
              <option value="json">JSON</option>
            </select>
          </label>
          <label class="btn">
            {t("import.open")}
            <input
              type="file"
              accept=".txt,.pgn,.json,.jsonl,text/plain,application/json"
              class="sr-only"
              data-testid="import-file"
              onChange={(e) => void onFile(e.currentTarget.files?.[0])}
            />
          </label>
          <button type="button" class="btn primary" onClick={read} disabled={text().trim() === ""}>
            {t("import.import")}
          </button>
        </div>
        <Show when={error()}>
          {(e) => (
            <p class="error" role="alert" data-testid="import-error">
              {e()}
            </p>
          )}
        </Show>
      </div>
      <Show when={games().length > 1}>
        <h2 class="list-head">{t("import.count", { n: games().length })}</h2>
        <ul class="import-list" aria-label={t("import.list")}>
          <For each={games()}>
            {(g, i) => (
              <li class="saved">
                <div class="saved-text">
                  <span class="saved-title">
                    {i() + 1}. {title(g)}
                  </span>
                  <span class="saved-sub">
                    {t("import.moves", { moves: movesText(g.record.moves.length), result: result(g) })}
                  </span>
                </div>
                <div class="saved-actions">
                  <button type="button" class="btn primary" onClick={() => router.go("replay", makeShareCode(g))}>
                    {t("moves.replay")}
                  </button>
                </div>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}
