/** Creating a tournament: arena or Swiss, the game and its board, the time control, rounds or length, private, rated. */
import { createSignal, Show, type JSX } from "solid-js";
import { TIME_PRESETS, type TimePreset } from "../../../../core/ranked/presets.js";
import type { GameId } from "../../../../core/types.js";
import { Choice, Stepper } from "../../components/Controls.js";
import { FamilyPicker, TsoroOptions } from "../../components/GamePicker.js";
import type { Family } from "../../content/games.js";
import { t } from "../../i18n/i18n.js";
import type { TournamentStore } from "../../state/createTournament.js";

export function CreateTournament(props: { store: TournamentStore }): JSX.Element {
  const [s, act] = props.store;
  const [kind, setKind] = createSignal<"swiss" | "arena">("swiss");
  const [name, setName] = createSignal("");
  const [family, setFamily] = createSignal<Family>("togyz");
  const [mode, setMode] = createSignal<"tsoro-classic" | "tsoro-wta">("tsoro-classic");
  const [holes, setHoles] = createSignal(8);
  const [seeds, setSeeds] = createSignal(2);
  const [preset, setPreset] = createSignal<TimePreset>("10+5");
  const [rounds, setRounds] = createSignal(5);
  const [minutes, setMinutes] = createSignal(60);
  const [startIn, setStartIn] = createSignal(10);
  const [priv, setPriv] = createSignal(true);
  const [rated, setRated] = createSignal(false);
  const [otb, setOtb] = createSignal(false);
  const [manual, setManual] = createSignal(false);
  const game = (): GameId => (family() === "tsoro" ? mode() : family() === "ayo" ? "ayo" : "togyz");
  const ok = (): boolean => name().trim().length > 0 && s.connected;

  const submit = (e: Event): void => {
    e.preventDefault();
    if (!ok()) return;
    const g = game();
    act.create({
      type: "tour.create",
      kind: kind(),
      name: name().trim().slice(0, 60),
      game: g,
      ...(g.startsWith("tsoro") ? { options: { holes: holes(), seeds: seeds() } } : {}),
      preset: preset(),
      rated: rated(),
      startsAt: Date.now() + startIn() * 60_000,
      ...(kind() === "swiss"
        ? { rounds: rounds(), manualRounds: manual(), overTheBoard: otb() }
        : { minutes: minutes() }),
      private: priv(),
    });
  };

  return (
    <form class="card form" onSubmit={submit} data-testid="tour-create">
      <h2>{t("tour.create")}</h2>
      <label class="field">
        <span>{t("tour.name")}</span>
        <input
          type="text"
          maxLength={60}
          value={name()}
          onInput={(e) => setName(e.currentTarget.value)}
          data-testid="tour-name"
        />
      </label>
      <Choice
        legend={t("tour.kind")}
        name="tour-kind"
        options={["swiss", "arena"] as const}
        value={kind()}
        label={(k) => t(k === "swiss" ? "tour.kindSwiss" : "tour.kindArena")}
        onChange={setKind}
      />
      <FamilyPicker name="tour-family" look="chips" value={family()} onChange={setFamily} />
      <TsoroOptions
        name="tour-mode"
        family={family()}
        mode={mode()}
        onMode={setMode}
        holes={holes()}
        onHoles={setHoles}
        seeds={seeds()}
        onSeeds={setSeeds}
      />
      <Choice
        legend={t("tour.preset")}
        name="tour-preset"
        options={TIME_PRESETS}
        value={preset()}
        label={(p) => p}
        onChange={setPreset}
      />
      <Show
        when={kind() === "swiss"}
        fallback={<Stepper label={t("tour.minutes")} value={minutes()} min={10} max={24 * 60} onChange={setMinutes} />}
      >
        <Stepper label={t("tour.rounds")} value={rounds()} min={1} max={9} onChange={setRounds} />
      </Show>
      <Stepper label={t("tour.startIn")} value={startIn()} min={0} max={30 * 24 * 60} onChange={setStartIn} />
      <label class="check">
        <input
          type="checkbox"
          checked={priv()}
          onChange={(e) => setPriv(e.currentTarget.checked)}
          data-testid="tour-private"
        />
        <span>{t("tour.private")}</span>
      </label>
      <label class="check">
        <input type="checkbox" checked={rated()} onChange={(e) => setRated(e.currentTarget.checked)} />
        <span>{t("tour.rated")}</span>
      </label>
      <Show when={kind() === "swiss"}>
        <label class="check">
          <input type="checkbox" checked={manual()} onChange={(e) => setManual(e.currentTarget.checked)} />
          <span>{t("tour.manualRounds")}</span>
        </label>
        <label class="check">
          <input type="checkbox" checked={otb()} onChange={(e) => setOtb(e.currentTarget.checked)} />
          <span>{t("tour.overTheBoard")}</span>
        </label>
      </Show>
      <button type="submit" class="btn primary" disabled={!ok()} data-testid="tour-create-submit">
        {t("tour.createButton")}
      </button>
    </form>
  );
}
