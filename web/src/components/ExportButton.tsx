/**
 * "Export" for any game: the record as text (PlayOK's notation for Togyz kumalak, JSON for every
 * rule set) to copy or download, a link that opens the replay, and the replay itself. Screens that
 * show a game add `<ExportButton record={…} />`.
 */
import { createMemo, createSignal, For, Show, type JSX } from "solid-js";
import { makeJsonRecord, makePlayOk, replayRecord, type GameRecord } from "../../../core/records/index.js";
import { Dialog } from "./Dialog.js";
import { GAME_NAMES } from "../content/games.js";
import { replayCode, replayLink } from "../state/gameRecords.js";
import { useRouter } from "../state/createRouter.js";
import "../records.css";
import { t } from "../i18n/i18n.js";

type Format = "playok" | "json";

function fileName(rec: GameRecord, format: Format): string {
  const d = new Date();
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  return `${rec.game}-${day}.${format === "json" ? "json" : "txt"}`;
}

function todayTag(): string {
  const d = new Date();
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
}

function exportText(rec: GameRecord, format: Format): string {
  const r = replayRecord(rec);
  if (!r.ok) return "";
  if (format === "playok" && rec.game === "togyz")
    return makePlayOk(r.value, [
      ["Event", "Mancala"],
      ["Site", "Mancala"],
      ["Date", todayTag()],
    ]);
  return makeJsonRecord(rec) + "\n";
}

function ExportDialog(props: { record: GameRecord; onClose: () => void }): JSX.Element {
  const [, router] = useRouter();
  const formats = (): Format[] => (props.record.game === "togyz" ? ["playok", "json"] : ["json"]);
  const [format, setFormat] = createSignal<Format>(props.record.game === "togyz" ? "playok" : "json");
  const [note, setNote] = createSignal("");
  const text = createMemo(() => exportText(props.record, format()));
  const copy = async (what: string, done: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(what);
      setNote(done);
    } catch {
      setNote(t("export.noCopy"));
    }
  };
  const download = (): void => {
    const url = URL.createObjectURL(
      new Blob([text()], { type: format() === "json" ? "application/json" : "text/plain" }),
    );
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName(props.record, format());
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setNote(t("export.downloaded"));
  };
  const link = (): string | null => replayLink(props.record);
  return (
    <Dialog title={t("export.title", { game: GAME_NAMES[props.record.game] })} onClose={props.onClose}>
      <div class="replay-export" data-testid="export">
        <Show when={formats().length > 1}>
          <div class="row" role="radiogroup" aria-label={t("export.format")}>
            <For each={formats()}>
              {(f) => (
                <label class="chip" classList={{ on: format() === f }}>
                  <input type="radio" name="export-format" checked={format() === f} onChange={() => setFormat(f)} />
                  {f === "playok" ? t("export.playok") : "JSON"}
                </label>
              )}
            </For>
          </div>
        </Show>
        <textarea readonly aria-label={t("export.record")} data-testid="export-text" value={text()} />
        <div class="row">
          <button type="button" class="btn primary" onClick={() => void copy(text(), t("export.copied"))}>
            {t("export.copy")}
          </button>
          <button type="button" class="btn" onClick={download}>
            {t("export.download")}
          </button>
          <Show when={link()}>
            {(l) => (
              <button type="button" class="btn" onClick={() => void copy(l(), t("export.linkCopied"))}>
                {t("export.copyLink")}
              </button>
            )}
          </Show>
          <button
            type="button"
            class="btn"
            onClick={() => {
              const code = replayCode(props.record);
              props.onClose();
              if (code !== null) router.go("replay", code);
            }}
          >
            {t("export.replay")}
          </button>
          <button type="button" class="btn" onClick={props.onClose}>
            {t("common.close")}
          </button>
        </div>
        <p class="note" role="status">
          {note()}
        </p>
      </div>
    </Dialog>
  );
}

/** A button that opens the export dialog for `record` (nothing when there is no record yet). */
export function ExportButton(props: { record: () => GameRecord | null; label?: string; class?: string }): JSX.Element {
  const [open, setOpen] = createSignal<GameRecord | null>(null);
  return (
    <>
      <button
        type="button"
        class={props.class ?? "btn"}
        disabled={props.record() === null}
        onClick={() => setOpen(props.record())}
        aria-label={props.label ?? t("export.button")}
      >
        {t("export.export")}
      </button>
      <Show when={open()}>{(r) => <ExportDialog record={r()} onClose={() => setOpen(null)} />}</Show>
    </>
  );
}
