/**
 * Online: create a friend game (game, board, series) and get its code, or join one by typing the
 * code (any case, dash optional). A link `#/join/CODE` opens the join form with the code filled in;
 * `#/join/CODE_togyz_1` also names the game the owner set up (lib/invite.ts).
 */
import { createSignal, For, Show, type JSX } from "solid-js";
import { createStore } from "solid-js/store";
import type { BestOf } from "../../../core/series.js";
import type { GameId } from "../../../core/types.js";
import { Choice } from "../components/Controls.js";
import { FamilyPicker, TsoroOptions } from "../components/GamePicker.js";
import { Icon } from "../components/Icon.js";
import { GAME_NAMES, familyOf, type Family } from "../content/games.js";
import { parseJoinParam } from "../lib/invite.js";
import { showCode, useRooms, type RoomSetup } from "../state/createRooms.js";
import { useRouter } from "../state/createRouter.js";
import { useSaves } from "../state/createSaves.js";
import { makeGuestRoom, makeOwnRoom, parseCode } from "../state/newRoom.js";
import { DEFAULT_SETUP } from "../state/records.js";
import { describeSetup } from "./Resume.js";
import "../online.css";
import { t } from "../i18n/i18n.js";

export function OnlineScreen(props: { join: boolean; code: string | null }): JSX.Element {
  const [, router] = useRouter();
  const [roomsState, rooms] = useRooms();
  const [, saves] = useSaves();
  const last = saves.lastSetup() ?? DEFAULT_SETUP;
  const [form, setForm] = createStore({ holes: last.holes, seeds: last.seeds, bestOf: 1 as BestOf });
  const [family, setFamily] = createSignal<Family>(familyOf(last.game));
  const [mode, setMode] = createSignal<"tsoro-classic" | "tsoro-wta">(
    last.game === "tsoro-wta" ? "tsoro-wta" : "tsoro-classic",
  );
  // A join link may name the game too (`#/join/CODE_togyz_1`): shown, and kept with the room as a claim.
  const link = parseJoinParam(props.code);
  const [typed, setTyped] = createSignal(link.code);
  const announced = (): RoomSetup | null => {
    const c = parseCode(typed());
    const l = parseCode(link.code);
    return c.ok && l.ok && c.value === l.value ? link.announced : null;
  };
  const [problem, setProblem] = createSignal<string | null>(null);
  const game = (): GameId => (family() === "tsoro" ? mode() : family() === "ayo" ? "ayo" : "togyz");

  const create = (): void => {
    const g = game();
    const options: Record<string, number | boolean> = g.startsWith("tsoro")
      ? { holes: form.holes, seeds: form.seeds }
      : g === "ayo"
        ? { vsComputer: false }
        : {};
    const room = makeOwnRoom({ game: g, options, bestOf: form.bestOf }, Date.now());
    rooms.put(room);
    router.go("room", room.code, true);
  };

  const join = (e: Event): void => {
    e.preventDefault();
    const c = parseCode(typed());
    if (!c.ok) {
      setProblem(t("online.notCode", { reason: c.error.message }));
      return;
    }
    // Typing the code of a game this device already plays returns to its seat.
    if (rooms.get(c.value) !== undefined) {
      router.go("room", c.value, true);
      return;
    }
    const r = makeGuestRoom(typed(), Date.now(), announced());
    if ("error" in r) {
      setProblem(r.error);
      return;
    }
    rooms.put(r.room);
    router.go("room", r.room.code, true);
  };

  const mine = (): typeof roomsState.rooms => roomsState.rooms.filter((r) => !r.over).slice(0, 5);

  return (
    <section class="screen page online" aria-labelledby="online-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="online-title">{props.join ? t("screen.join") : t("screen.online")}</h1>
      </header>
      <form class="card form join-form" onSubmit={join} aria-label={t("online.joinLabel")}>
        <h2>{t("online.joinLabel")}</h2>
        <label class="field">
          <span>{t("online.code")}</span>
          <input
            type="text"
            name="code"
            inputmode="text"
            autocomplete="off"
            autocapitalize="characters"
            spellcheck={false}
            maxLength={12}
            placeholder="K7PQ-2A9M"
            value={typed()}
            data-testid="join-code"
            onInput={(e) => {
              setTyped(e.currentTarget.value);
              setProblem(null);
            }}
          />
        </label>
        <Show when={announced()}>
          {(a) => (
            <p class="lobby-setup" data-testid="invite-setup">
              {t("invite.named", { setup: describeSetup(a()) })}
            </p>
          )}
        </Show>
        <Show when={problem()}>
          {(p) => (
            <p class="error" role="alert">
              {p()}
            </p>
          )}
        </Show>
        <button type="submit" class="btn primary big">
          {t("online.join")}
        </button>
        <p class="note">{t("online.joinNote")}</p>
      </form>
      <Show when={!props.join}>
        <div class="card form create-form">
          <h2>{t("online.createTitle")}</h2>
          <FamilyPicker name="online-family" look="cards" value={family()} onChange={setFamily} />
          <TsoroOptions
            name="online-mode"
            family={family()}
            mode={mode()}
            onMode={setMode}
            holes={form.holes}
            onHoles={(n) => setForm("holes", n)}
            seeds={form.seeds}
            onSeeds={(n) => setForm("seeds", n)}
          />
          <Choice
            legend={t("new.series")}
            name="online-bestof"
            options={[1, 3, 5, 7] as const}
            value={form.bestOf}
            label={(b) => (b === 1 ? t("new.single") : t("new.bestOf", { n: b }))}
            onChange={(b) => setForm("bestOf", b as BestOf)}
          />
          <button type="button" class="btn primary big" onClick={create}>
            {t("new.create")}
          </button>
          <p class="note">{t("online.createNote")}</p>
        </div>
        <Show when={mine().length > 0}>
          <div class="card">
            <h2>{t("online.yours")}</h2>
            <ul class="saved-list">
              <For each={mine()}>
                {(r) => (
                  <li class="saved">
                    <div class="saved-text">
                      <span class="saved-title">
                        {r.setup !== null ? GAME_NAMES[r.setup.game] : t("screen.room")} · {showCode(r.code)}
                      </span>
                      <span class="saved-sub">
                        {r.opponent !== null
                          ? t("online.with", { name: r.opponent })
                          : r.owner
                            ? t("online.waitingFriend")
                            : t("online.waitingLetIn")}
                      </span>
                      <span class="saved-sub" data-testid="open-game-board">
                        {describeSetup(r.setup)}
                      </span>
                    </div>
                    <button type="button" class="btn primary" onClick={() => router.go("room", r.code)}>
                      {t("online.continue")}
                    </button>
                  </li>
                )}
              </For>
            </ul>
          </div>
        </Show>
      </Show>
    </section>
  );
}
