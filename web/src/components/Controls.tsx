/** Form controls shared by the setup and settings screens: a row of choice chips and a stepper. */
import { createUniqueId, For, type JSX } from "solid-js";
import { t } from "../i18n/i18n.js";

export function Choice<T extends string | number>(props: {
  legend: string;
  options: readonly T[];
  value: T;
  label: (v: T) => string;
  onChange: (v: T) => void;
  name: string;
}): JSX.Element {
  return (
    <fieldset class="choice">
      <legend>{props.legend}</legend>
      <div class="chips" role="radiogroup" aria-label={props.legend}>
        <For each={props.options}>
          {(o) => (
            <label class="chip" classList={{ on: props.value === o }}>
              <input type="radio" name={props.name} checked={props.value === o} onChange={() => props.onChange(o)} />
              <span>{props.label(o)}</span>
            </label>
          )}
        </For>
      </div>
    </fieldset>
  );
}

export function Stepper(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  unit?: string;
}): JSX.Element {
  const set = (n: number): void => props.onChange(Math.max(props.min, Math.min(props.max, n)));
  /** Its own id (a label in Cyrillic or with tone marks has no ASCII letters to build one from). */
  const id = `lbl-${createUniqueId()}`;
  return (
    <div class="stepper">
      <span class="stepper-label" id={id}>
        {props.label}
      </span>
      <button
        type="button"
        class="icon-btn"
        onClick={() => set(props.value - 1)}
        aria-label={t("common.fewer", { label: props.label })}
        disabled={props.value <= props.min}
      >
        −
      </button>
      <input
        type="range"
        min={props.min}
        max={props.max}
        value={props.value}
        aria-labelledby={id}
        onInput={(e) => set(Number(e.currentTarget.value))}
      />
      <button
        type="button"
        class="icon-btn"
        onClick={() => set(props.value + 1)}
        aria-label={t("common.more", { label: props.label })}
        disabled={props.value >= props.max}
      >
        +
      </button>
      <output class="stepper-value">
        {props.value}
        {props.unit ?? ""}
      </output>
    </div>
  );
}
