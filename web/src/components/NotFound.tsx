/** A page for a link to something this device does not have (a saved game, a room): what happened and where to go. */
import type { JSX } from "solid-js";

export function NotFound(props: { title: string; text: string; children: JSX.Element }): JSX.Element {
  return (
    <section class="screen page">
      <div class="card">
        <h1>{props.title}</h1>
        <p>{props.text}</p>
        {props.children}
      </div>
    </section>
  );
}
