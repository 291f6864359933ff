import { describe, expect, it } from 'vitest';
import { inspectDocument } from '../inspect-document';
import { paddedPdf } from './pdf-fixtures';

describe('paddedPdf', () => {
  it.each([2_000, 100_000, 1_000_000])('makes a readable PDF of exactly %i bytes', async (size) => {
    const bytes = await paddedPdf(size);
    expect(bytes.byteLength).toBe(size);
    expect(await inspectDocument({ bytes })).toMatchObject({ type: 'ok', pages: 1, hasTextLayer: true });
  });
});
