import { describe, expect, it } from 'vitest';
import { documentTokenEstimate } from '../document/document-token-estimate';
import type { ResolvedDocument } from '../document/resolved-document';
import { modelSpecOf } from '../models/model-spec-of';
import { buildRequest } from '../request/build-request';
import { receiptDocument, receiptWorkflow } from '../test-fixtures/receipt-workflow';
import { FakeModelClient } from '../testing/fake-model-client';
import { resolveExtractSettings } from './extract-defaults';
import { placementForRequest } from './placement-for-request';

const workflow = receiptWorkflow({ model: 'claude-haiku-5-5' });
const settings = resolveExtractSettings({
  workflow,
  input: { text: receiptDocument },
  model: new FakeModelClient([]),
});
const spec = modelSpecOf('claude-haiku-5-5', settings.models);

const pdf = (estimatedTokens: number): ResolvedDocument => ({
  mediaType: 'application/pdf',
  ref: { type: 'file', fileId: 'file_1' },
  text: null,
  pageStarts: null,
  estimatedTokens,
});

const placementWith = (document: ResolvedDocument) =>
  placementForRequest({
    request: buildRequest({
      workflow,
      input: {},
      model: 'claude-haiku-5-5',
      maxTokens: 1024,
      strategy: 'tool',
      document,
    }),
    workflow,
    settings,
    spec,
    attempt: 1,
    cache: { history: null, policy: 'by_cost' },
  });

describe('placementForRequest with a document', () => {
  it("counts a PDF's pages toward the minimum cacheable length, a small image not", () => {
    const minimum = spec?.minCacheableTokens ?? 0;
    const pages = documentTokenEstimate({ kind: 'pdf', pages: 10, pageTextChars: null });
    expect(pages).toBeGreaterThan(minimum);
    expect(placementWith(pdf(pages)).document).toEqual({ place: true, reason: 'no_history' });
    const icon = documentTokenEstimate({ kind: 'image', size: { width: 64, height: 64 } });
    expect(placementWith({ ...pdf(icon), mediaType: 'image/png' }).document).toEqual({
      place: false,
      reason: 'below_minimum',
    });
  });
});
