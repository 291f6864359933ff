import { describe, expect, it } from 'vitest';
import type { GroundedFieldView } from '../grounding/grounded-field-view';
import { documentView } from './document-view';

const field = (path: string, start: number, end: number, extra: Partial<GroundedFieldView> = {}) =>
  ({
    path,
    value: path,
    status: 'grounded',
    provenance: { start, end, quote: 'q', match: 'exact' },
    weak: false,
    ...extra,
  }) as GroundedFieldView;

const documentPart = (page: string) => /<pre class="document">([\s\S]*)<\/pre>/.exec(page)?.[1];

describe('documentView', () => {
  it('escapes markup in the document and the values, inside and outside spans', () => {
    const document = '<b>A</b> & <script>x()</script>';
    const page = documentView({
      document,
      fields: [field('a', 3, 4, { value: '<img src=x onerror=alert(1)>' }), field('s', 11, 31)],
    }).value;
    expect(documentPart(page)).toBe(
      '&lt;b&gt;<mark data-fields="0">A</mark>&lt;/b&gt; &amp; <mark data-fields="1">&lt;script&gt;x()&lt;/script&gt;</mark>',
    );
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<script>x');
  });

  it('draws overlapping spans once, each piece naming its fields', () => {
    const page = documentView({ document: 'abcdefgh', fields: [field('x', 1, 5), field('y', 3, 7)] }).value;
    expect(documentPart(page)).toBe(
      'a<mark data-fields="0">bc</mark><mark data-fields="0 1">de</mark><mark data-fields="1">fg</mark>h',
    );
  });

  it('names spans with bad offsets instead of drawing them, and marks failed fields', () => {
    const page = documentView({
      document: 'short',
      fields: [
        field('past', 3, 99),
        field('reversed', 4, 2),
        field('missing', 0, 0, { provenance: undefined, status: 'not_found', weak: true }),
        field('disagrees', 0, 5, { status: 'mismatch', weak: true }),
      ],
    }).value;
    expect(page).toContain('stored offsets lie outside the document');
    expect(page).toContain('stored offsets are reversed');
    expect(page).toContain('class="field status-not_found weak"');
    expect(page).toContain('quote not found');
    expect(page).toContain('value disagrees with its quote');
    expect(documentPart(page)).toBe('<mark data-fields="3" class="weak">short</mark>');
  });

  it('shows only the first characters of a long document', () => {
    const page = documentView({ document: 'abcdefghij', fields: [field('late', 8, 9)], maxChars: 4 }).value;
    expect(documentPart(page)).toBe('abcd');
    expect(page).toContain('The first 4 of 10 characters are shown.');
    expect(page).toContain('span at 8 is past the part shown');
  });
});
