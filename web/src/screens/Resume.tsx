/** Games saved on this device that can be carried on; old ones can be deleted. */
import { createSignal, For, onCleanup, onMount, Show, type JSX } from "solid-js";
import { gameNumber } from "../../../core/series.js";
import { Dialog } from "../components/Dialog.js";
import { Icon } from "../components/Icon.js";
import { GAME_NAMES } from "../content/games.js";
import { friendLogRecord, savedGameRecord } from "../lib/gameRecords.js";
import { loadSnapshot } from "../state/roomSnapshot.js";
import { useServices } from "../state/services.js";
import { LEVEL_NAMES } from "../game/levels.js";
import { useRouter } from "../state/createRouter.js";
import { isResumable, useSaves } from "../state/createSaves.js";
import { showCode, useRooms, type RoomSetup, type SavedRoom } from "../state/createRooms.js";
import { movesText } from "../game/results.js";
import type { SavedGame } from "../state/records.js";
import { ExportButton } from "./Export.js";
import { locale, t } from "../i18n/i18n.js";

const MONTH_MS = 30 * 24 * 3600 * 1000;

function when(time: number): string {
  const d = new Date(time);
  const today = new Date();
  return d.toDateString() === today.toDateString()
    ? d.toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit" })
    : d.toLocaleDateString(locale(), { day: "numeric", month: "short" });
}

export function describeSaved(g: SavedGame): string {
  const who =
    g.setup.opponent === "computer"
      ? t("resume.vsComputer", { level: LEVEL_NAMES[g.setup.level] })
      : t("resume.vs", { a: g.names[0], b: g.names[1] });
  const board = g.setup.game.startsWith("tsoro")
    ? t("resume.board", { holes: g.setup.holes, seeds: g.setup.seeds })
    : "";
  const series =
    g.setup.bestOf > 1
      ? t("resume.series", {
          bestOf: g.setup.bestOf,
          game: gameNumber(g.series),
          sa: g.series.score[0],
          sb: g.series.score[1],
        })
      : "";
  return [who, board, series, movesText(g.moves.length)].filter((p) => p !== "").join(" · ");
}

/** The board a room plays on: "9 pits a side, 9 stones each", "8 × 2 holes, 2 seeds each", and the series. */
export function describeSetup(setup: RoomSetup | null): string {
  if (setup === null) return "";
  const o = setup.options;
  const board =
    setup.game === "togyz"
      ? t("setup.togyzBoard")
      : setup.game === "ayo"
        ? t("setup.ayoBoard")
        : t("setup.tsoroBoard", { holes: Number(o.holes), seeds: Number(o.seeds) });
  return t("setup.line", {
    game: GAME_NAMES[setup.game],
    board,
    series: setup.bestOf > 1 ? t("setup.bestOf", { n: setup.bestOf }) : t("setup.single"),
  });
}

export function describeRoom(r: SavedRoom): string {
  const who =
    r.opponent !== null
      ? t("online.with", { name: r.opponent })
      : r.owner
        ? t("online.waitingFriend")
        : t("online.waitingLetIn");
  const board = r.setup === null ? "" : ` · ${describeSetup(r.setup).split(" · ").slice(1).join(" · ")}`;
  const series = r.setup !== null && r.setup.bestOf > 1 ? `, ${r.score[0]}–${r.score[1]}` : "";
  return `${t("resume.room", { who, code: showCode(r.code) })}${board}${series} · ${movesText(r.moves)}`;
}

/** How long a deletion can be undone before it is written. */
export const UNDO_MS = 8000;

/** A deletion shown at once and written when the undo time is up, the screen is left or the page is hidden. */
interface Pending {
  readonly games: readonly string[];
  readonly rooms: readonly string[];
  readonly text: string;
}

export function ResumeScreen(): JSX.Element {
  const [, router] = useRouter();
  const services = useServices();
  const [saves, actions] = useSaves();
  const [roomsState, rooms] = useRooms();
  const [pending, setPending] = createSignal<Pending | null>(null);
  const [confirmAll, setConfirmAll] = createSignal(false);
  let timer: ReturnType<typeof setTimeout> | undefined;

  const commit = (): void => {
    const p = pending();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (p === null) return;
    setPending(null);
    if (p.games.length > 0) actions.removeMany(p.games);
    for (const code of p.rooms) rooms.remove(code);
  };
  const remove = (p: Pending): void => {
    commit();
    if (p.games.length === 0 && p.rooms.length === 0) return;
    setPending(p);
    timer = setTimeout(commit, UNDO_MS);
  };
  const undo = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    setPending(null);
  };
  onMount(() => {
    window.addEventListener("pagehide", commit);
    onCleanup(() => window.removeEventListener("pagehide", commit));
  });
  onCleanup(commit);

  const hiddenGames = (): Set<string> => new Set(pending()?.games ?? []);
  const hiddenRooms = (): Set<string> => new Set(pending()?.rooms ?? []);
  const list = (): SavedGame[] => saves.games.filter((g) => isResumable(g) && !hiddenGames().has(g.id));
  const online = (): readonly SavedRoom[] => roomsState.rooms.filter((r) => !r.over && !hiddenRooms().has(r.code));
  const removeOlder = (): void => {
    const now = Date.now();
    const ids = saves.games
      .filter((g) => !hiddenGames().has(g.id) && (g.series.over || now - g.updatedAt > MONTH_MS))
      .map((g) => g.id);
    if (ids.length === 0) {
      setPending(null);
      setNothing(true);
      return;
    }
    remove({ games: ids, rooms: [], text: t("resume.deletedOld", { n: ids.length }) });
  };
  const removeAll = (): void => {
    setConfirmAll(false);
    const ids = saves.games.filter((g) => !hiddenGames().has(g.id)).map((g) => g.id);
    remove({ games: ids, rooms: [], text: t("resume.deletedAll", { n: list().length }) });
  };
  const [nothing, setNothing] = createSignal(false);

  return (
    <section class="screen page" aria-labelledby="resume-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="resume-title">{t("screen.resume")}</h1>
      </header>
      <Show when={online().length > 0}>
        <h2 class="list-head">{t("resume.onlineGames")}</h2>
        <ul class="saved-list" aria-label={t("resume.onlineGames")}>
          <For each={online()}>
            {(r) => (
              <li class="saved" data-testid="saved-room">
                <div class="saved-text">
                  <span class="saved-title">
                    {r.setup !== null ? GAME_NAMES[r.setup.game] : t("screen.room")} · {t("resume.online")}
                  </span>
                  <span class="saved-sub">{describeRoom(r)}</span>
                  <span class="saved-when">{t("resume.lastPlayed", { when: when(r.updatedAt) })}</span>
                </div>
                <div class="saved-actions">
                  <button
                    type="button"
                    class="btn primary"
                    onClick={() => router.go("room", r.code)}
                    aria-label={t("resume.continueRoom", { code: showCode(r.code) })}
                  >
                    {t("resume.continue")}
                  </button>
                  <ExportButton
                    record={() => friendLogRecord(loadSnapshot(services.storage, r.code)?.log ?? [])}
                    label={t("resume.exportRoom", { code: showCode(r.code) })}
                  />
                  <button
                    type="button"
                    class="icon-btn"
                    onClick={() =>
                      remove({ games: [], rooms: [r.code], text: t("resume.deletedRoom", { code: showCode(r.code) }) })
                    }
                    aria-label={t("resume.deleteRoom", { code: showCode(r.code) })}
                  >
                    <Icon name="trash" />
                  </button>
                </div>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show
        when={list().length > 0 || online().length > 0}
        fallback={
          <div class="card">
            <p>{t("resume.none")}</p>
            <button type="button" class="btn primary" onClick={() => router.go("new")}>
              {t("common.newGame")}
            </button>
          </div>
        }
      >
        <Show when={list().length > 0}>
          <ul class="saved-list" aria-label={t("resume.saved")}>
            <For each={list()}>
              {(g) => (
                <li class="saved" data-testid="saved-game">
                  <div class="saved-text">
                    <span class="saved-title">{GAME_NAMES[g.setup.game]}</span>
                    <span class="saved-sub">{describeSaved(g)}</span>
                    <span class="saved-when">{t("resume.lastPlayed", { when: when(g.updatedAt) })}</span>
                  </div>
                  <div class="saved-actions">
                    <button
                      type="button"
                      class="btn primary"
                      onClick={() => router.go("play", g.id)}
                      aria-label={t("resume.continueGame", { game: GAME_NAMES[g.setup.game], about: describeSaved(g) })}
                    >
                      {t("resume.continue")}
                    </button>
                    <ExportButton
                      record={() => savedGameRecord(g)}
                      label={t("resume.exportGame", { game: GAME_NAMES[g.setup.game], about: describeSaved(g) })}
                    />
                    <button
                      type="button"
                      class="icon-btn"
                      onClick={() =>
                        remove({
                          games: [g.id],
                          rooms: [],
                          text: t("resume.deletedGame", { game: GAME_NAMES[g.setup.game] }),
                        })
                      }
                      aria-label={t("resume.deleteGame", { game: GAME_NAMES[g.setup.game], about: describeSaved(g) })}
                    >
                      <Icon name="trash" />
                    </button>
                  </div>
                </li>
              )}
            </For>
          </ul>
          <div class="row">
            <button type="button" class="btn" onClick={removeOlder}>
              {t("resume.deleteOld")}
            </button>
            <button type="button" class="btn danger" onClick={() => setConfirmAll(true)}>
              {t("resume.deleteAll")}
            </button>
          </div>
        </Show>
      </Show>
      <div class="row">
        <button type="button" class="btn" onClick={() => router.go("import")}>
          {t("resume.import")}
        </button>
      </div>
      <Show when={nothing() && pending() === null}>
        <p role="status" class="note">
          {t("resume.noneOld")}
        </p>
      </Show>
      <Show when={pending()}>
        {(p) => (
          <div class="toast" role="status" data-testid="undo-toast">
            <span>{p().text}</span>
            <button type="button" class="btn" onClick={undo}>
              {t("resume.undo")}
            </button>
          </div>
        )}
      </Show>
      <Show when={confirmAll()}>
        <Dialog title={t("resume.confirmTitle")} onClose={() => setConfirmAll(false)}>
          <p>{t("resume.confirmText", { n: list().length })}</p>
          <div class="row">
            <button type="button" class="btn" onClick={() => setConfirmAll(false)}>
              {t("resume.keep")}
            </button>
            <button type="button" class="btn danger" onClick={removeAll}>
              {t("resume.deleteAll")}
            </button>
          </div>
        </Dialog>
      </Show>
    </section>
  );
}
