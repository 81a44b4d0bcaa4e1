/** A modal question with buttons; Escape or the backdrop closes it, and the focus goes back to what opened it. */
import { onCleanup, onMount, type JSX } from "solid-js";

export function Dialog(props: {
  title: string;
  children: JSX.Element;
  onClose: () => void;
  label?: string;
}): JSX.Element {
  let box: HTMLDivElement | undefined;
  onMount(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    onCleanup(() => {
      if (opener?.isConnected === true) opener.focus();
    });
    const key = (e: KeyboardEvent): void => {
      if (e.key === "Escape") props.onClose();
    };
    window.addEventListener("keydown", key);
    onCleanup(() => window.removeEventListener("keydown", key));
    box?.querySelector<HTMLElement>("button, input, textarea, select")?.focus();
  });
  return (
    <div class="backdrop" onClick={(e) => e.target === e.currentTarget && props.onClose()}>
      <div ref={box} class="dialog" role="dialog" aria-modal="true" aria-label={props.label ?? props.title}>
        <h2>{props.title}</h2>
        {props.children}
      </div>
    </div>
  );
}
