import { z } from 'zod';

/** Longest document a text workflow accepts unless told otherwise. */
export const DEFAULT_MAX_TEXT_LENGTH = 200_000;

/**
 * The input schema shared by the text workflows: `{ text }`, 1 to `maxLength` characters.
 * @param options.maxLength - longest accepted text (default {@link DEFAULT_MAX_TEXT_LENGTH})
 */
export function textInput(options: { maxLength?: number } = {}) {
  const maxLength = options.maxLength ?? DEFAULT_MAX_TEXT_LENGTH;
  return z.object({
    text: z
      .string({ error: 'text must be a string' })
      .min(1, { error: 'text must not be empty' })
      .max(maxLength, { error: `text must be at most ${maxLength.toLocaleString('en-US')} characters` }),
  });
}

/** `{ text }` with the default length limit. */
export const TextInput = textInput();
export type TextInput = z.infer<typeof TextInput>;
