/** Lessons: predict the result, then tap, then read the worked answer. Nothing is saved or ranked. */
import { createResource, For, onCleanup, Show, type JSX } from "solid-js";
import { Board } from "../components/Board.js";
import { BoardLayout } from "../components/BoardLayout.js";
import { Icon } from "../components/Icon.js";
import { FAMILIES, FAMILY_NAMES, GAME_NAMES, familyOf } from "../content/games.js";
import { LESSONS, lessonById, type Lesson } from "../content/lessons.js";
import { t } from "../i18n/i18n.js";
import { createLesson } from "../state/createLesson.js";
import { translatedLesson } from "../i18n/content/apply.js";
import { loadContent } from "../i18n/content/load.js";
import { locale } from "../i18n/i18n.js";
import { useRouter } from "../state/createRouter.js";
import { useSettings } from "../state/createSettings.js";
import { useServices } from "../state/services.js";
import type { Seat } from "../../../core/types.js";

export function LessonsScreen(props: { lesson: string | null }): JSX.Element {
  const [, router] = useRouter();
  // The lessons' words in the chosen language where its community's game has them, English otherwise.
  const [content] = createResource(locale, loadContent);
  const local = (l: Lesson | undefined): Lesson | undefined => l && translatedLesson(l, content());
  return (
    <section class="screen page lessons" aria-labelledby="lessons-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="lessons-title">{t("screen.lessons")}</h1>
      </header>
      <Show when={local(lessonById(props.lesson))} keyed fallback={<LessonList local={local} />}>
        {(l) => <LessonView lesson={l} />}
      </Show>
    </section>
  );
}

function LessonList(props: { local: (l: Lesson) => Lesson | undefined }): JSX.Element {
  const [, router] = useRouter();
  return (
    <>
      <h2 class="lessons-heading">{t("lessons.heading")}</h2>
      <p class="intro">{t("lessons.intro")}</p>
      <For each={FAMILIES}>
        {(f) => (
          <div class="card">
            <h2>{FAMILY_NAMES[f]}</h2>
            <ul class="lesson-list">
              <For each={LESSONS.filter((l) => l.family === f)}>
                {(l) => (
                  <li>
                    <button type="button" class="menu-item" onClick={() => router.go("lessons", l.id)}>
                      <span class="menu-label">{props.local(l)?.title}</span>
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
  const names = (): readonly [string, string] =>
    mover() === 0 ? [t("common.you"), t("lessons.opponent")] : [t("lessons.opponent"), t("common.you")];
  const index = (): number => LESSONS.findIndex((l) => l.id === props.lesson.id);
  const next = (): Lesson | undefined => LESSONS[index() + 1];
  /** A pit as the lesson text names it: docs/rules.md numbering, own side or the opponent's. */
  const pitName = (pit: number): string => {
    const e = act.state().engine;
    const half = e.pits / 2;
    const own = Math.floor(pit / half) === mover();
    const n = e.game === "ayo" ? pit + 1 : (pit % half) + 1;
    const family = familyOf(e.game);
    const kind = family === "ayo" ? "ayo" : `${family}${own ? "Own" : "Theirs"}`;
    return t("lessons.pit", { kind, n });
  };
  /** Ayo's captions: each row's pits and direction, the mover's side and the scores before the move. */
  const ayo = (): { top: string; bottom: string; side: string } | null => {
    const st = act.state();
    if (st.engine.game !== "ayo") return null;
    const me = mover();
    const [from, to] = me === 0 ? [1, 6] : [7, 12];
    const [oFrom, oTo] = me === 0 ? [7, 12] : [1, 6];
    const stores = props.lesson.position.stores ?? [0, 0];
    return {
      top: t("lessons.ayoTop", { from: oFrom, to: oTo }),
      bottom: t("lessons.ayoBottom", { from, to }),
      side: t("lessons.ayoSide", { from, to, mine: stores[me], theirs: stores[1 - me] }),
    };
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
                  <button type="button" class="chip" onClick={() => act.predict(c.text)}>
                    {c.text}
                  </button>
                )}
              </For>
            </div>
          </fieldset>
        </Show>
        <Show when={s.step === "try"}>
          <p role="status" data-testid="lesson-tap">
            {s.triedOther === null
              ? t("lessons.tap", { prediction: s.prediction ?? "", target: pitName(s.target) })
              : t("lessons.notThat", { other: pitName(s.triedOther), target: pitName(s.target) })}
          </p>
        </Show>
        <Show when={s.step === "done" && s.solved}>
          <div role="status" data-testid="lesson-result" class={s.prediction === s.truth ? "good" : "bad"}>
            <p class="verdict">
              <strong>{s.prediction === s.truth ? t("lessons.right") : t("lessons.notQuite")}</strong>{" "}
              {t("lessons.verdict", { prediction: s.prediction ?? "", truth: s.truth ?? "" })}
            </p>
            <p>{props.lesson.answer}</p>
          </div>
          <div class="row">
            <button type="button" class="btn" onClick={() => act.reset()}>
              {t("common.tryAgain")}
            </button>
            <Show
              when={next()}
              fallback={
                <button type="button" class="btn primary" onClick={() => router.go("lessons", null, true)}>
                  {t("lessons.all")}
                </button>
              }
            >
              {(n) => (
                <button type="button" class="btn primary" onClick={() => router.go("lessons", n().id, true)}>
                  {t("lessons.next")}
                </button>
              )}
            </Show>
          </div>
        </Show>
      </div>
      <Show when={ayo()}>{(a) => <p class="board-caption">{a().top}</p>}</Show>
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
              targetLabel={t("lessons.targetLabel")}
              numbered
              onPick={(p) => act.pick(p)}
              onOther={(p) => act.pick(p)}
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
      <Show when={ayo()}>
        {(a) => (
          <>
            <p class="board-caption">{a().bottom}</p>
            <p class="board-caption note">{a().side}</p>
          </>
        )}
      </Show>
      <Show when={!s.solved}>
        <details class="worked card">
          <summary>{t("lessons.worked")}</summary>
          <p>{props.lesson.answer}</p>
        </details>
      </Show>
    </div>
  );
}
