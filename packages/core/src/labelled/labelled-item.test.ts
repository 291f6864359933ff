import { describe, expect, it } from 'vitest';
import { labelledDocumentOfInput } from './labelled-document-of-input';
import { LabelledItem } from './labelled-item';
import { LabelledSetName, reviewedSetName } from './labelled-set-name';

const blobKey = `sha256:${'c'.repeat(64)}`;

describe('LabelledItem', () => {
  it('takes a text or blob document, any JSON as expected, and defaults the tags', () => {
    expect(
      LabelledItem.parse({
        id: 'a',
        document: { kind: 'text', text: 't' },
        expected: [1, 'x', null, { y: true }],
      }),
    ).toEqual({
      id: 'a',
      document: { kind: 'text', text: 't' },
      expected: [1, 'x', null, { y: true }],
      tags: [],
    });
    const blob = { kind: 'blob', key: blobKey, mediaType: 'image/png', name: 'scan.png' };
    expect(LabelledItem.parse({ id: 'b', document: blob, expected: {} }).document).toEqual(blob);
  });

  it('refuses what JSON cannot hold and values nested too deep', () => {
    const problems = (expected: unknown) =>
      LabelledItem.safeParse({ id: 'a', document: { kind: 'text', text: 't' }, expected }).error?.issues.map(
        (issue) => issue.message,
      );
    expect(problems(undefined)).toEqual([expect.stringMatching(/^must be a JSON value/)]);
    expect(problems({ a: Number.POSITIVE_INFINITY })).toEqual([
      'must be a JSON value (numbers must be finite)',
    ]);
    expect(problems(new Map())).toEqual(['must be a JSON value (plain objects only)']);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(problems(deep)).toEqual(['must be nested at most 512 levels deep']);
  });
});

describe('LabelledSetName', () => {
  it('takes 1-64 letters, digits, "-", "_" and "."', () => {
    for (const name of ['a', 'reviewed-invoice', 'Set_2025.v1', 'x'.repeat(64)]) {
      expect(LabelledSetName.safeParse(name).success).toBe(true);
    }
    for (const name of ['', 'x'.repeat(65), '../x', 'a/b', 'a b', 'a:b', '{a}', 'é', 'a\n']) {
      expect(LabelledSetName.safeParse(name).success).toBe(false);
    }
    expect(reviewedSetName('invoice')).toBe('reviewed-invoice');
  });
});

describe('labelledDocumentOfInput', () => {
  it('keeps a blob document by key, else the text, and says why it keeps nothing else', () => {
    const document = (source: unknown) => ({
      document: { mediaType: 'application/pdf', source },
      text: 'ignored',
    });
    expect(labelledDocumentOfInput(document({ type: 'blob', key: blobKey }))).toEqual({
      type: 'document',
      document: { kind: 'blob', key: blobKey, mediaType: 'application/pdf' },
    });
    expect(labelledDocumentOfInput({ text: 'hello' })).toEqual({
      type: 'document',
      document: { kind: 'text', text: 'hello' },
    });
    expect(
      labelledDocumentOfInput(document({ type: 'url', url: 'https://example.com/a.pdf' })),
    ).toMatchObject({
      type: 'unsupported',
      problem: expect.stringContaining('URL'),
    });
    expect(labelledDocumentOfInput(document({ type: 'base64', data: 'AAAA' }))).toMatchObject({
      type: 'unsupported',
      problem: expect.stringContaining('base64'),
    });
    expect(labelledDocumentOfInput(document({ type: 'blob', key: '../etc' }))).toEqual({
      type: 'unsupported',
      problem: "the job's document is unreadable",
    });
    for (const input of [null, 'text', [], { text: 3 }]) {
      expect(labelledDocumentOfInput(input)).toEqual({
        type: 'unsupported',
        problem: "the job's input holds neither a text nor a document",
      });
    }
  });
});
