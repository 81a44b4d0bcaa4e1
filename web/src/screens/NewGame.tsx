/** Set up a match: game, mode, board, opponent, level, counters, speed, series; then Start match. */
import { clipName, NAME_MAX } from "../../../core/names.js";
import { createSignal, Show, type JSX } from "solid-js";
import { createStore } from "solid-js/store";
import { createSeries, type BestOf } from "../../../core/series.js";
import type { GameId } from "../../../core/types.js";
import { Choice } from "../components/Controls.js";
import { FamilyPicker, TsoroOptions } from "../components/GamePicker.js";
import { Icon } from "../components/Icon.js";
import { familyOf, type Family } from "../content/games.js";
import { levelSentence } from "../i18n/levels.js";
import { SPEEDS } from "../game/animate.js";
import { LEVEL_IDS, LEVEL_NAMES } from "../game/levels.js";
import { displayName, useProfile } from "../state/createProfile.js";
import { useRouter } from "../state/createRouter.js";
import { useSaves } from "../state/createSaves.js";
import { useRooms } from "../state/createRooms.js";
import { COUNTERS, counterName, speedName, useSettings } from "../state/createSettings.js";
import { DEFAULT_SETUP, newGameId, type MatchSetup, type SavedGame } from "../state/records.js";
import { t } from "../i18n/i18n.js";

export function NewGameScreen(): JSX.Element {
  const [, router] = useRouter();
  const [settings, settingsActions] = useSettings();
  const [profile] = useProfile();
  const [, saves] = useSaves();
  const [, rooms] = useRooms();
  const last = saves.lastSetup() ?? DEFAULT_SETUP;
  const [form, setForm] = createStore<{ -readonly [K in keyof MatchSetup]: MatchSetup[K] }>({
    ...last,
    speed: settings.speed,
  });
  const [family, setFamily] = createSignal<Family>(familyOf(last.game));
  const [tsoroMode, setTsoroMode] = createSignal<"tsoro-classic" | "tsoro-wta">(
    last.game === "tsoro-wta" ? "tsoro-wta" : "tsoro-classic",
  );
  const [other, setOther] = createSignal(t("common.player2"));
  const [online, setOnline] = createSignal(false);

  const game = (): GameId => (family() === "tsoro" ? tsoroMode() : family() === "ayo" ? "ayo" : "togyz");

  const start = (): void => {
    const setup: MatchSetup = { ...form, game: game(), speed: settings.speed };
    const now = Date.now();
    const me = displayName(profile);
    const names: [string, string] =
      setup.opponent === "computer"
        ? [me, t("common.computerLevel", { level: LEVEL_NAMES[setup.level] })]
        : [
            me === t("common.you") ? t("common.player1") : me,
            other().trim() === "" ? t("common.player2") : clipName(other().trim()),
          ];
    const rec: SavedGame = {
      id: newGameId(now),
      setup,
      names,
      series: createSeries(setup.bestOf),
      moves: [],
      ended: null,
      recorded: false,
      createdAt: now,
      updatedAt: now,
    };
    saves.put(rec);
    router.go("play", rec.id, true);
  };

  /** A friend game with this setup: the room's code and seat secret come from a lazily loaded module. */
  const createOnline = async (): Promise<void> => {
    const g = game();
    const options: Record<string, number | boolean> = g.startsWith("tsoro")
      ? { holes: form.holes, seeds: form.seeds }
      : g === "ayo"
        ? { vsComputer: false }
        : {};
    const { makeOwnRoom } = await import("../state/newRoom.js");
    const room = makeOwnRoom({ game: g, options, bestOf: form.bestOf }, Date.now());
    rooms.put(room);
    router.go("room", room.code, true);
  };

  return (
    <section class="screen page" aria-labelledby="new-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="new-title">{t("new.title")}</h1>
      </header>
      <FamilyPicker name="family" look="cards" value={family()} onChange={setFamily} />
      <div class="card form">
        <TsoroOptions
          name="mode"
          family={family()}
          mode={tsoroMode()}
          onMode={setTsoroMode}
          holes={form.holes}
          onHoles={(n) => setForm("holes", n)}
          seeds={form.seeds}
          onSeeds={(n) => setForm("seeds", n)}
        />
        <Choice
          legend={t("new.opponent")}
          name="opponent"
          options={["computer", "local", "online"] as const}
          value={online() ? "online" : form.opponent}
          label={(o) => (o === "computer" ? t("new.computer") : o === "local" ? t("new.local") : t("new.online"))}
          onChange={(o) => {
            setOnline(o === "online");
            if (o !== "online") setForm("opponent", o);
          }}
        />
        <Show when={online()}>
          <p class="note">{t("new.onlineNote")}</p>
          <div class="row">
            <button type="button" class="btn primary" onClick={() => void createOnline()}>
              {t("new.create")}
            </button>
            <button type="button" class="btn" onClick={() => router.go("join")}>
              {t("new.join")}
            </button>
          </div>
        </Show>
        <Show when={!online() && form.opponent === "computer"}>
          <Choice
            legend={t("new.level")}
            name="level"
            options={LEVEL_IDS}
            value={form.level}
            label={(l) => LEVEL_NAMES[l]}
            onChange={(l) => setForm("level", l)}
          />
          <p class="hint-text" data-testid="level-text">
            {levelSentence(family(), form.level)}
          </p>
        </Show>
        <Show when={!online() && form.opponent === "local"}>
          <label class="field">
            <span>{t("new.secondName")}</span>
            <input type="text" maxLength={NAME_MAX} value={other()} onInput={(e) => setOther(e.currentTarget.value)} />
          </label>
        </Show>
        <Choice
          legend={t("new.series")}
          name="bestof"
          options={[1, 3, 5, 7] as const}
          value={form.bestOf}
          label={(b) => (b === 1 ? t("new.single") : t("new.bestOf", { n: b }))}
          onChange={(b) => setForm("bestOf", b as BestOf)}
        />
        <Choice
          legend={t("opt.counters")}
          name="counters"
          options={COUNTERS}
          value={settings.counters}
          label={(c) => counterName(c)}
          onChange={(c) => settingsActions.set("counters", c)}
        />
        <Choice
          legend={t("opt.speed")}
          name="speed"
          options={SPEEDS}
          value={settings.speed}
          label={(s) => speedName(s)}
          onChange={(s) => settingsActions.set("speed", s)}
        />
        <Show when={!online()}>
          <button type="button" class="btn primary big start-match" onClick={start}>
            {t("new.start")}
          </button>
        </Show>
      </div>
    </section>
  );
}
