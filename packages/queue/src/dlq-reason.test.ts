import type { FailureReasonKind } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { DlqReasonKind } from './dlq-reason';

/** Every kind the core failure policy dead-letters with (a missing or extra key fails the type check). */
const policyKinds: Record<FailureReasonKind, true> = {
  validation_exhausted: true,
  no_progress: true,
  budget_exhausted: true,
  refused: true,
  fatal_rule: true,
  permanent: true,
  transient_exhausted: true,
  rate_limit_loop: true,
  invalid_payload: true,
  bad_payload: true,
  bad_document: true,
  document_too_large: true,
  unknown_workflow: true,
  split_child_failed: true,
  tenant_budget_exhausted: true,
  unexpected: true,
};

describe('DlqReasonKind', () => {
  it("covers every kind of the core failure policy, plus 'stalled'", () => {
    expect([...DlqReasonKind.options].sort()).toEqual([...Object.keys(policyKinds), 'stalled'].sort());
  });
});
