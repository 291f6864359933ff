import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RuleCheckError } from '../errors/rule-check-error';
import type { ModelResponse, ResponsePart } from '../model/model-response';
import { emptyUsage } from '../model/usage';
import {
  Receipt,
  ReceiptInput,
  receiptDocument,
  receiptWorkflow,
  totalMatches,
  validReceipt,
} from '../test-fixtures/receipt-workflow';
import { defineWorkflow } from '../workflow/define-workflow';
import type { Rule } from '../workflow/rule';
import { validateReply } from './validate-reply';

const toolName = 'submit_receipt';

function response(
  content: ResponsePart[],
  stopReason: ModelResponse['stopReason'] = 'end_turn',
): ModelResponse {
  return { content, stopReason, usage: emptyUsage(), requestId: 'req_1', model: 'claude-sonnet-4-5' };
}
const text = (value: unknown) =>
  response([{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }]);
const input = { text: receiptDocument };

/** Validates `response` as the receipt workflow's structured reply to the receipt document, unless `options` say otherwise. */
const check = (
  response: ModelResponse,
  options: Partial<Omit<Parameters<typeof validateReply>[0], 'response'>> = {},
) =>
  validateReply({
    response,
    workflow: receiptWorkflow(),
    input,
    strategy: 'structured',
    toolName,
    ...options,
  });

describe('validateReply', () => {
  it('accepts a valid structured reply', async () => {
    const result = await check(text(validReceipt));
    expect(result).toEqual({
      outcome: 'valid',
      data: validReceipt,
      reviewReasons: [],
      rawOutput: JSON.stringify(validReceipt),
      toolCallId: null,
    });
  });

  it('reports truncation as one issue and validates nothing else', async () => {
    const result = await check(response([{ type: 'text', text: '{"merchant": "Cor' }], 'max_tokens'));
    expect(result).toMatchObject({ outcome: 'invalid', rawOutput: '{"merchant": "Cor' });
    expect(result.outcome === 'invalid' && result.issues).toEqual([
      expect.objectContaining({ source: 'truncation', code: 'max_tokens', path: '' }),
    ]);
  });

  it('reports a refusal', async () => {
    const result = await check(response([{ type: 'text', text: 'I cannot help with that.' }], 'refusal'));
    expect(result.outcome).toBe('refused');
  });

  it('reports every schema issue at once with an excerpt of what was received', async () => {
    const reply = {
      merchant: '',
      date: '01/03/2024',
      items: [{ name: 'Coffee', price: '3.50' }, { name: 'Bagel' }],
      total: 5.75,
      extra: 1,
    };
    const result = await check(text(reply));
    expect(result.outcome === 'invalid' && result.issues).toMatchInlineSnapshot(`
      [
        {
          "code": "too_small",
          "message": "Too small: expected string to have >=1 characters",
          "path": "merchant",
          "received": """",
          "source": "schema",
        },
        {
          "code": "invalid_format",
          "message": "Invalid ISO date (expected YYYY-MM-DD)",
          "path": "date",
          "received": ""01/03/2024"",
          "source": "schema",
        },
        {
          "code": "invalid_type",
          "message": "Invalid input: expected number, received string",
          "path": "items[0].price",
          "received": ""3.50"",
          "source": "schema",
        },
        {
          "code": "invalid_type",
          "message": "Invalid input: expected number, received undefined",
          "path": "items[1].price",
          "source": "schema",
        },
      ]
    `);
  });

  it('runs rules only once the schema passed, and runs all of them', async () => {
    const calls: string[] = [];
    const spy = (id: string, severity: Rule<Receipt>['severity']): Rule<Receipt> => ({
      id,
      description: id,
      severity,
      check: async () => {
        calls.push(id);
        return [{ path: 'merchant', message: `${id} failed` }];
      },
    });
    const workflow = receiptWorkflow({ rules: [spy('first', 'retry'), spy('second', 'retry')] });
    await check(text({ merchant: 1 }), { workflow });
    expect(calls).toEqual([]);
    const result = await check(text(validReceipt), { workflow });
    expect(calls).toEqual(['first', 'second']);
    expect(result.outcome === 'invalid' && result.issues.map((issue) => issue.ruleId)).toEqual([
      'first',
      'second',
    ]);
  });

  it('turns retry findings into rule issues with the rule id and received excerpt', async () => {
    const result = await check(text({ ...validReceipt, total: 9.99 }));
    expect(result.outcome === 'invalid' && result.issues).toEqual([
      {
        source: 'rule',
        path: 'total',
        code: 'rule_failed',
        ruleId: 'total-matches',
        message: 'total must equal the sum of item prices (5.75)',
        received: '9.99',
      },
    ]);
  });

  it('gives fatal when a fatal rule fails, even next to retry findings', async () => {
    const inDocument: Rule<Receipt, { text: string }> = {
      id: 'merchant-in-document',
      description: 'the merchant appears in the document',
      severity: 'fatal',
      check: (data, ctx) =>
        ctx.input.text.toLowerCase().includes(data.merchant.toLowerCase())
          ? []
          : [{ path: 'merchant', message: 'not in the document' }],
    };
    const workflow = receiptWorkflow({ rules: [totalMatches, inDocument] });
    const result = await check(text({ ...validReceipt, merchant: 'Elsewhere', total: 1 }), { workflow });
    expect(result.outcome).toBe('fatal');
    expect(result.outcome === 'fatal' && result.issues.map((issue) => issue.ruleId)).toEqual([
      'total-matches',
      'merchant-in-document',
    ]);
  });

  it('accepts with review reasons for review rules and reviewBelow', async () => {
    const Scored = Receipt.extend({ confidence: z.number() });
    const bigSpend: Rule<z.infer<typeof Scored>> = {
      id: 'big-spend',
      description: 'large totals',
      severity: 'review',
      check: (data) => (data.total > 5 ? [{ path: 'total', message: 'over 5' }] : []),
    };
    const workflow = defineWorkflow({
      name: 'scored-receipt',
      version: 1,
      description: 'Receipts with a confidence',
      input: ReceiptInput,
      output: Scored,
      rules: [bigSpend],
      instructions: 'Extract the receipt.',
      reviewBelow: { field: 'confidence', threshold: 0.8 },
    });
    const result = await check(text({ ...validReceipt, confidence: 0.5 }), { workflow });
    expect(result).toMatchObject({
      outcome: 'valid',
      reviewReasons: ['big-spend: total: over 5', 'confidence is 0.5, below the review threshold 0.8'],
    });
    const confident = await check(text({ ...validReceipt, total: 5.75, confidence: 0.9 }), { workflow });
    expect(confident).toMatchObject({ outcome: 'valid', reviewReasons: ['big-spend: total: over 5'] });
  });

  it('wraps a throwing rule in RuleCheckError', async () => {
    const workflow = receiptWorkflow({
      rules: [
        {
          id: 'broken',
          description: 'throws',
          severity: 'retry',
          check: () => {
            throw new Error('bug');
          },
        },
      ],
    });
    await expect(check(text(validReceipt), { workflow })).rejects.toBeInstanceOf(RuleCheckError);
  });

  it('runs sync and async rules (a thenable too) together, findings in rule order; a rejecting async rule is a RuleCheckError naming it', async () => {
    const finding = (id: string) => [{ path: 'total', message: `${id} says no` }];
    const rule = (id: string, check: () => unknown) =>
      ({ id, description: id, severity: 'retry', check }) as unknown as Rule<Receipt, ReceiptInput>;
    const workflow = receiptWorkflow({
      rules: [
        rule('late', async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return finding('late');
        }),
        rule('sync', () => finding('sync')),
        rule('thenable', () => ({
          // biome-ignore lint/suspicious/noThenProperty: a rule may return any thenable, not only a Promise
          then: (resolve: (value: unknown) => void) => resolve(finding('thenable')),
        })),
      ],
    });
    const result = await check(text(validReceipt), { workflow });
    expect(result.outcome === 'invalid' && result.issues.map((issue) => issue.ruleId)).toEqual([
      'late',
      'sync',
      'thenable',
    ]);
    const rejecting = receiptWorkflow({
      rules: [rule('fine', () => []), rule('rejects', () => Promise.reject(new Error('down')))],
    });
    const error = await check(text(validReceipt), { workflow: rejecting }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RuleCheckError);
    expect(error).toMatchObject({ ruleId: 'rejects' });
  });

  describe('with the tool strategy', () => {
    const tool = (name: string, value: unknown): ResponsePart => ({
      type: 'tool_call',
      id: 'toolu_1',
      name,
      input: value,
    });

    it('takes the input of the answer tool call', async () => {
      const result = await check(response([tool(toolName, validReceipt)], 'tool_use'), { strategy: 'tool' });
      expect(result).toMatchObject({
        outcome: 'valid',
        toolCallId: 'toolu_1',
        rawOutput: JSON.stringify(validReceipt),
      });
    });

    it.each([
      ['wrong_tool', [tool('other_tool', validReceipt)]],
      ['missing_tool_call', [{ type: 'text' as const, text: 'Here is the data' }]],
      ['empty_reply', []],
    ])('reports %s as a parse issue', async (code, content) => {
      const result = await check(response(content), { strategy: 'tool' });
      expect(result).toMatchObject({
        outcome: 'invalid',
        toolCallId: null,
        issues: [{ source: 'parse', code }],
      });
    });
  });
});
