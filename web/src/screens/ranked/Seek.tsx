/** Quick pairing: the game (and the Tsoro board), the time control and rated or casual to seek, the player's name and rating, seek and cancel. */
import { Show, type JSX } from "solid-js";
import { parseDisplayName } from "../../../../core/names.js";
import { GAME_NAMES } from "../../content/games.js";
import { errorText } from "../../i18n/errors.js";
import { t, tParts } from "../../i18n/i18n.js";
import { useProfile } from "../../state/createProfile.js";
import type { RankedStore } from "../../state/createRanked.js";
import { useRouter } from "../../state/createRouter.js";
import { useServices } from "../../state/services.js";
import { formatRating } from "../../i18n/numbers.js";
import { createTerms, TermsFields } from "./Terms.js";

const CHOICE_KEY = "ranked.choice.v1";

export function Seek(props: { store: RankedStore }): JSX.Element {
  const [r, act] = props.store;
  const [, router] = useRouter();
  const [profile] = useProfile();
  const services = useServices();
  // The form opens on the game and pool last sought on this device (Togyz kumalak, rated, the first time).
  const terms = createTerms(services.storage, CHOICE_KEY);
  const game = terms.game;
  const nameOk = (): boolean => parseDisplayName(profile.name).ok;
  const nameProblem = (): string => {
    const n = parseDisplayName(profile.name);
    return n.ok ? "" : errorText(n.error.code);
  };
  const seek = (): void => {
    terms.keep();
    act.seek(game(), terms.options(), { preset: terms.preset(), casual: terms.casual() });
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
      <TermsFields name="ranked" terms={terms} />
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
