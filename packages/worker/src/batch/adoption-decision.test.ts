import { describe, expect, it } from 'vitest';
import {
  adoptionBoundMs,
  adoptionDecision,
  clockAllowanceMs,
  type IntentCandidate,
} from './adoption-decision';

const t0 = Date.UTC(2026, 10, 27, 12);
const intent = { createdAtMs: t0, size: 3 };
const settleMs = 70_000;
const minute = 60_000;

const batch = (batchId: string, facts: Partial<IntentCandidate> = {}): IntentCandidate => ({
  batchId,
  createdAtMs: t0 + 1_000,
  endedAtMs: t0 + 30_000,
  requests: 3,
  known: false,
  proof: 'foreign',
  ...facts,
});

const decide = (candidates: IntentCandidate[], nowMs = t0 + 2 * minute) =>
  adoptionDecision({ intent, candidates, nowMs, settleMs });

describe('adopting a batch for an unanswered create', () => {
  it('adopts only the batch whose results carry the intent custom_ids, among several of its size', () => {
    const foreignBefore = batch('b-foreign-before', { createdAtMs: t0 - 2 * minute, endedAtMs: t0 - minute });
    const foreignAfter = batch('b-foreign-after', { createdAtMs: t0 + 500 });
    const ours = batch('b-ours', { createdAtMs: t0 + 2_000, proof: 'ours' });
    expect(decide([foreignAfter, ours, foreignBefore])).toEqual({ kind: 'adopt', batchId: 'b-ours' });
  });

  it('never adopts a batch that ended before the intent was written, even if it claims its custom_ids', () => {
    const ended = batch('b-ended', {
      createdAtMs: t0 - clockAllowanceMs + 1,
      endedAtMs: t0 - clockAllowanceMs - 1,
      proof: 'ours',
    });
    expect(decide([ended])).toEqual({ kind: 'release' });
  });

  it('never adopts a batch created before the intent (beyond the clock allowance)', () => {
    const early = batch('b-early', {
      createdAtMs: t0 - clockAllowanceMs - 1,
      endedAtMs: null,
      proof: 'ours',
    });
    expect(decide([early])).toEqual({ kind: 'release' });
  });

  it('never adopts a batch this queue knows or one of another size', () => {
    expect(decide([batch('b-known', { known: true, proof: 'ours' })])).toEqual({ kind: 'release' });
    expect(decide([batch('b-size', { requests: 4, proof: 'ours' })])).toEqual({ kind: 'release' });
  });

  it('waits while a candidate runs (its results cannot prove whose it is yet), then ends it at the bound without sending again', () => {
    const running = batch('b-running', { endedAtMs: null, proof: 'unread' });
    expect(decide([running, batch('b-foreign')])).toEqual({ kind: 'wait', unproven: ['b-running'] });
    expect(decide([running], t0 + adoptionBoundMs + 1)).toEqual({
      kind: 'abandon',
      unproven: ['b-running'],
    });
  });

  it('releases the entries only when none is provably ours and the listing is old enough to trust', () => {
    expect(decide([batch('b-foreign')], t0 + settleMs - 1)).toEqual({ kind: 'wait', unproven: [] });
    expect(decide([batch('b-foreign')], t0 + settleMs)).toEqual({ kind: 'release' });
    expect(decide([], t0 + settleMs)).toEqual({ kind: 'release' });
  });

  it('adopts the earliest when two batches both prove to be the intent', () => {
    const later = batch('b-later', { createdAtMs: t0 + 9_000, proof: 'ours' });
    const first = batch('b-first', { createdAtMs: t0 + 3_000, proof: 'ours' });
    expect(decide([later, first])).toEqual({ kind: 'adopt', batchId: 'b-first' });
  });
});
