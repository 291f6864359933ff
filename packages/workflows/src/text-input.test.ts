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
});
