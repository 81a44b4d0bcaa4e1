/**
 * Challenges at the ranked connection (docs/lobby.md): the ones waiting for this player, each with
 * Accept, Decline and the seconds left; the one this player sent and what became of it; the form that
 * sends one to a named player (`#/challenge/<player id>`).
 */
import { For, Show, type JSX } from "solid-js";
import type { ChallengeView } from "../../../../core/protocol/lobby.js";
import { GAME_NAMES } from "../../content/games.js";
import { t } from "../../i18n/i18n.js";
import { formatRating } from "../../i18n/numbers.js";
import type { RankedStore } from "../../state/createRanked.js";
import { useServices } from "../../state/services.js";
import { boardText } from "./Lobby.js";
import { createTerms, presetMeaning, TermsFields } from "./Terms.js";

const secondsLeft = (expiresAt: number, now: number): number => Math.max(0, Math.ceil((expiresAt - now) / 1000));

/** "Togyz kumalak · 3+2 (3 min + 2 s a move) · rated": what a challenge is for. */
function termsText(c: ChallengeView): string {
  const board = boardText(c.game, c.options);
  return [
    GAME_NAMES[c.game],
    `${c.preset} (${presetMeaning(c.preset)})`,
    c.casual ? t("preset.casual") : t("preset.rated"),
    ...(board === "" ? [] : [board]),
  ].join(" · ");
}

/** The challenges waiting for this player, newest last. */
export function IncomingChallenges(props: { store: RankedStore }): JSX.Element {
  const [r, , , tick, [, lobby]] = props.store;
  return (
    <For each={lobby.waiting()}>
      {(c) => (
        <div
          class="card challenge-in"
          role="alertdialog"
          aria-labelledby={`chal-${c.id}`}
          data-testid="challenge-incoming"
        >
          <p id={`chal-${c.id}`}>
            <strong>
              {t(c.rematchOf === null ? "challenge.from" : "challenge.rematchFrom", {
                name: c.from.name,
                rating: formatRating(c.from.rating, c.from.provisional),
              })}
            </strong>
          </p>
          <p>{termsText(c)}</p>
          <p class="note" data-testid="challenge-left">
            {t("challenge.left", { s: secondsLeft(c.expiresAt, tick()) })}
          </p>
          <div class="row">
            <button
              type="button"
              class="btn primary"
              data-testid="challenge-accept"
              disabled={!r.connected}
              onClick={() => lobby.answer(c, true)}
            >
              {t("lobby.accept")}
            </button>
            <button type="button" class="btn" data-testid="challenge-decline" onClick={() => lobby.answer(c, false)}>
              {t("challenge.decline")}
            </button>
          </div>
        </div>
      )}
    </For>
  );
}

const SENT_KEYS = {
  sending: "challenge.sending",
  waiting: "challenge.waiting",
  declined: "challenge.declined",
  refused: "challenge.refused",
  cancelled: "challenge.cancelled",
  expired: "challenge.expired",
} as const;

/** The challenge this player sent: waiting (with Cancel and the seconds left), declined, cancelled or expired. */
export function SentChallenge(props: { store: RankedStore }): JSX.Element {
  const [, , , tick, [, lobby]] = props.store;
  return (
    <Show when={lobby.sentNow()}>
      {(s) => (
        <div class="challenge-out" data-testid="challenge-sent" data-status={s().status}>
          <p role="status">
            {t(SENT_KEYS[s().status], { name: s().name ?? "" })}
            <Show when={s().status === "waiting" && s().expiresAt !== null}>
              {" "}
              <span class="note">{t("challenge.left", { s: secondsLeft(s().expiresAt ?? 0, tick()) })}</span>
            </Show>
          </p>
          <Show when={s().status === "waiting" || s().status === "sending"}>
            <button type="button" class="btn" data-testid="challenge-cancel" onClick={() => lobby.cancelChallenge()}>
              {t("common.cancel")}
            </button>
          </Show>
        </div>
      )}
    </Show>
  );
}

/** The form that challenges player `to`. */
export function ChallengeForm(props: { store: RankedStore; to: string }): JSX.Element {
  const [r, , , , [, lobby]] = props.store;
  const services = useServices();
  const terms = createTerms(services.storage, "challenge.choice.v1");
  const send = (): void => {
    terms.keep();
    lobby.challenge(props.to, {
      game: terms.game(),
      ...(terms.options() !== undefined ? { options: terms.options() } : {}),
      preset: terms.preset(),
      casual: terms.casual(),
    });
  };
  return (
    <div class="card form" data-testid="challenge-form">
      <h2>{t("challenge.title")}</h2>
      <TermsFields name="challenge" terms={terms} />
      <button
        type="button"
        class="btn primary big"
        data-testid="challenge-send"
        disabled={!r.connected || r.phase === "connecting" || props.to === r.playerId}
        onClick={send}
      >
        {t("challenge.send")}
      </button>
      <SentChallenge store={props.store} />
    </div>
  );
}
