/** Form controls shared by the setup and settings screens: a row of choice chips and a stepper. */
import { For, type JSX } from "solid-js";

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
  return (
    <div class="stepper">
      <span class="stepper-label" id={`lbl-${props.label.replace(/\W/g, "")}`}>
        {props.label}
      </span>
      <button
        type="button"
        class="icon-btn"
        onClick={() => set(props.value - 1)}
        aria-label={`Fewer: ${props.label}`}
        disabled={props.value <= props.min}
      >
        −
      </button>
      <input
        type="range"
        min={props.min}
        max={props.max}
        value={props.value}
        aria-labelledby={`lbl-${props.label.replace(/\W/g, "")}`}
        onInput={(e) => set(Number(e.currentTarget.value))}
      />
      <button
        type="button"
        class="icon-btn"
        onClick={() => set(props.value + 1)}
        aria-label={`More: ${props.label}`}
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
