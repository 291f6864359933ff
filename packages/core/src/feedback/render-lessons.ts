import type { Lesson } from '../history/lesson';
import { cut } from '../issues/excerpt';

/**
 * One compact block listing frequent recent mistakes of this workflow, most frequent first as
 * given, one line each (signature and example message). Empty string when there are none.
 */
export function renderLessons(lessons: readonly Lesson[]): string {
  if (lessons.length === 0) return '';
  return [
    'Mistakes often made on earlier documents of this kind; avoid them:',
    ...lessons.map((lesson) => `- ${lesson.signature}: ${cut(lesson.example, 160)}`),
  ].join('\n');
}
