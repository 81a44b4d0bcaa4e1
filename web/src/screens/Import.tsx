/**
 * Import game records by pasting or from a file: Togyz kumalak in PlayOK's notation, or JSON records
 * of any rule set. Every move is checked on the engine; a bad record names its first bad move.
 */
import { createSignal, For, Show, type JSX } from "solid-js";
import { makeShareCode, parseRecords, type RecordFormat, type Replayed } from "../../../core/records/index.js";
import { Icon } from "../components/Icon.js";
import { GAME_NAMES } from "../content/games.js";
import { useRouter } from "../state/createRouter.js";
import "../records.css";

/** Larger files are refused before they are read (a thousand long games are well under this). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

type Choice = "auto" | RecordFormat;

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
      setError(r.error.message);
      return;
    }
    setError(null);
    if (r.value.length === 1) router.go("replay", makeShareCode(r.value[0]));
    else setGames(r.value);
  };
  const onFile = async (file: File | undefined): Promise<void> => {
    if (file === undefined) return;
    if (file.size > MAX_FILE_BYTES) {
      setError(
        `That file is ${Math.round(file.size / 1024)} KB; records up to ${MAX_FILE_BYTES / 1024 / 1024} MB can be imported.`,
      );
      return;
    }
    setText(await file.text());
    read();
  };
  const title = (g: Replayed): string => {
    const p = g.record.players;
    return `${GAME_NAMES[g.record.game]}${p !== undefined ? ` · ${p[0]} – ${p[1]}` : ""}`;
  };
  const result = (g: Replayed): string =>
    g.outcome === null
      ? "unfinished"
      : g.outcome.winner === null
        ? "draw"
        : `${g.record.players?.[g.outcome.winner] ?? (g.outcome.winner === 0 ? "first player" : "second player")} won`;

  return (
    <section class="screen page" aria-labelledby="import-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label="Back">
          <Icon name="back" />
        </button>
        <h1 id="import-title">Import a game</h1>
      </header>
      <div class="card">
        <p class="intro">
          Paste a Togyz kumalak record in PlayOK's notation (<code>1. 76(10) 87(2) …</code>) or JSON records (
          <code>{'{"game","options","moves"}'}</code>, one a line), or open a file. Every move is checked.
        </p>
        <textarea
          class="import-text"
          aria-label="Game record"
          data-testid="import-text"
          value={text()}
          onInput={(e) => setText(e.currentTarget.value)}
          placeholder={'[White "…"]\n[Black "…"]\n\n1. 76(10) 87(2) 2. 99 91 …'}
        />
        <div class="row">
          <label>
            Format{" "}
            <select value={format()} onChange={(e) => setFormat(e.currentTarget.value as Choice)} aria-label="Format">
              <option value="auto">Recognise</option>
              <option value="playok">PlayOK (Togyz kumalak)</option>
              <option value="json">JSON</option>
            </select>
          </label>
          <label class="btn">
            Open a file
            <input
              type="file"
              accept=".txt,.pgn,.json,.jsonl,text/plain,application/json"
              class="sr-only"
              data-testid="import-file"
              onChange={(e) => void onFile(e.currentTarget.files?.[0])}
            />
          </label>
          <button type="button" class="btn primary" onClick={read} disabled={text().trim() === ""}>
            Import
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
        <h2 class="list-head">{games().length} games</h2>
        <ul class="import-list" aria-label="Imported games">
          <For each={games()}>
            {(g, i) => (
              <li class="saved">
                <div class="saved-text">
                  <span class="saved-title">
                    {i() + 1}. {title(g)}
                  </span>
                  <span class="saved-sub">
                    {g.record.moves.length} moves · {result(g)}
                  </span>
                </div>
                <div class="saved-actions">
                  <button type="button" class="btn primary" onClick={() => router.go("replay", makeShareCode(g))}>
                    Replay
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
