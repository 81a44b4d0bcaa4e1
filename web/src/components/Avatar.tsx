/** A player's picture: their photo, their chosen avatar, or the computer's face (a shipped picture, Emoji.tsx); an empty label hides it from screen readers (the name beside it says who). */
import { Show, type JSX } from "solid-js";
import { t } from "../i18n/i18n.js";
import { Emoji } from "./Emoji.js";

export function Avatar(props: { photo?: string | null; emoji?: string; size?: number; label?: string }): JSX.Element {
  const size = (): string => `${props.size ?? 36}px`;
  return (
    <span
      class="avatar"
      style={{ width: size(), height: size(), "font-size": `${(props.size ?? 36) * 0.58}px` }}
      role={props.label === "" ? undefined : "img"}
      aria-label={props.label === "" ? undefined : (props.label ?? t("common.avatar"))}
      aria-hidden={props.label === "" ? "true" : undefined}
    >
      <Show when={props.photo} fallback={<Emoji emoji={props.emoji ?? "🙂"} />}>
        {(src) => <img src={src()} alt="" />}
      </Show>
    </span>
  );
}
