/** A Claude model id: `claude-<family>-<major>[-<minor>][-<snapshot date>]`. */
const CLAUDE_ID = /^claude-([a-z]+)-(\d+)(?:-(\d{1,2}))?(?:[-@]\d{8})?$/;

/**
 * The rate-limit budget a model draws from. The API limits each model class separately: its
 * rate-limit page (https://platform.claude.com/docs/en/api/rate-limits, checked 2026-11-24) names
 * one limit shared by every Opus 4.x model and one by every Sonnet 4.x model, and a limit of its own
 * for Haiku 4.5. Assumed here for every generation: the models of one family and major version
 * share a class (`opus-4.x`, `sonnet-5.x`), except Haiku, whose models have one each (`haiku-4-5`).
 * An id of another shape is its own class (lower-cased, at most 64 characters).
 */
export function rateLimitClassOf(model: string): string {
  const match = CLAUDE_ID.exec(model);
  if (!match) return model.toLowerCase().slice(0, 64);
  const [, family, major, minor] = match;
  if (family === 'haiku') return minor === undefined ? `haiku-${major}` : `haiku-${major}-${minor}`;
  return `${family}-${major}.x`;
}
