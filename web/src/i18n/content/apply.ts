/**
 * Laying a content translation over the English guide and lessons: the parts it translates are shown
 * in its words, the rest stays as it is (English, or the rules overlay's words).
 */
import type { Family } from "../../content/families.js";
import type { Lesson } from "../../content/lessons.js";
import { playingItems, type GameGuide, type Section } from "../../content/rules.js";
import type { ContentTranslation, GameContent, LessonWords } from "./types.js";

function gameContent(c: ContentTranslation | undefined, f: Family): GameContent<Family> | undefined {
  return c?.games[f] as GameContent<Family> | undefined;
}

/**
 * The guide with the translated tips, questions and general sections in place; `levels` are the
 * level sentences in the same language (the catalogue's, i18n/levels.ts).
 */
export function withContent(
  guide: GameGuide,
  family: Family,
  c: ContentTranslation | undefined,
  levels?: readonly string[],
): GameGuide {
  if (c === undefined) return guide;
  const g = c.games[family] as GameContent<Family>;
  return {
    ...guide,
    sections: guide.sections.map((s): Section => {
      switch (s.part) {
        case "tips":
          return { ...s, heading: g.tipsHeading, items: g.tips };
        case "faq":
          return { ...s, heading: g.faqHeading, qa: g.faq };
        case "playing":
          return {
            ...s,
            heading: c.general.playingHeading,
            items: playingItems(c.general.playing, g.playing, g.keyboard),
          };
        case "levels":
          return { ...s, heading: c.general.levelsHeading, items: levels ?? s.items };
        default:
          return s;
      }
    }),
  };
}

/** A lesson's words in the translation, or the lesson as written when it has none. */
export function lessonWords(
  lesson: Lesson,
  c: ContentTranslation | undefined,
): LessonWords<readonly string[]> | undefined {
  const lessons = gameContent(c, lesson.family)?.lessons as
    Readonly<Record<string, LessonWords<readonly string[]>>> | undefined;
  return lessons?.[lesson.id];
}

/**
 * The lesson in the translation's words: the same position, move and claims, so the engine still
 * decides which (translated) choice is true.
 */
export function translatedLesson(lesson: Lesson, c: ContentTranslation | undefined): Lesson {
  const w = lessonWords(lesson, c);
  if (w === undefined) return lesson;
  return {
    ...lesson,
    title: w.title,
    prompt: w.prompt,
    question: w.question,
    answer: w.answer,
    choices: lesson.choices.map((ch, i) => ({ ...ch, text: w.choices[i] ?? ch.text })),
  };
}
