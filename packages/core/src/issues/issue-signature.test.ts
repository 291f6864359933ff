import { describe, expect, it } from 'vitest';
import { formatPath, issueSignature, normalizePath, uniqueSignatures } from './issue-signature';

describe('formatPath', () => {
  it('writes keys dotted and indices in brackets', () => {
    expect(formatPath(['lineItems', 3, 'amount'])).toBe('lineItems[3].amount');
    expect(formatPath([0, 'a'])).toBe('[0].a');
    expect(formatPath([])).toBe('');
  });

  it('quotes keys that are not identifiers', () => {
    expect(formatPath(['meta', 'a.b', 'x y'])).toBe('meta["a.b"]["x y"]');
  });
});

describe('issueSignature', () => {
  it('normalises array indices and prefers the rule id over the code', () => {
    expect(normalizePath('lineItems[3].parts[12].amount')).toBe('lineItems[].parts[].amount');
    expect(
      issueSignature({ source: 'schema', path: 'lineItems[3].amount', code: 'invalid_type', message: 'm' }),
    ).toBe('schema:lineItems[].amount:invalid_type');
    expect(
      issueSignature({
        source: 'rule',
        path: 'total',
        code: 'rule_failed',
        ruleId: 'total-matches',
        message: 'm',
      }),
    ).toBe('rule:total:total-matches');
    expect(issueSignature({ source: 'truncation', path: '', code: 'max_tokens', message: 'm' })).toBe(
      'truncation::max_tokens',
    );
  });

  it('lists each signature once, in order of first appearance', () => {
    expect(
      uniqueSignatures([
        { source: 'schema', path: 'items[0].price', code: 'invalid_type', message: 'a' },
        { source: 'schema', path: 'date', code: 'invalid_format', message: 'b' },
        { source: 'schema', path: 'items[1].price', code: 'invalid_type', message: 'c' },
      ]),
    ).toEqual(['schema:items[].price:invalid_type', 'schema:date:invalid_format']);
  });
});
