import { describe, expect, it } from 'vitest';
import { decodedBase64Bytes } from './inline-document-bytes';
import { inlineDocumentProblem } from './inline-document-problem';
import { JobDocument } from './job-document';

const key = `sha256:${'0f'.repeat(32)}`;
const problems = (value: unknown) =>
  JobDocument.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ??
  [];

describe('JobDocument', () => {
  it('takes a PDF or an image by blob key, URL or inline base64', () => {
    for (const document of [
      { mediaType: 'application/pdf', source: { type: 'blob', key } },
      { mediaType: 'image/png', source: { type: 'url', url: 'https://files.example.com/scan.png' } },
      { mediaType: 'image/gif', source: { type: 'base64', data: 'R0lGODlh' } },
    ]) {
      expect(JobDocument.parse(document)).toEqual(document);
    }
  });

  it('row 110: a document in input.document that breaks the contract -> names each problem: media type, key form, source type, URL scheme, base64 alphabet, stray fields', () => {
    expect(problems({ mediaType: 'text/html', source: { type: 'blob', key: '../../etc/passwd' } })).toEqual([
      'mediaType: must be one of application/pdf, image/png, image/jpeg, image/webp, image/gif',
      'source.key: must be a blob key: "sha256:" and 64 lower-case hex digits',
    ]);
    expect(problems({ mediaType: 'image/png', source: { type: 'blob', key: key.toUpperCase() } })).toEqual([
      'source.key: must be a blob key: "sha256:" and 64 lower-case hex digits',
    ]);
    expect(problems({ mediaType: 'image/png', source: { type: 'path', path: '/tmp/a.png' } })).toEqual([
      'source.type: must be { type: "blob", key }, { type: "url", url } or { type: "base64", data }',
    ]);
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.pdf', 'not a url']) {
      expect(problems({ mediaType: 'application/pdf', source: { type: 'url', url } })).toEqual([
        'source.url: must be an https (or http) URL',
      ]);
    }
    expect(problems({ mediaType: 'application/pdf', source: { type: 'base64', data: 'JVBER i0=' } })).toEqual(
      ['source.data: must be standard base64 (A-Z, a-z, 0-9, +, / and = padding)'],
    );
    expect(problems({ mediaType: 'application/pdf', source: { type: 'blob', key }, pages: 3 })).toEqual([
      ': Unrecognized key: "pages"',
    ]);
    expect(problems('a.pdf')).toEqual([': must be an object { mediaType, source }']);
  });
});

describe('inlineDocumentProblem', () => {
  it('measures base64 by its decoded bytes', () => {
    for (const size of [0, 1, 2, 3, 4, 100]) {
      expect(decodedBase64Bytes(Buffer.alloc(size, 7).toString('base64'))).toBe(size);
    }
  });

  it('refuses an inline document over the cap and lets references through', () => {
    const data = Buffer.alloc(1025).toString('base64');
    const inline = JobDocument.parse({ mediaType: 'application/pdf', source: { type: 'base64', data } });
    expect(inlineDocumentProblem({ document: inline, maxBytes: 1025 })).toBeNull();
    expect(inlineDocumentProblem({ document: inline, maxBytes: 1024 })).toBe(
      'is 1025 bytes decoded; inline documents are at most 1024 (QUARRY_INLINE_DOCUMENT_MAX_BYTES): store it as a blob instead',
    );
    const blob = JobDocument.parse({ mediaType: 'application/pdf', source: { type: 'blob', key } });
    expect(inlineDocumentProblem({ document: blob, maxBytes: 1 })).toBeNull();
  });
});
