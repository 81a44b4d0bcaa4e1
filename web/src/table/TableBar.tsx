/** The bar over the table (its first button, the game and series, settings, forfeit) and the buttons under it. */
import { Index, Show, type JSX } from "solid-js";
import type { GameId } from "../../../core/types.js";
import { Icon } from "../components/Icon.js";
import { familyOf } from "../content/games.js";
import { t } from "../i18n/i18n.js";
import { useRouter } from "../state/createRouter.js";

export function TableHeader(props: {
  /** The first button (the game menu, back). */
  readonly lead: JSX.Element;
  /** The game's name, the room code, the series score. */
  readonly children: JSX.Element;
  /** Before the settings button: the chat. */
  readonly tools?: JSX.Element;
  readonly onForfeit?: () => void;
  readonly canForfeit: boolean;
}): JSX.Element {
  const [, router] = useRouter();
  return (
    <header class="play-top">
      {props.lead}
      {/* The screen's one heading: the game (and series) this table plays. */}
      <h1 class="series-line" data-testid="series">
        {props.children}
      </h1>
      {props.tools}
      <button type="button" class="icon-btn" onClick={() => router.go("settings")} aria-label={t("common.settings")}>
        <Icon name="sliders" />
      </button>
      <Show when={props.onForfeit}>
        <button
          type="button"
          class="icon-btn"
          onClick={() => props.onForfeit?.()}
          aria-label={t("play.forfeit")}
          disabled={!props.canForfeit}
        >
          <Icon name="flag" />
        </button>
      </Show>
    </header>
  );
}

/** A line over or under the table that something went wrong, with the one thing to do about it. */
export function TableNotice(props: {
  readonly text: string;
  /** "error" under the board, "banner error" over it. */
  readonly class: string;
  readonly action: string;
  readonly onAction: () => void;
}): JSX.Element {
  return (
    <p class={props.class} role="alert">
      {props.text}{" "}
      <button type="button" class="link" onClick={() => props.onAction()}>
        {props.action}
      </button>
    </p>
  );
}

/** One button under the board. */
export interface Control {
  readonly icon: Parameters<typeof Icon>[0]["name"];
  readonly label: string;
  readonly onClick: () => void;
  readonly disabled?: boolean;
  readonly pressed?: boolean;
}

/** The buttons under the board: the mode's own, then the rules of the game and (optionally) the menu. */
export function TableControls(props: {
  readonly controls: readonly (Control | false)[];
  readonly game: GameId;
  readonly menu?: () => void;
}): JSX.Element {
  const [, router] = useRouter();
  const all = (): Control[] => [
    ...props.controls.filter((c): c is Control => c !== false),
    { icon: "rules", label: t("play.rules"), onClick: () => router.go("rules", familyOf(props.game)) },
    ...(props.menu !== undefined ? [{ icon: "menu" as const, label: t("play.menu"), onClick: props.menu }] : []),
  ];
  return (
    <nav class="controls" aria-label={t("play.controls")}>
      {/* Index: a button stays the same element while its label or state changes. */}
      <Index each={all()}>
        {(c) => (
          <button
            type="button"
            class="ctl"
            onClick={() => c().onClick()}
            disabled={c().disabled === true}
            aria-pressed={c().pressed}
          >
            <Icon name={c().icon} />
            <span>{c().label}</span>
          </button>
        )}
      </Index>
    </nav>
  );
}
