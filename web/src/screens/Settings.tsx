/** The look and feel: theme, background or own photo, counters, hole size, hand, speed, sound. */
import { createSignal, Show, type JSX } from "solid-js";
import { Icon } from "../components/Icon.js";
import { SPEEDS } from "../game/animate.js";
import { shrinkPhoto } from "../lib/image.js";
import { useRouter } from "../state/createRouter.js";
import { BACKGROUNDS, COUNTERS, HANDS, HOLE_SIZES, THEMES, useSettings } from "../state/createSettings.js";
import { Choice } from "../components/Controls.js";

const cap = (s: string): string => s[0].toUpperCase() + s.slice(1);
const THEME_NAMES = { system: "Match phone", dark: "Dark", light: "Light" } as const;
const BG_NAMES = {
  steppe: "Steppe",
  savanna: "Savanna",
  highveld: "Highveld",
  night: "Night",
  plain: "Plain",
  photo: "My photo",
} as const;
const HAND_NAMES = { light: "Light", medium: "Medium", dark: "Dark", off: "No hand" } as const;

export function SettingsScreen(): JSX.Element {
  const [, router] = useRouter();
  const [s, act] = useSettings();
  const [msg, setMsg] = createSignal("");
  let file: HTMLInputElement | undefined;

  const pickPhoto = async (f: File | undefined): Promise<void> => {
    if (f === undefined) return;
    try {
      const data = await shrinkPhoto(f, 1280, 0.8);
      if (act.set("photo", data)) {
        act.set("background", "photo");
        setMsg("Photo set as background.");
      } else setMsg("That photo is too big to keep on this device.");
    } catch {
      setMsg("That file could not be read as a picture.");
    }
  };

  return (
    <section class="screen page" aria-labelledby="settings-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label="Back">
          <Icon name="back" />
        </button>
        <h1 id="settings-title">Settings</h1>
      </header>
      <div class="card form">
        <Choice
          legend="Theme"
          name="theme"
          options={THEMES}
          value={s.theme}
          label={(t) => THEME_NAMES[t]}
          onChange={(t) => act.set("theme", t)}
        />
        <Choice
          legend="Background"
          name="background"
          options={BACKGROUNDS}
          value={s.background}
          label={(b) => BG_NAMES[b]}
          onChange={(b) => {
            if (b === "photo" && s.photo === null) file?.click();
            else act.set("background", b);
          }}
        />
        <div class="row">
          <button type="button" class="btn" onClick={() => file?.click()}>
            <Icon name="camera" /> Choose a photo…
          </button>
          <Show when={s.photo !== null}>
            <button
              type="button"
              class="btn"
              onClick={() => {
                act.set("photo", null);
                if (s.background === "photo") act.set("background", "steppe");
              }}
            >
              Remove photo
            </button>
          </Show>
          <input
            ref={file}
            type="file"
            accept="image/*"
            class="sr-only"
            aria-label="Background photo"
            onChange={(e) => void pickPhoto(e.currentTarget.files?.[0])}
          />
        </div>
        <Choice
          legend="Counters"
          name="counters"
          options={COUNTERS}
          value={s.counters}
          label={cap}
          onChange={(c) => act.set("counters", c)}
        />
        <div class={`counter-preview counters-${s.counters}`} aria-hidden="true">
          <i class="seed" style={{ "--k": "0" }} />
          <i class="seed" style={{ "--k": "3" }} />
          <i class="seed" style={{ "--k": "5" }} />
        </div>
        <Choice
          legend="Hole size"
          name="hole"
          options={HOLE_SIZES}
          value={s.holeSize}
          label={cap}
          onChange={(h) => act.set("holeSize", h)}
        />
        <Choice
          legend="Hand"
          name="hand"
          options={HANDS}
          value={s.hand}
          label={(h) => HAND_NAMES[h]}
          onChange={(h) => act.set("hand", h)}
        />
        <Choice
          legend="Speed"
          name="speed"
          options={SPEEDS}
          value={s.speed}
          label={cap}
          onChange={(v) => act.set("speed", v)}
        />
        <Choice
          legend="Sound"
          name="sound"
          options={["on", "off"] as const}
          value={s.sound ? "on" : "off"}
          label={cap}
          onChange={(v) => act.set("sound", v === "on")}
        />
        <p role="status" class="note">
          {msg()}
        </p>
      </div>
    </section>
  );
}
