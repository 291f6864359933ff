import { JobDocument } from '@quarry/core';
import { z } from 'zod';

/** Longest document a text workflow accepts unless told otherwise. */
export const DEFAULT_MAX_TEXT_LENGTH = 200_000;

/** A UTF-16 code unit that is half of a surrogate pair without its other half. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The input schema shared by the text workflows: `{ text }`, 1 to `maxLength` characters of
 * well-formed Unicode text, or `{ document }` (a PDF or an image, see `JobDocument`), or both. Text holding a NUL character (binary data such as a PDF read as text) or
 * a lone surrogate (a string cut in the middle of a character, which has no UTF-8 encoding and so
 * cannot be sent to the model) is rejected, naming where.
 * @param options.maxLength - longest accepted text (default {@link DEFAULT_MAX_TEXT_LENGTH})
 */
export function textInput(options: { maxLength?: number } = {}) {
  const maxLength = options.maxLength ?? DEFAULT_MAX_TEXT_LENGTH;
  const text = z
    .string({ error: 'text must be a string' })
    .min(1, { error: 'text must not be empty' })
    .max(maxLength, { error: `text must be at most ${maxLength.toLocaleString('en-US')} characters` })
    .superRefine((text, context) => {
      const nul = text.indexOf('\u0000');
      if (nul >= 0) {
        context.addIssue({
          code: 'custom',
          message: `text holds a NUL character at index ${nul}: it looks like binary data (e.g. a PDF or an image read as text); extract its text first`,
        });
      }
      const lone = LONE_SURROGATE.exec(text);
      if (lone) {
        context.addIssue({
          code: 'custom',
          message: `text is not well-formed Unicode: a lone surrogate at index ${lone.index} (was it cut in the middle of a character?)`,
        });
      }
    });
  return z
    .object({ text: text.optional(), document: JobDocument.optional() })
    .superRefine((input, context) => {
      if (input.text === undefined && input.document === undefined) {
        context.addIssue({ code: 'custom', path: ['text'], message: 'text must be a string' });
      }
    });
}

/** `{ text }`, `{ document }` or both, with the default length limit. */
export const TextInput = textInput();
export type TextInput = z.infer<typeof TextInput>;
