import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi-document';

// biome-ignore lint/suspicious/noExplicitAny: the test walks the document's JSON freely
const doc = openApiDocument() as any;

describe('openApiDocument', () => {
  it('documents the headers POST /v1/jobs reads: Idempotency-Key, traceparent, tracestate', () => {
    const names = doc.paths['/v1/jobs'].post.parameters.map((p: { name: string; in: string }) => [
      p.name,
      p.in,
    ]);
    expect(names).toEqual([
      ['Idempotency-Key', 'header'],
      ['traceparent', 'header'],
      ['tracestate', 'header'],
    ]);
  });

  it('offers the job contract without the fields only workers and replays set', () => {
    const properties = Object.keys(doc.components.schemas.JobData.properties);
    expect(properties).toContain('trace');
    expect(properties).not.toContain('part');
    expect(properties).not.toContain('lineage');
  });

  it('holds no reference outside its components', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref).toMatch(/^"\$ref":"#\/components\/schemas\/\w+"$/);
  });
});
