/** Rules, strategy tips and common questions, one tab per game. */
import { boardView } from "../../../core/games/index.js";
import { createResource, For, Show, type JSX } from "solid-js";
import { Board } from "../components/Board.js";
import { lessonById, outcomeOf } from "../content/lessons.js";
import { fill } from "../content/text.js";
import { lastLanding } from "../present/moves.js";
import { sownDisplay, tryLesson } from "../state/createLesson.js";
import { useSettings } from "../state/createSettings.js";
import { Icon } from "../components/Icon.js";
import { FAMILIES, FAMILY_NAMES, type Family } from "../content/games.js";
import { CAPTURE_DIAGRAM, GUIDES } from "../content/rules.js";
import { useRouter } from "../state/createRouter.js";
import { locale, t } from "../i18n/i18n.js";
import { overlaid, RULES_LOADERS } from "../i18n/rules/overlay.js";
import { withContent } from "../i18n/content/apply.js";
import { loadContent } from "../i18n/content/load.js";
import type { DiagramWords } from "../i18n/content/types.js";
import { levelSentence } from "../i18n/levels.js";
import { LEVEL_IDS } from "../present/levels.js";

export function RulesScreen(props: { family: string | null }): JSX.Element {
  const [, router] = useRouter();
  const fam = (): Family =>
    (FAMILIES as readonly string[]).includes(props.family ?? "") ? (props.family as Family) : "togyz";
  // The rules in the chosen language (English, the source, has no overlay).
  const [local] = createResource(locale, (l) => RULES_LOADERS[l]?.().catch(() => undefined));
  // Tips, questions and the general sections in the chosen language's content translation.
  const [content] = createResource(locale, loadContent);
  const guide = () =>
    withContent(
      overlaid(GUIDES[fam()], local()?.guides[fam()]),
      fam(),
      content(),
      LEVEL_IDS.map((l) => levelSentence(fam(), l)),
    );
  return (
    <section class="screen page rules" aria-labelledby="rules-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="rules-title">{t("screen.rules")}</h1>
      </header>
      <div class="tabs" role="tablist" aria-label={t("new.gameGroup")}>
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
      <div role="tabpanel" aria-label={FAMILY_NAMES[fam()]}>
        <article class="card guide">
          <h2>{FAMILY_NAMES[fam()]}</h2>
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
            <CaptureDiagram words={content()?.captureDiagram ?? CAPTURE_DIAGRAM} />
          </Show>
          <div class="row">
            <button type="button" class="btn primary" onClick={() => router.go("lessons")}>
              {t("rules.tryLessons")}
            </button>
          </div>
        </article>
      </div>
    </section>
  );
}

/** Ayo's seven-seed capture: pit 6 sown into 7–9, the last seed in pit 9, then 7 captured. */
function CaptureDiagram(props: { words: DiagramWords }): JSX.Element {
  const [settings] = useSettings();
  const lesson = lessonById("ayo-capture-seven");
  if (lesson === undefined) return null;
  const { tried } = tryLesson(lesson);
  const before = boardView(tried.before);
  const sown = sownDisplay(tried);
  const from = tried.before.engine.moveToPit(tried.mover, lesson.move);
  const last = lastLanding(tried.trace);
  return (
    <details class="diagram" data-testid="capture-diagram">
      <summary>{props.words.summary}</summary>
      <p>
        {fill(props.words.before, {
          from: before.board[5],
          a: before.board[6],
          b: before.board[7],
          c: before.board[8],
        })}
      </p>
      <p>
        {fill(props.words.sown, {
          a: sown.board[6],
          b: sown.board[7],
          c: sown.board[8],
          captured: outcomeOf(tried).captured,
        })}
      </p>
      <p class="board-caption">{props.words.top}</p>
      <div class="board-area">
        <Board
          engine={tried.before.engine}
          bottom={0}
          display={sown}
          legal={[]}
          lastFrom={from}
          preview={{ from, to: last }}
          hint={null}
          hand={null}
          flights={[]}
          glow={null}
          names={[t("rules.playerOne"), t("rules.playerTwo")]}
          counters={settings.counters}
          holeSize="small"
          handStyle="off"
          onPick={() => undefined}
          onPreview={() => undefined}
        />
      </div>
      <p class="board-caption">{props.words.bottom}</p>
      <p class="note">{props.words.note}</p>
    </details>
  );
}
