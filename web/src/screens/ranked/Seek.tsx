/** Ranked's lobby: the game (and the Tsoro board) to seek, the player's name and rating, seek and cancel. */
import { createSignal, Show, type JSX } from "solid-js";
import { parseDisplayName } from "../../../../core/names.js";
import type { GameId } from "../../../../core/types.js";
import { FamilyPicker, TsoroOptions } from "../../components/GamePicker.js";
import { FAMILIES, GAME_NAMES, type Family } from "../../content/games.js";
import { errorText } from "../../i18n/errors.js";
import { t, tParts } from "../../i18n/i18n.js";
import { useProfile } from "../../state/createProfile.js";
import type { RankedStore } from "../../state/createRanked.js";
import { useRouter } from "../../state/createRouter.js";
import { readJson, writeJson } from "../../lib/persist.js";
import { useServices } from "../../state/services.js";
import { formatRating } from "../../i18n/numbers.js";

const CHOICE_KEY = "ranked.choice.v1";

interface LobbyChoice {
  readonly family: Family;
  readonly mode: "tsoro-classic" | "tsoro-wta";
  readonly holes: number;
  readonly seeds: number;
}

/** The lobby's last choice as kept on the device; anything unreadable falls back to Togyz kumalak. */
function readChoice(raw: unknown): LobbyChoice {
  const o = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const int = (v: unknown, lo: number, hi: number, d: number): number =>
    typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi ? v : d;
  return {
    family: (FAMILIES as readonly unknown[]).includes(o.family) ? (o.family as Family) : "togyz",
    mode: o.mode === "tsoro-wta" ? "tsoro-wta" : "tsoro-classic",
    holes: int(o.holes, 4, 12, 8),
    seeds: int(o.seeds, 1, 10, 2),
  };
}

export function Seek(props: { store: RankedStore }): JSX.Element {
  const [r, act] = props.store;
  const [, router] = useRouter();
  const [profile] = useProfile();
  const services = useServices();
  // The lobby opens on the game last sought on this device (Togyz kumalak the first time).
  const last = readChoice(readJson(services.storage, CHOICE_KEY));
  const [family, setFamily] = createSignal<Family>(last.family);
  const [mode, setMode] = createSignal<"tsoro-classic" | "tsoro-wta">(last.mode);
  const [holes, setHoles] = createSignal(last.holes);
  const [seeds, setSeeds] = createSignal(last.seeds);
  const game = (): GameId => (family() === "tsoro" ? mode() : family() === "ayo" ? "ayo" : "togyz");
  const nameOk = (): boolean => parseDisplayName(profile.name).ok;
  const nameProblem = (): string => {
    const n = parseDisplayName(profile.name);
    return n.ok ? "" : errorText(n.error.code);
  };
  const seek = (): void => {
    const g = game();
    writeJson(services.storage, CHOICE_KEY, { family: family(), mode: mode(), holes: holes(), seeds: seeds() });
    act.seek(g, g.startsWith("tsoro") ? { holes: holes(), seeds: seeds() } : undefined);
  };
  return (
    <div class="card form">
      <p>
        {tParts<JSX.Element>(
          "ranked.playingAs",
          { name: act.me().name },
          { b: (chunks) => <strong data-testid="ranked-me">{chunks}</strong> },
        )}
        <Show when={!act.me().confirmed}>
          {" "}
          <span class="note" data-testid="ranked-pending">
            {t("ranked.pending")}
          </span>
        </Show>
      </p>
      <Show when={profile.name !== "" && !nameOk()}>
        <p class="error">
          {t("ranked.badName", { reason: nameProblem() })}{" "}
          <button type="button" class="link" onClick={() => router.go("profile")}>
            {t("ranked.setName")}
          </button>
        </p>
      </Show>
      <FamilyPicker name="ranked-family" look="chips" value={family()} onChange={setFamily} />
      <TsoroOptions
        name="ranked-mode"
        family={family()}
        mode={mode()}
        onMode={setMode}
        holes={holes()}
        onHoles={setHoles}
        seeds={seeds()}
        onSeeds={setSeeds}
      />
      <p class="note">
        {t("ranked.yourRating", { game: GAME_NAMES[game()] })}{" "}
        <strong data-testid="my-rating">
          {r.stats[game()] !== undefined
            ? formatRating(r.stats[game()].rating, r.stats[game()].provisional)
            : t("ranked.noGames")}
        </strong>
      </p>
      <Show
        when={r.phase === "seeking"}
        fallback={
          <button
            type="button"
            class="btn primary big"
            onClick={seek}
            disabled={!r.connected || r.phase === "connecting"}
          >
            {t("ranked.find")}
          </button>
        }
      >
        <p role="status" data-testid="seeking">
          {t("ranked.seeking")}
        </p>
        <button type="button" class="btn" onClick={() => act.cancel()}>
          {t("common.cancel")}
        </button>
      </Show>
      <button type="button" class="btn" onClick={() => router.go("leaderboard", game())}>
        {t("menu.leaderboard")}
      </button>
    </div>
  );
}
