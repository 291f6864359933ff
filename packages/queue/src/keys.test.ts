import { describe, expect, it } from 'vitest';
import { isHashTagged, quarryKeys } from './keys';

describe('quarryKeys', () => {
  const keys = quarryKeys({ prefix: '{quarry}' });

  it('names every key under the hash-tagged prefix, per queue where job ids are involved', () => {
    expect({
      attempts: keys.attempts('job-1'),
      bounces: keys.rateLimitBounces('job-1'),
      documentFile: keys.documentFile(`sha256:${'0'.repeat(64)}`),
      dlqIndex: keys.dlqIndex(),
      reviewPending: keys.reviewPending(),
      reviewEntries: keys.reviewEntries(),
      history: keys.history('invoice', 2),
      scoped: keys.history('invoice', 2, 'tenant:a/b'),
    }).toMatchInlineSnapshot(`
      {
        "attempts": "{quarry}:quarry:extraction:attempts:job-1",
        "bounces": "{quarry}:quarry:extraction:bounces:job-1",
        "dlqIndex": "{quarry}:quarry:extraction:dlq-index",
        "documentFile": "{quarry}:quarry:extraction:docfile:sha256:0000000000000000000000000000000000000000000000000000000000000000",
        "history": {
          "details": "{quarry}:quarry:history:invoice:v2:details",
          "effect": "{quarry}:quarry:history:invoice:v2:effect",
          "scores": "{quarry}:quarry:history:invoice:v2:scores",
        },
        "reviewEntries": "{quarry}:quarry:extraction:review:entries",
        "reviewPending": "{quarry}:quarry:extraction:review:pending",
        "scoped": {
          "details": "{quarry}:quarry:history:invoice:v2:s:tenant%3Aa%2Fb:details",
          "effect": "{quarry}:quarry:history:invoice:v2:s:tenant%3Aa%2Fb:effect",
          "scores": "{quarry}:quarry:history:invoice:v2:s:tenant%3Aa%2Fb:scores",
        },
      }
    `);
  });

  it('names the DLQ indexes per queue, plain names as they are and any other name as a digest', () => {
    expect({
      byTime: keys.dlq.byTime(),
      byWorkflow: keys.dlq.byWorkflow('invoice'),
      byReason: keys.dlq.byReason('refused:cyber'),
      group: keys.dlq.group('0123456789abcdef'),
    }).toMatchInlineSnapshot(`
      {
        "byReason": "{quarry}:quarry:extraction:dlq:by-reason:refused.cyber",
        "byTime": "{quarry}:quarry:extraction:dlq:by-time",
        "byWorkflow": "{quarry}:quarry:extraction:dlq:by-workflow:invoice",
        "group": "{quarry}:quarry:extraction:dlq:group:0123456789abcdef",
      }
    `);
    for (const odd of ['', 'a:b', 'x'.repeat(65), 'in\u001bvoice', 'a b']) {
      expect(keys.dlq.byWorkflow(odd)).toMatch(
        /^\{quarry\}:quarry:extraction:dlq:by-workflow:~[0-9a-f]{32}$/,
      );
    }
    expect(keys.dlq.byWorkflow('a:b')).not.toBe(keys.dlq.byWorkflow('a b'));
    expect(quarryKeys({ prefix: '{quarry}', queueName: 'other' }).dlq.byTime()).not.toBe(keys.dlq.byTime());
  });

  it('names the labelled sets under the prefix, shared by every queue', () => {
    const sets = keys.labelledSets;
    expect([sets.index(), sets.items('reviewed-invoice'), sets.ids('a.b_c'), sets.workflows('x')]).toEqual([
      '{quarry}:quarry:sets:index',
      '{quarry}:quarry:set:reviewed-invoice:items',
      '{quarry}:quarry:set:a.b_c:ids',
      '{quarry}:quarry:set:x:workflows',
    ]);
    expect(quarryKeys({ prefix: '{quarry}', queueName: 'other' }).labelledSets.items('x')).toBe(
      sets.items('x'),
    );
    // A name the store would refuse still makes a key under the prefix, never a path or another key.
    expect(sets.itemWorkflows('../x:y')).toMatch(/^\{quarry\}:quarry:set:~[0-9a-f]{32}:item-workflows$/);
  });

  it('hashes idempotency keys so any key of any length makes a bounded key name', () => {
    const a = keys.idempotency('order-42');
    expect(a).toMatch(/^\{quarry\}:quarry:extraction:idem:[0-9a-f]{64}$/);
    expect(keys.idempotency('order-42')).toBe(a);
    expect(keys.idempotency('order-43')).not.toBe(a);
    expect(quarryKeys({ prefix: '{quarry}', queueName: 'other' }).idempotency('order-42')).not.toBe(a);
  });

  it('hashes dashboard session tokens and login-failure ids into per-queue key names', () => {
    const session = keys.dashboardSession('token-1');
    expect(session).toMatch(/^\{quarry\}:quarry:extraction:dashboard:session:[0-9a-f]{64}$/);
    expect(session).not.toContain('token-1');
    expect(keys.loginFailures('client', '203.0.113.7')).toMatch(
      /^\{quarry\}:quarry:extraction:dashboard:login-failures:client:[0-9a-f]{64}$/,
    );
    expect(keys.loginFailures('account', 'alice')).toMatch(/:login-failures:account:[0-9a-f]{64}$/);
    expect(keys.loginFailures('account', 'alice')).not.toBe(keys.loginFailures('client', 'alice'));
    expect(quarryKeys({ prefix: '{quarry}', queueName: 'other' }).dashboardSession('token-1')).not.toBe(
      session,
    );
  });

  it('keeps versions and scopes apart, and an empty scope apart from no scope', () => {
    const names = new Set(
      [keys.history('w', 1), keys.history('w', 2), keys.history('w', 1, 'a'), keys.history('w', 1, '')].map(
        (history) => history.scores,
      ),
    );
    expect(names.size).toBe(4);
  });

  it('rejects a prefix without a hash tag and a queue name with a colon', () => {
    expect(() => quarryKeys({ prefix: 'quarry' })).toThrow(/must contain a \{hash tag\}/);
    expect(() => quarryKeys({ prefix: '{}' })).toThrow(TypeError);
    expect(() => quarryKeys({ prefix: '{q}', queueName: 'a:b' })).toThrow(/must not contain ":"/);
    expect(isHashTagged('prod-{quarry}')).toBe(true);
  });
});
