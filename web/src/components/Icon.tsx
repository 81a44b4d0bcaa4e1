/** Line icons drawn inline (no image files). */
import type { JSX } from "solid-js";

const PATHS = {
  menu: "M4 7h16M4 12h16M4 17h16",
  back: "M15 5l-7 7 7 7",
  pause: "M8 5v14M16 5v14",
  play: "M7 5l12 7-12 7z",
  undo: "M9 7L4 12l5 5M4 12h10a6 6 0 010 12h-2",
  hint: "M9 18h6M10 21h4M12 3a6 6 0 00-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0012 3z",
  rules: "M12 17h.01M9.5 9a2.5 2.5 0 115 0c0 1.7-2.5 2-2.5 4M12 21a9 9 0 110-18 9 9 0 010 18z",
  flag: "M5 21V4M5 4h11l-2 4 2 4H5",
  sliders: "M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  check: "M5 12l5 5 9-10",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z",
  camera: "M4 8h3l2-3h6l2 3h3v11H4zM12 17a4 4 0 100-8 4 4 0 000 8z",
  send: "M4 12l16-8-6 16-2-7z",
  chat: "M4 5h16v11H10l-5 4v-4H4z",
  handshake: "M3 12l4-4 5 3 5-3 4 4-9 7zM12 11l-3 3",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon(props: { name: IconName; label?: string }): JSX.Element {
  return (
    <svg
      class="icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      role={props.label ? "img" : undefined}
      aria-label={props.label}
      aria-hidden={props.label ? undefined : "true"}
    >
      <path d={PATHS[props.name]} />
    </svg>
  );
}
