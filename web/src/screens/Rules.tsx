/** Rules, strategy tips and common questions, one tab per game. */
import { boardView } from "../../../core/games/index.js";
import { For, Show, type JSX } from "solid-js";
import { Board } from "../components/Board.js";
import { lessonById } from "../content/lessons.js";
import { tryLesson } from "../state/createLesson.js";
import { useSettings } from "../state/createSettings.js";
import { Icon } from "../components/Icon.js";
import { FAMILIES, FAMILY_NAMES, type Family } from "../content/games.js";
import { GUIDES } from "../content/rules.js";
import { useRouter } from "../state/createRouter.js";

export function RulesScreen(props: { family: string | null }): JSX.Element {
  const [, router] = useRouter();
  const fam = (): Family =>
    (FAMILIES as readonly string[]).includes(props.family ?? "") ? (props.family as Family) : "togyz";
  const guide = () => GUIDES[fam()];
  return (
    <section class="screen page rules" aria-labelledby="rules-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label="Back">
          <Icon name="back" />
        </button>
        <h1 id="rules-title">Rules</h1>
      </header>
      <div class="tabs" role="tablist" aria-label="Game">
        <For each={FAMILIES}>
          {(f) => (
            <button
              type="button"
              role="tab"
              class="tab"
              aria-selected={fam() === f}
              onClick={() => router.go("rules", f, true)}
            >
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
                <ul>
                  <For each={s.items}>{(i) => <li>{i}</li>}</For>
                </ul>
              </Show>
              <Show when={s.qa}>
                {(qa) => (
                  <dl class="qa">
                    <For each={qa()}>
                      {([q, a]) => (
                        <>
                          <dt>{q}</dt>
                          <dd>{a}</dd>
                        </>
                      )}
                    </For>
                  </dl>
                )}
              </Show>
            </section>
          )}
        </For>
        <Show when={fam() === "ayo"}>
          <CaptureDiagram />
        </Show>
        <div class="row">
          <button type="button" class="btn primary" onClick={() => router.go("lessons")}>
            Try the lessons
          </button>
        </div>
      </article>
    </section>
  );
}

/** Ayo's seven-seed capture after the move: pit 6 sown into 7–9, the last seed in pit 9, 7 taken. */
function CaptureDiagram(): JSX.Element {
  const [settings] = useSettings();
  const lesson = lessonById("ayo-capture-seven");
  if (lesson === undefined) return null;
  const { tried } = tryLesson(lesson);
  const before = boardView(tried.before);
  return (
    <details class="diagram">
      <summary>See the capture diagram</summary>
      <p>
        Before: pit 6 holds {before.board[5]}; pits 7, 8, 9 hold {before.board[6]}, {before.board[7]}, {before.board[8]}
        . Sowing makes them 2, 3, 2; the last seed (dotted ring) lands in pit 9, and the capture walks back through 8
        and 7: seven seeds.
      </p>
      <div class="board-area">
        <Board
          engine={tried.before.engine}
          bottom={0}
          display={boardView(tried.after)}
          legal={[]}
          lastFrom={5}
          preview={{ from: 5, to: 8 }}
          hint={null}
          hand={null}
          flights={[]}
          glow={0}
          names={["Player one", "Player two"]}
          counters={settings.counters}
          holeSize="small"
          handStyle="off"
          onPick={() => undefined}
          onPreview={() => undefined}
        />
      </div>
      <p class="note">
        Pit 6 continues to pit 7; pit 12 wraps round to pit 1. Player one sows left to right along the bottom, player
        two right to left along the top.
      </p>
    </details>
  );
}
