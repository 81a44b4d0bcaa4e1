/**
 * What a server-run game is played on, chosen the same way wherever one is asked for (the quick
 * pairing, a lobby seek, a challenge): the game and, for Tsoro, the board and seeds; the time control
 * (core/ranked/presets.ts, each said in words); rated or casual; for a lobby seek, the rating range.
 * The last choice is kept on the device per form.
 */
import { createSignal, Show, type JSX } from "solid-js";
import { LOBBY_RANGES } from "../../../../core/protocol/lobby.js";
import type { RankedOptions } from "../../../../core/protocol/ranked.js";
import { defaultPreset, presetClock, TIME_PRESETS, type TimePreset } from "../../../../core/ranked/presets.js";
import type { GameId } from "../../../../core/types.js";
import { Choice } from "../../components/Controls.js";
import { FamilyPicker, TsoroOptions } from "../../components/GamePicker.js";
import { FAMILIES, type Family } from "../../content/games.js";
import { t } from "../../i18n/i18n.js";
import { readJson, writeJson } from "../../lib/persist.js";
import type { KeyValue } from "../../lib/persist.js";

type Range = (typeof LOBBY_RANGES)[number] | 0;

interface Kept {
  readonly family: Family;
  readonly mode: "tsoro-classic" | "tsoro-wta";
  readonly holes: number;
  readonly seeds: number;
  readonly preset: TimePreset | null;
  readonly casual: boolean;
  readonly range: Range;
}

/** The form's last choice as kept on the device; anything unreadable falls back to Togyz kumalak, rated. */
function readKept(raw: unknown): Kept {
  const o = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const int = (v: unknown, lo: number, hi: number, d: number): number =>
    typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi ? v : d;
  return {
    family: (FAMILIES as readonly unknown[]).includes(o.family) ? (o.family as Family) : "togyz",
    mode: o.mode === "tsoro-wta" ? "tsoro-wta" : "tsoro-classic",
    holes: int(o.holes, 4, 12, 8),
    seeds: int(o.seeds, 1, 10, 2),
    preset: (TIME_PRESETS as readonly unknown[]).includes(o.preset) ? (o.preset as TimePreset) : null,
    casual: o.casual === true,
    range: (LOBBY_RANGES as readonly unknown[]).includes(o.range) ? (o.range as Range) : 0,
  };
}

export interface Terms {
  readonly family: () => Family;
  readonly setFamily: (f: Family) => void;
  readonly mode: () => "tsoro-classic" | "tsoro-wta";
  readonly setMode: (m: "tsoro-classic" | "tsoro-wta") => void;
  readonly holes: () => number;
  readonly setHoles: (n: number) => void;
  readonly seeds: () => number;
  readonly setSeeds: (n: number) => void;
  readonly game: () => GameId;
  readonly options: () => RankedOptions | undefined;
  /** The chosen time control, else the game's default. */
  readonly preset: () => TimePreset;
  readonly setPreset: (p: TimePreset) => void;
  readonly casual: () => boolean;
  readonly setCasual: (c: boolean) => void;
  /** ± points, or 0 for anyone. */
  readonly range: () => Range;
  readonly setRange: (r: Range) => void;
  /** Keep the choice for next time. */
  readonly keep: () => void;
}

/** The form's state, starting from what was chosen last on this device under `key`. */
export function createTerms(storage: KeyValue, key: string, start?: { game?: GameId }): Terms {
  const last = readKept(readJson(storage, key));
  const startFamily: Family | null =
    start?.game === undefined ? null : start.game.startsWith("tsoro") ? "tsoro" : (start.game as Family);
  const [family, setFamily] = createSignal<Family>(startFamily ?? last.family);
  const [mode, setMode] = createSignal<"tsoro-classic" | "tsoro-wta">(
    start?.game === "tsoro-wta" || start?.game === "tsoro-classic" ? start.game : last.mode,
  );
  const [holes, setHoles] = createSignal(last.holes);
  const [seeds, setSeeds] = createSignal(last.seeds);
  const [chosen, setPreset] = createSignal<TimePreset | null>(last.preset);
  const [casual, setCasual] = createSignal(last.casual);
  const [range, setRange] = createSignal<Range>(last.range);
  const game = (): GameId => (family() === "tsoro" ? mode() : family() === "ayo" ? "ayo" : "togyz");
  const options = (): RankedOptions | undefined =>
    game().startsWith("tsoro") ? { holes: holes(), seeds: seeds() } : undefined;
  const preset = (): TimePreset => chosen() ?? defaultPreset(game(), options() ?? {});
  return {
    family,
    setFamily,
    mode,
    setMode,
    holes,
    setHoles,
    seeds,
    setSeeds,
    game,
    options,
    preset,
    setPreset,
    casual,
    setCasual,
    range,
    setRange,
    keep: () =>
      writeJson(storage, key, {
        family: family(),
        mode: mode(),
        holes: holes(),
        seeds: seeds(),
        preset: chosen(),
        casual: casual(),
        range: range(),
      }),
  };
}

/** "3 min + 2 s a move": what a preset means. */
export function presetMeaning(p: TimePreset): string {
  const c = presetClock(p);
  return t("preset.means", { min: c.initialMs / 60_000, s: c.incrementMs / 1000 });
}

/** The fields of a terms form; `range` adds the lobby's rating range, `game: false` leaves the game out. */
export function TermsFields(props: { name: string; terms: Terms; range?: boolean; game?: boolean }): JSX.Element {
  const tm = props.terms;
  return (
    <>
      <Show when={props.game !== false}>
        <FamilyPicker name={`${props.name}-family`} look="chips" value={tm.family()} onChange={tm.setFamily} />
        <TsoroOptions
          name={`${props.name}-mode`}
          family={tm.family()}
          mode={tm.mode()}
          onMode={tm.setMode}
          holes={tm.holes()}
          onHoles={tm.setHoles}
          seeds={tm.seeds()}
          onSeeds={tm.setSeeds}
        />
      </Show>
      <Choice
        legend={t("preset.legend")}
        name={`${props.name}-preset`}
        options={TIME_PRESETS}
        value={tm.preset()}
        label={(p) => p}
        onChange={tm.setPreset}
      />
      <p class="note" data-testid={`${props.name}-preset-means`}>
        {presetMeaning(tm.preset())}
      </p>
      <Choice
        legend={t("preset.ratedLegend")}
        name={`${props.name}-rated`}
        options={["rated", "casual"] as const}
        value={tm.casual() ? "casual" : "rated"}
        label={(v) => (v === "rated" ? t("preset.rated") : t("preset.casual"))}
        onChange={(v) => tm.setCasual(v === "casual")}
      />
      <Show when={props.range === true}>
        <Choice
          legend={t("lobby.rangeLegend")}
          name={`${props.name}-range`}
          options={[0, ...LOBBY_RANGES] as readonly Range[]}
          value={tm.range()}
          label={(r) => (r === 0 ? t("lobby.rangeAny") : t("lobby.range", { n: r }))}
          onChange={tm.setRange}
        />
      </Show>
    </>
  );
}
