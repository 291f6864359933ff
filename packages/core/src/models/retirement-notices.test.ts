import { describe, expect, it } from 'vitest';
import { defaultModelTable } from './default-model-table';
import { retirementNotices } from './retirement-notices';

const at = (isoTime: string) => Date.parse(isoTime);
const notices = (now: string, models = ['claude-sonnet-4-5']) =>
  retirementNotices({ models, table: defaultModelTable, now: at(now) });

describe('retirementNotices (Sonnet 4.5 retires on 2026-11-30)', () => {
  it('says nothing more than 30 days before', () => {
    expect(notices('2026-10-30T23:59:59Z')).toEqual([]);
  });

  it('warns from 30 days before, counting whole UTC days', () => {
    expect(notices('2026-10-31T00:00:00Z')).toEqual([
      expect.objectContaining({ kind: 'retiring', model: 'claude-sonnet-4-5', daysLeft: 30 }),
    ]);
    const [lastDay] = notices('2026-11-29T23:59:59Z', ['claude-sonnet-4-5-20250929']);
    expect(lastDay).toMatchObject({ kind: 'retiring', model: 'claude-sonnet-4-5-20250929', daysLeft: 1 });
    expect(lastDay?.message).toBe(
      'Model "claude-sonnet-4-5-20250929" (Claude Sonnet 4.5) retires on 2026-11-30, in 1 day; move to a current model before then (see docs/models.md).',
    );
  });

  it('reports it retired from the date itself on', () => {
    for (const now of ['2026-11-30T00:00:00Z', '2027-03-01T12:00:00Z']) {
      const [notice] = notices(now);
      expect(notice).toMatchObject({ kind: 'retired', retiresOn: '2026-11-30' });
      expect(notice?.message).toBe(
        'Model "claude-sonnet-4-5" (Claude Sonnet 4.5) retired on 2026-11-30: the API rejects it. Configure a current model (see docs/models.md).',
      );
    }
  });

  it('reports each model once and leaves models without a date or an entry alone', () => {
    const found = notices('2026-11-24T08:00:00Z', [
      'claude-sonnet-4-5',
      'claude-haiku-5-5',
      'claude-sonnet-4-5',
      'someone-else-1',
    ]);
    expect(found.map((notice) => [notice.kind, notice.model])).toEqual([['retiring', 'claude-sonnet-4-5']]);
  });
});
