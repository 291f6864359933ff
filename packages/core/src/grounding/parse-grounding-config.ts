import { formatPath } from '../issues/issue-signature';
import { GroundingConfig, GroundingConfigObject, type GroundingSetting } from './grounding-config';
import { GroundingConfigError } from './grounding-config-error';

/**
 * Parses a workflow's grounding setting (`undefined` means off).
 *
 * @throws GroundingConfigError naming every bad value.
 */
export function parseGroundingConfig(setting: GroundingSetting | undefined): GroundingConfig {
  const value: unknown = setting ?? 'off';
  // The object form is parsed on its own so that its problems are named, not hidden in a union error.
  const schema = typeof value === 'object' && value !== null ? GroundingConfigObject : GroundingConfig;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const where = issue.path.length === 0 ? 'grounding' : `grounding.${formatPath(issue.path)}`;
    const message =
      issue.code === 'invalid_union'
        ? "expected 'off', 'check', 'require' or { mode, fields }"
        : issue.message;
    return `${where}: ${message}`;
  });
  throw new GroundingConfigError({ problems, cause: parsed.error });
}
