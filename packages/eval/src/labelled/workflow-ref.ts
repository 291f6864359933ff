import { z } from 'zod';

/** `name` or `name@version` (`@v2` too): a workflow name's rule, a version of 1 to 7 digits. */
const WORKFLOW_ID = /^([a-z][a-z0-9-]{0,63})(?:@v?([1-9]\d{0,6}))?$/;

/** A workflow by name, and by version when one is named (else the latest). */
export const WorkflowRef = z.object({
  name: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/),
  version: z.int().min(1).optional(),
});
export type WorkflowRef = z.infer<typeof WorkflowRef>;

/**
 * Reads `name` or `name@version` (`invoice`, `invoice@2`, `invoice@v2`) as a {@link WorkflowRef};
 * null when the text is neither (names are lower-case letters, digits and dashes, starting with a
 * letter, at most 64 characters).
 */
export function parseWorkflowRef(text: string): WorkflowRef | null {
  const match = WORKFLOW_ID.exec(text);
  if (!match) return null;
  const [, name = '', version] = match;
  return version === undefined ? { name } : { name, version: Number(version) };
}
