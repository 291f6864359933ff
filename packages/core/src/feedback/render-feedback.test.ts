import { describe, expect, it } from 'vitest';
import type { Issue } from '../issues/issue';
import { renderFeedback } from './render-feedback';
import { renderLessons } from './render-lessons';

const issues: Issue[] = [
  {
    source: 'schema',
    path: 'items[1].price',
    code: 'invalid_type',
    message: 'Invalid input: expected number, received string',
    received: '"2.25"',
  },
  {
    source: 'schema',
    path: 'date',
    code: 'invalid_format',
    message: 'Invalid ISO date',
    received: '"01/03/2024"',
  },
  {
    source: 'schema',
    path: 'items[1].price',
    code: 'invalid_type',
    message: 'Invalid input: expected number, received string',
    received: '"2.25"',
  },
  { source: 'rule', path: '', code: 'rule_failed', ruleId: 'totals', message: 'totals do not add up' },
];

describe('renderFeedback', () => {
  it('writes one de-duplicated line per issue, with (root) for the whole value', () => {
    expect(renderFeedback({ issues })).toMatchInlineSnapshot(`
      "Your reply was rejected. 3 problems to fix:
      - items[1].price: Invalid input: expected number, received string (received: "2.25")
      - date: Invalid ISO date (received: "01/03/2024")
      - (root): totals do not add up
      Reply again with the complete corrected output, keeping everything that was already right."
    `);
  });

  it('adds one line per earlier attempt listing its signatures', () => {
    expect(
      renderFeedback({
        issues: [issues[1] as Issue],
        earlier: [
          { n: 1, signatures: ['parse::invalid_json'] },
          {
            n: 2,
            signatures: [
              'schema:items[].price:invalid_type',
              'schema:date:invalid_format',
              'schema:items[].price:invalid_type',
            ],
          },
        ],
      }),
    ).toMatchInlineSnapshot(`
      "Your reply was rejected. One problem to fix:
      - date: Invalid ISO date (received: "01/03/2024")
      Earlier attempts failed on:
      - attempt 1: parse::invalid_json
      - attempt 2: schema:items[].price:invalid_type, schema:date:invalid_format
      Reply again with the complete corrected output, keeping everything that was already right."
    `);
  });

  it('caps the issue lines and says how many more there are', () => {
    const many: Issue[] = Array.from({ length: 25 }, (_, i) => ({
      source: 'schema',
      path: `items[${i}].price`,
      code: 'too_small',
      message: 'Too small: expected number to be >=0',
      received: String(-i - 1),
    }));
    const text = renderFeedback({ issues: many, maxLines: 3 });
    expect(text).toMatchInlineSnapshot(`
      "Your reply was rejected. 25 problems to fix:
      - items[0].price: Too small: expected number to be >=0 (received: -1)
      - items[1].price: Too small: expected number to be >=0 (received: -2)
      - items[2].price: Too small: expected number to be >=0 (received: -3)
      …and 22 more
      Reply again with the complete corrected output, keeping everything that was already right."
    `);
    expect(
      renderFeedback({ issues: many })
        .split('\n')
        .filter((line) => line.startsWith('- ')),
    ).toHaveLength(20);
    expect(renderFeedback({ issues: many })).toContain('…and 5 more');
  });

  it('is deterministic', () => {
    expect(renderFeedback({ issues })).toBe(renderFeedback({ issues: [...issues] }));
  });
});

describe('renderLessons', () => {
  it('renders one compact block, or nothing', () => {
    expect(renderLessons([])).toBe('');
    expect(
      renderLessons([
        {
          signature: 'schema:date:invalid_format',
          example: 'Invalid ISO date',
          score: 3.2,
          count: 4,
          firstSeen: 1,
          lastSeen: 2,
        },
        {
          signature: 'rule:total:total-matches',
          example: 'total must equal the sum of item prices (5.75)',
          score: 1.1,
          count: 1,
          firstSeen: 1,
          lastSeen: 1,
        },
      ]),
    ).toMatchInlineSnapshot(`
      "Mistakes often made on earlier documents of this kind; avoid them:
      - schema:date:invalid_format: Invalid ISO date
      - rule:total:total-matches: total must equal the sum of item prices (5.75)"
    `);
  });
});
