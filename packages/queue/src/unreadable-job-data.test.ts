import { terminalText } from '@quarry/env';
import { describe, expect, it } from 'vitest';
import { UNREADABLE_TEXT_BYTES, UnreadableJobData } from './unreadable-job-data';

describe('UnreadableJobData.fromHash', () => {
  it('is null when every JSON field of the hash reads', () => {
    expect(
      UnreadableJobData.fromHash({ name: 'extract', data: '{"a":1}', opts: '{}', progress: '0' }),
    ).toBeNull();
    expect(UnreadableJobData.fromHash({ name: 'extract', data: '', opts: '' })).toBeNull();
  });

  it('names the field, where its JSON breaks and its size, and keeps its text', () => {
    const data = UnreadableJobData.fromHash({ data: 'not json {', opts: '{"attempts":5}' });
    expect(data).toEqual(
      new UnreadableJobData({
        unreadable: [
          {
            field: 'data',
            problem: "not valid JSON: expected a value but found 'n' at line 1, column 1",
            bytes: 10,
            text: 'not json {',
            truncated: false,
          },
        ],
      }),
    );
    expect(JSON.parse(JSON.stringify(data))).toEqual({ unreadable: data?.unreadable });
    expect(UnreadableJobData.fromHash({ data: '{"a":' })?.unreadable[0]?.problem).toBe(
      'not valid JSON: expected a value but found the end of the text at line 1, column 6',
    );
  });

  it('keeps the data when only the options are broken, and wants options to be an object', () => {
    const data = UnreadableJobData.fromHash({ data: '{"workflow":"invoice"}', opts: '[1, 2]' });
    expect(data?.data).toEqual({ workflow: 'invoice' });
    expect(data?.unreadable.map((entry) => [entry.field, entry.problem])).toEqual([
      ['opts', 'not a JSON object'],
    ]);
    expect(UnreadableJobData.fromHash({ data: '{}', opts: 'null' })?.unreadable[0]?.field).toBe('opts');
    expect(UnreadableJobData.fromHash({ data: '{}', progress: '{' })?.unreadable[0]?.field).toBe('progress');
  });

  it('keeps only the first 2 KiB of a large field, cut between characters', () => {
    const raw = `<${'€'.repeat(5000)}`;
    const [entry] = UnreadableJobData.fromHash({ data: raw })?.unreadable ?? [];
    expect(entry).toMatchObject({ bytes: 1 + 3 * 5000, truncated: true });
    expect(Buffer.byteLength(entry?.text ?? '')).toBeLessThanOrEqual(UNREADABLE_TEXT_BYTES);
    expect(Buffer.byteLength(entry?.text ?? '')).toBeGreaterThan(UNREADABLE_TEXT_BYTES - 3);
    expect(raw.startsWith(entry?.text ?? 'x')).toBe(true);
  });

  it('writes control characters of the text and of the problem as escapes', () => {
    const [entry] = UnreadableJobData.fromHash({ data: '\u001b[2J\r\u202eevil\u0007' })?.unreadable ?? [];
    expect(entry?.text).toBe('\\u001b[2J\\u000d\\u202eevil\\u0007');
    expect(entry?.problem).toBe('not valid JSON: expected a value but found "\\u001b" at line 1, column 1');
    expect(terminalText('tab\tand\nnewline stay; \u0085 and \u009b go', { multiline: true })).toBe(
      'tab\tand\nnewline stay; \\u0085 and \\u009b go',
    );
  });

  it('describes the problem without the text', () => {
    const data = UnreadableJobData.fromHash({ data: 'Vault combination PLUTO-7731 {' });
    expect(data?.describe()).toBe(
      "The stored job cannot be read: data: not valid JSON: expected a value but found 'V' at line 1, column 1 (30 bytes). The first 2048 bytes of each are kept as text in the record's input",
    );
  });
});
