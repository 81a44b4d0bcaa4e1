/** Rules, strategy tips and common questions, one tab per game. */
import { For, Show, type JSX } from "solid-js";
import { Icon } from "../components/Icon.js";
import { FAMILIES, FAMILY_NAMES, type Family } from "../content/games.js";
import { GUIDES } from "../content/rules.js";
import { useRouter } from "../state/createRouter.js";

export function RulesScreen(props: { family: string | null }): JSX.Element {
  const [, router] = useRouter();
  const fam = (): Family => ((FAMILIES as readonly string[]).includes(props.family ?? "") ? (props.family as Family) : "togyz");
  const guide = () => GUIDES[fam()];
  return (
    <section class="screen page rules" aria-labelledby="rules-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label="Back"><Icon name="back" /></button>
        <h1 id="rules-title">Rules</h1>
      </header>
      <div class="tabs" role="tablist" aria-label="Game">
        <For each={FAMILIES}>
          {(f) => (
            <button type="button" role="tab" class="tab" aria-selected={fam() === f} onClick={() => router.go("rules", f, true)}>
              {FAMILY_NAMES[f]}
            </button>
          )}
        </For>
      </div>
      <article class="card guide" role="tabpanel" aria-label={guide().title}>
        <h2>{guide().title}</h2>
        <p class="intro">{guide().intro}</p>
        <For each={guide().sections}>
          {(s) => (
            <section>
              <h3>{s.heading}</h3>
              <Show when={s.items.length > 0}>
                <ul><For each={s.items}>{(i) => <li>{i}</li>}</For></ul>
              </Show>
              <Show when={s.qa}>
                {(qa) => (
                  <dl class="qa">
                    <For each={qa()}>{([q, a]) => (<><dt>{q}</dt><dd>{a}</dd></>)}</For>
                  </dl>
                )}
              </Show>
            </section>
          )}
        </For>
        <div class="row">
          <button type="button" class="btn primary" onClick={() => router.go("lessons")}>Try the lessons</button>
        </div>
      </article>
    </section>
  );
}
