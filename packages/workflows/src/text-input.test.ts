import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_TEXT_LENGTH, TextInput, textInput } from './text-input';

describe('textInput', () => {
  it('defaults to 200,000 characters', () => {
    expect(DEFAULT_MAX_TEXT_LENGTH).toBe(200_000);
    expect(TextInput.safeParse({ text: 'x'.repeat(DEFAULT_MAX_TEXT_LENGTH + 1) }).success).toBe(false);
  });

  it('takes another limit and names it in the error', () => {
    const schema = textInput({ maxLength: 1_500 });
    expect(schema.safeParse({ text: 'x'.repeat(1_500) }).success).toBe(true);
    expect(schema.safeParse({ text: 'x'.repeat(1_501) }).error?.issues[0]?.message).toBe(
      'text must be at most 1,500 characters',
    );
  });

  it('takes a document instead of (or beside) the text, and still names missing text', () => {
    const document = {
      mediaType: 'application/pdf',
      source: { type: 'blob', key: `sha256:${'c'.repeat(64)}` },
    } as const;
    expect(TextInput.parse({ document })).toEqual({ document });
    expect(TextInput.parse({ text: 'Invoice 7', document })).toEqual({ text: 'Invoice 7', document });
    expect(TextInput.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual([
      'text must be a string',
    ]);
    expect(
      TextInput.safeParse({ document: { ...document, mediaType: 'image/tiff' } }).error?.issues.map(
        (issue) => `${issue.path.join('.')}: ${issue.message}`,
      ),
    ).toEqual([
      'document.mediaType: must be one of application/pdf, image/png, image/jpeg, image/webp, image/gif',
    ]);
  });
});
