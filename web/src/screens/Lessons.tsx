/** Lessons: predict the result, then tap, then read the worked answer. Nothing is saved or ranked. */
import { For, onCleanup, Show, type JSX } from "solid-js";
import { Board } from "../components/Board.js";
import { BoardLayout } from "../components/BoardLayout.js";
import { Icon } from "../components/Icon.js";
import { FAMILIES, FAMILY_NAMES, GAME_NAMES } from "../content/games.js";
import { LESSONS, lessonById, type Lesson } from "../content/lessons.js";
import { createLesson } from "../state/createLesson.js";
import { useRouter } from "../state/createRouter.js";
import { useSettings } from "../state/createSettings.js";
import { useServices } from "../state/services.js";
import type { Seat } from "../../../core/types.js";

export function LessonsScreen(props: { lesson: string | null }): JSX.Element {
  const [, router] = useRouter();
  return (
    <section class="screen page lessons" aria-labelledby="lessons-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label="Back">
          <Icon name="back" />
        </button>
        <h1 id="lessons-title">Lessons</h1>
      </header>
      <Show when={lessonById(props.lesson)} keyed fallback={<LessonList />}>
        {(l) => <LessonView lesson={l} />}
      </Show>
    </section>
  );
}

function LessonList(): JSX.Element {
  const [, router] = useRouter();
  return (
    <>
      <p class="intro">
        Choose a lesson, predict what the move will do, then tap the pit. Same rules as the game; nothing is saved or
        ranked.
      </p>
      <For each={FAMILIES}>
        {(f) => (
          <div class="card">
            <h2>{FAMILY_NAMES[f]}</h2>
            <ul class="lesson-list">
              <For each={LESSONS.filter((l) => l.family === f)}>
                {(l) => (
                  <li>
                    <button type="button" class="menu-item" onClick={() => router.go("lessons", l.id)}>
                      <span class="menu-label">{l.title}</span>
                      <span class="menu-sub">{GAME_NAMES[l.game]}</span>
                    </button>
                  </li>
                )}
              </For>
            </ul>
          </div>
        )}
      </For>
    </>
  );
}

function LessonView(props: { lesson: Lesson }): JSX.Element {
  const [, router] = useRouter();
  const [settings] = useSettings();
  const { sound } = useServices();
  const [s, act] = createLesson(
    props.lesson,
    () => settings.speed,
    (c, n) => sound.play(c, n),
  );
  onCleanup(() => act.dispose());
  const mover = (): Seat => act.mover();
  const names = (): readonly [string, string] => (mover() === 0 ? ["You", "Opponent"] : ["Opponent", "You"]);
  const index = (): number => LESSONS.findIndex((l) => l.id === props.lesson.id);
  const next = (): Lesson | undefined => LESSONS[index() + 1];
  const pitName = (pit: number): string => {
    const e = act.state().engine;
    return e.game === "ayo" ? `pit ${pit + 1}` : `${e.game === "togyz" ? "pit" : "hole"} ${(pit % (e.pits / 2)) + 1}`;
  };
  const retry = (): void => {
    const p = s.prediction;
    act.reset();
    if (p !== null) act.predict(p);
  };
  return (
    <div class="lesson" data-testid="lesson">
      <div class="card lesson-task" data-testid="lesson-task">
        <h2>{props.lesson.title}</h2>
        <p class="lesson-prompt">{props.lesson.prompt}</p>
        <Show when={s.step === "predict"}>
          <fieldset class="choice" data-testid="lesson-question">
            <legend>{props.lesson.question}</legend>
            <div class="chips">
              <For each={props.lesson.choices}>
                {(c) => (
                  <button type="button" class="chip" onClick={() => act.predict(c)}>
                    {c}
                  </button>
                )}
              </For>
            </div>
          </fieldset>
        </Show>
        <Show when={s.step === "try"}>
          <p role="status">
            Your prediction: <strong>{s.prediction}</strong>. Now tap {pitName(s.target)} (it pulses) and watch.
          </p>
        </Show>
        <Show when={s.step === "done" && s.solved}>
          <div role="status" data-testid="lesson-result" class={s.prediction === s.truth ? "good" : "bad"}>
            <p class="verdict">
              {s.prediction === s.truth ? "Right! " : "Not quite. "}
              You said <strong>{s.prediction}</strong>; the answer is <strong>{s.truth}</strong>.
            </p>
            <p>{props.lesson.answer}</p>
          </div>
          <div class="row">
            <button type="button" class="btn" onClick={() => act.reset()}>
              Try again
            </button>
            <Show
              when={next()}
              fallback={
                <button type="button" class="btn primary" onClick={() => router.go("lessons", null, true)}>
                  All lessons
                </button>
              }
            >
              {(n) => (
                <button type="button" class="btn primary" onClick={() => router.go("lessons", n().id, true)}>
                  Next lesson
                </button>
              )}
            </Show>
          </div>
        </Show>
        <Show when={s.step === "done" && !s.solved && s.triedOther !== null}>
          <p role="status">
            That was {pitName(s.triedOther as number)}. This lesson is about {pitName(s.target)}.
          </p>
          <button type="button" class="btn primary" onClick={retry}>
            Set the board back
          </button>
        </Show>
      </div>
      <BoardLayout
        board={
          <>
            <Board
              engine={act.state().engine}
              bottom={mover()}
              display={s.display}
              legal={s.legal}
              lastFrom={s.lastFrom}
              preview={s.preview}
              hint={null}
              hand={s.hand}
              flights={s.flights}
              glow={null}
              names={names()}
              counters={settings.counters}
              holeSize={settings.holeSize}
              handStyle={settings.hand}
              target={s.step === "try" ? s.target : null}
              onPick={(p) => act.pick(p)}
              onPreview={(p) => act.previewAt(p)}
            />
            <Show when={s.announce}>
              {(a) => (
                <div class="announce bottom" role="alert">
                  {a()}
                </div>
              )}
            </Show>
          </>
        }
      />
      <Show when={!s.solved}>
        <details class="worked card">
          <summary>Read the worked answer</summary>
          <p>{props.lesson.answer}</p>
        </details>
      </Show>
    </div>
  );
}
