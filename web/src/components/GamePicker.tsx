/**
 * The game picker of every setup screen (New game, Online, Ranked): the family, as cards with a
 * blurb or as chips, and for Tsoro its mode, board size and seeds per hole.
 */
import { For, Show, type JSX } from "solid-js";
import { FAMILIES, FAMILY_BLURB, FAMILY_NAMES, type Family } from "../content/games.js";
import { Choice, Stepper } from "./Controls.js";
import { t } from "../i18n/i18n.js";

export type TsoroMode = "tsoro-classic" | "tsoro-wta";

export function FamilyPicker(props: {
  /** The radio group's name (unique on the page). */
  name: string;
  look: "cards" | "chips";
  value: Family;
  onChange: (f: Family) => void;
}): JSX.Element {
  return (
    <div class={props.look === "cards" ? "game-cards" : "chips"} role="radiogroup" aria-label={t("new.gameGroup")}>
      <For each={FAMILIES}>
        {(f) => (
          <label class={props.look === "cards" ? `game-card fam-${f}` : "chip"} classList={{ on: props.value === f }}>
            <input type="radio" name={props.name} checked={props.value === f} onChange={() => props.onChange(f)} />
            <Show when={props.look === "cards"} fallback={<span>{FAMILY_NAMES[f]}</span>}>
              <span class="game-card-name">{FAMILY_NAMES[f]}</span>
              <span class="game-card-blurb">{FAMILY_BLURB[f]}</span>
            </Show>
          </label>
        )}
      </For>
    </div>
  );
}

/** Tsoro's own settings, shown while Tsoro is picked. */
export function TsoroOptions(props: {
  /** The mode radio group's name (unique on the page). */
  name: string;
  family: Family;
  mode: TsoroMode;
  onMode: (m: TsoroMode) => void;
  holes: number;
  onHoles: (n: number) => void;
  seeds: number;
  onSeeds: (n: number) => void;
}): JSX.Element {
  return (
    <Show when={props.family === "tsoro"}>
      <Choice
        legend={t("new.mode")}
        name={props.name}
        options={["tsoro-classic", "tsoro-wta"] as const}
        value={props.mode}
        label={(m) => (m === "tsoro-classic" ? t("new.classic") : t("new.wta"))}
        onChange={props.onMode}
      />
      <Stepper label={t("new.holes")} value={props.holes} min={4} max={12} onChange={props.onHoles} unit=" × 2" />
      <Stepper label={t("new.seeds")} value={props.seeds} min={1} max={10} onChange={props.onSeeds} />
    </Show>
  );
}
