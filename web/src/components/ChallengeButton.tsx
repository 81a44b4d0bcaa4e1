/** Challenge a player (docs/lobby.md): opens the challenge form at the ranked connection for them. */
import type { JSX } from "solid-js";
import { t } from "../i18n/i18n.js";
import { useRouter } from "../state/createRouter.js";

export function ChallengeButton(props: { playerId: string; class?: string }): JSX.Element {
  const [, router] = useRouter();
  return (
    <button
      type="button"
      class={props.class ?? "btn"}
      data-testid="challenge-button"
      onClick={() => router.go("challenge", props.playerId)}
    >
      {t("challenge.button")}
    </button>
  );
}
