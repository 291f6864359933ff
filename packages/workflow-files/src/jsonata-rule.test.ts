import type { Rule } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { DataRule } from './data-rule';
import { DataRuleError } from './data-rule-error';
import { compileJsonataRule } from './jsonata-rule';

function ruleOf(fields: Record<string, unknown>): Rule<unknown, unknown> {
  const compiled = compileJsonataRule(
    DataRule.parse({ id: 'sums', message: 'the amounts must add up', ...fields }),
  );
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.rule;
}

const receipt = { lineItems: [{ amount: 2 }, { amount: 3 }], subtotal: 6 };
const ctx = { input: { text: 'a receipt' } };

async function failureOf(rule: Rule<unknown, unknown>, data: unknown = receipt): Promise<DataRuleError> {
  const error = await Promise.resolve()
    .then(() => rule.check(data, ctx))
    .then(
      () => null,
      (thrown: unknown) => thrown,
    );
  expect(error).toBeInstanceOf(DataRuleError);
  return error as DataRuleError;
}

describe('compileJsonataRule', () => {
  it('passes on true and reports the message at each path on false', async () => {
    const rule = ruleOf({
      expression: '$abs($sum(lineItems.amount) - subtotal) <= 0.01',
      paths: ['subtotal'],
    });
    expect(await rule.check({ ...receipt, subtotal: 5 }, ctx)).toEqual([]);
    expect(await rule.check(receipt, ctx)).toEqual([
      { path: 'subtotal', message: 'the amounts must add up', received: 6 },
    ]);
  });

  it('reports the whole output without paths, and sees the job input as $input', async () => {
    const rule = ruleOf({ expression: '$contains($input.text, "invoice")' });
    expect(await rule.check(receipt, ctx)).toEqual([{ path: '', message: 'the amounts must add up' }]);
  });

  it('maps severity and fatal onto the rule severity', () => {
    expect(ruleOf({ expression: 'true' }).severity).toBe('retry');
    expect(ruleOf({ expression: 'true', severity: 'review' }).severity).toBe('review');
    expect(ruleOf({ expression: 'true', fatal: true }).severity).toBe('fatal');
    expect(
      DataRule.safeParse({ id: 'x', message: 'm', expression: 'true', fatal: true, severity: 'review' })
        .success,
    ).toBe(false);
  });

  it('row 156: a looping expression is a rule failure naming the rule, bounded in time, never a hang', async () => {
    const started = Date.now();
    // JSONata runs a tail call in a loop: the time bound stops it.
    const loop = await failureOf(ruleOf({ expression: '( $f := function(){ $f() }; $f() )' }));
    expect(loop).toMatchObject({ ruleId: 'sums', failure: 'timed-out', code: 'D1012' });
    const recursion = await failureOf(ruleOf({ expression: '( $f := function($n){ 1 + $f($n) }; $f(1) )' }));
    expect(recursion).toMatchObject({ ruleId: 'sums', failure: 'too-deep', code: 'D1011' });
    const busy = await failureOf(
      ruleOf({
        expression: '( $loop := function($n){ $n > 0 ? $loop($n - 1) + $loop($n - 1) : 1 }; $loop(40) )',
      }),
    );
    expect(busy).toMatchObject({ ruleId: 'sums', failure: 'timed-out', code: 'D1012' });
    expect(busy.message).toBe('Rule "sums": the expression ran longer than 1000 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('an expression that returns a string is a rule failure naming the rule', async () => {
    const error = await failureOf(ruleOf({ expression: '"yes"' }));
    expect(error).toMatchObject({ ruleId: 'sums', failure: 'not-boolean' });
    expect(error.message).toBe('Rule "sums": the expression must give true or false, gave a string');
  });

  it('an expression that throws is a rule failure naming the rule', async () => {
    const error = await failureOf(ruleOf({ expression: '$error("no sum")' }));
    expect(error).toMatchObject({ ruleId: 'sums', failure: 'threw' });
    expect(error.message).toContain('Rule "sums": the expression failed: no sum');
  });

  it('an expression that matches nothing is a rule failure, not a pass', async () => {
    const error = await failureOf(ruleOf({ expression: 'missing > 1' }), {});
    expect(error.message).toContain('gave nothing (no field matched)');
  });
});
