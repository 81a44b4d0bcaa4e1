/** Games saved on this device that can be carried on; old ones can be deleted. */
import { createSignal, For, Show, type JSX } from "solid-js";
import { gameNumber } from "../../../core/match.js";
import { Icon } from "../components/Icon.js";
import { GAME_NAMES } from "../content/games.js";
import { LEVEL_NAMES } from "../game/levels.js";
import { useRouter } from "../state/createRouter.js";
import { isResumable, useSaves } from "../state/createSaves.js";
import { showCode, useRooms, type SavedRoom } from "../state/createRooms.js";
import type { SavedGame } from "../state/records.js";

const MONTH_MS = 30 * 24 * 3600 * 1000;

function when(t: number): string {
  const d = new Date(t);
  const today = new Date();
  return d.toDateString() === today.toDateString()
    ? d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })
    : d.toLocaleDateString(undefined, { day: "numeric", month: "short" });
}

export function describeSaved(g: SavedGame): string {
  const who = g.setup.opponent === "computer" ? `vs Computer (${LEVEL_NAMES[g.setup.level]})` : `${g.names[0]} vs ${g.names[1]}`;
  const board = g.setup.game.startsWith("tsoro") ? ` · ${g.setup.holes} × 2, ${g.setup.seeds} a hole` : "";
  const series = g.setup.bestOf > 1 ? ` · best of ${g.setup.bestOf}, game ${gameNumber(g.series)}, ${g.series.score[0]}–${g.series.score[1]}` : "";
  return `${who}${board}${series} · ${g.moves.length} moves`;
}

export function describeRoom(r: SavedRoom): string {
  const who = r.opponent !== null ? `with ${r.opponent}` : r.owner ? "waiting for your friend" : "waiting to be let in";
  const board = r.setup !== null && r.setup.game.startsWith("tsoro") ? ` · ${String(r.setup.options.holes)} × 2` : "";
  const series = r.setup !== null && r.setup.bestOf > 1 ? ` · best of ${r.setup.bestOf}, ${r.score[0]}–${r.score[1]}` : "";
  return `${who} · code ${showCode(r.code)}${board}${series} · ${r.moves} moves`;
}

export function ResumeScreen(): JSX.Element {
  const [, router] = useRouter();
  const [saves, actions] = useSaves();
  const [removed, setRemoved] = createSignal<number | null>(null);
  const [roomsState, rooms] = useRooms();
  const list = (): SavedGame[] => saves.games.filter(isResumable);
  const online = (): readonly SavedRoom[] => roomsState.rooms.filter((r) => !r.over);
  return (
    <section class="screen page" aria-labelledby="resume-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label="Back"><Icon name="back" /></button>
        <h1 id="resume-title">Resume</h1>
      </header>
      <Show when={online().length > 0}>
        <h2 class="list-head">Online games</h2>
        <ul class="saved-list" aria-label="Online games">
          <For each={online()}>
            {(r) => (
              <li class="saved" data-testid="saved-room">
                <div class="saved-text">
                  <span class="saved-title">{r.setup !== null ? GAME_NAMES[r.setup.game] : "Friend game"} · online</span>
                  <span class="saved-sub">{describeRoom(r)}</span>
                  <span class="saved-when">Last played {when(r.updatedAt)}</span>
                </div>
                <div class="saved-actions">
                  <button type="button" class="btn primary" onClick={() => router.go("room", r.code)} aria-label={`Continue the online game ${showCode(r.code)}`}>Continue</button>
                  <button type="button" class="icon-btn" onClick={() => rooms.remove(r.code)} aria-label={`Delete the online game ${showCode(r.code)}`}><Icon name="trash" /></button>
                </div>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show when={list().length > 0 || online().length > 0} fallback={
        <div class="card">
          <p>No games to carry on. Every game is saved after each move, so unfinished games show up here.</p>
          <button type="button" class="btn primary" onClick={() => router.go("new")}>New game</button>
        </div>
      }>
        <ul class="saved-list" aria-label="Saved games">
          <For each={list()}>
            {(g) => (
              <li class="saved" data-testid="saved-game">
                <div class="saved-text">
                  <span class="saved-title">{GAME_NAMES[g.setup.game]}</span>
                  <span class="saved-sub">{describeSaved(g)}</span>
                  <span class="saved-when">Last played {when(g.updatedAt)}</span>
                </div>
                <div class="saved-actions">
                  <button type="button" class="btn primary" onClick={() => router.go("play", g.id)} aria-label={`Continue ${GAME_NAMES[g.setup.game]}, ${describeSaved(g)}`}>Continue</button>
                  <button type="button" class="icon-btn" onClick={() => actions.remove(g.id)} aria-label={`Delete ${GAME_NAMES[g.setup.game]}, ${describeSaved(g)}`}><Icon name="trash" /></button>
                </div>
              </li>
            )}
          </For>
        </ul>
        <div class="row">
          <button type="button" class="btn" onClick={() => setRemoved(actions.removeOld(Date.now(), MONTH_MS))}>Delete games older than a month</button>
          <button type="button" class="btn danger" onClick={() => setRemoved(actions.removeOld(Date.now(), -1))}>Delete all</button>
        </div>
      </Show>
      <Show when={removed() !== null}><p role="status" class="note">{removed()} game{removed() === 1 ? "" : "s"} deleted.</p></Show>
    </section>
  );
}
