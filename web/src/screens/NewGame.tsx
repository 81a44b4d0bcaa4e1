/** Set up a match: game, mode, board, opponent, level, counters, speed, series; then Start match. */
import { clipName, NAME_MAX } from "../../../core/names.js";
import { createSignal, Show, type JSX } from "solid-js";
import { createStore } from "solid-js/store";
import { createSeries, type BestOf } from "../../../core/match.js";
import type { GameId } from "../../../core/types.js";
import { Choice } from "../components/Controls.js";
import { FamilyPicker, TsoroOptions } from "../components/GamePicker.js";
import { Icon } from "../components/Icon.js";
import { familyOf, type Family } from "../content/games.js";
import { levelText } from "../content/levels.js";
import { SPEEDS } from "../game/animate.js";
import { LEVEL_IDS, LEVEL_NAMES } from "../game/levels.js";
import { displayName, useProfile } from "../state/createProfile.js";
import { useRouter } from "../state/createRouter.js";
import { useSaves } from "../state/createSaves.js";
import { useRooms } from "../state/createRooms.js";
import { COUNTERS, useSettings } from "../state/createSettings.js";
import { DEFAULT_SETUP, newGameId, type MatchSetup, type SavedGame } from "../state/records.js";

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
  const [other, setOther] = createSignal("Player 2");
  const [online, setOnline] = createSignal(false);

  const game = (): GameId => (family() === "tsoro" ? tsoroMode() : family() === "ayo" ? "ayo" : "togyz");

  const start = (): void => {
    const setup: MatchSetup = { ...form, game: game(), speed: settings.speed };
    const now = Date.now();
    const me = displayName(profile);
    const names: [string, string] =
      setup.opponent === "computer"
        ? [me, `Computer (${LEVEL_NAMES[setup.level]})`]
        : [me === "You" ? "Player 1" : me, other().trim() === "" ? "Player 2" : clipName(other().trim())];
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
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label="Back">
          <Icon name="back" />
        </button>
        <h1 id="new-title">New game</h1>
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
          legend="Opponent"
          name="opponent"
          options={["computer", "local", "online"] as const}
          value={online() ? "online" : form.opponent}
          label={(o) => (o === "computer" ? "Computer" : o === "local" ? "Pass and play" : "Online friend")}
          onChange={(o) => {
            setOnline(o === "online");
            if (o !== "online") setForm("opponent", o);
          }}
        />
        <Show when={online()}>
          <p class="note">
            Play a friend on their own device: create the game and send them its code, or join with the code they sent
            you.
          </p>
          <div class="row">
            <button type="button" class="btn primary" onClick={() => void createOnline()}>
              Create game
            </button>
            <button type="button" class="btn" onClick={() => router.go("join")}>
              Join with a code
            </button>
          </div>
        </Show>
        <Show when={!online() && form.opponent === "computer"}>
          <Choice
            legend="Computer level"
            name="level"
            options={LEVEL_IDS}
            value={form.level}
            label={(l) => LEVEL_NAMES[l]}
            onChange={(l) => setForm("level", l)}
          />
          <p class="hint-text" data-testid="level-text">
            {levelText(family(), form.level)}
          </p>
        </Show>
        <Show when={!online() && form.opponent === "local"}>
          <label class="field">
            <span>Second player's name</span>
            <input type="text" maxLength={NAME_MAX} value={other()} onInput={(e) => setOther(e.currentTarget.value)} />
          </label>
        </Show>
        <Choice
          legend="Series"
          name="bestof"
          options={[1, 3, 5, 7] as const}
          value={form.bestOf}
          label={(b) => (b === 1 ? "Single game" : `Best of ${b}`)}
          onChange={(b) => setForm("bestOf", b as BestOf)}
        />
        <Choice
          legend="Counters"
          name="counters"
          options={COUNTERS}
          value={settings.counters}
          label={(c) => c[0].toUpperCase() + c.slice(1)}
          onChange={(c) => settingsActions.set("counters", c)}
        />
        <Choice
          legend="Speed"
          name="speed"
          options={SPEEDS}
          value={settings.speed}
          label={(s) => s[0].toUpperCase() + s.slice(1)}
          onChange={(s) => settingsActions.set("speed", s)}
        />
        <Show when={!online()}>
          <button type="button" class="btn primary big start-match" onClick={start}>
            Start match
          </button>
        </Show>
      </div>
    </section>
  );
}
