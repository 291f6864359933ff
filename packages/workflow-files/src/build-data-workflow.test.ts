import {
  defineWorkflow,
  emptyUsage,
  type ModelResponse,
  type ReplyValidation,
  toOutputJsonSchema,
  validateReply,
} from '@quarry/core';
import { TextInput } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildDataWorkflow } from './build-data-workflow';

const dataFile = {
  name: 'note',
  version: 1,
  description: 'A note',
  instructions: 'Extract the title and the amount.',
  output: {
    type: 'object',
    properties: {
      title: { type: 'string', minLength: 3 },
      amount: { type: 'number', minimum: 0, maximum: 100 },
      day: { type: 'string', format: 'date' },
    },
    required: ['title', 'amount', 'day'],
  },
  rules: [{ id: 'cheap', message: 'amount must be below 50', expression: 'amount < 50', paths: ['amount'] }],
};

const codeWorkflow = defineWorkflow({
  name: 'note',
  version: 1,
  description: 'A note',
  instructions: 'Extract the title and the amount.',
  input: TextInput,
  output: z.strictObject({ title: z.string().min(3), amount: z.number().min(0).max(100), day: z.iso.date() }),
  rules: [
    {
      id: 'cheap',
      description: 'amount must be below 50',
      severity: 'retry',
      check: (data) =>
        data.amount < 50
          ? []
          : [{ path: 'amount', message: 'amount must be below 50', received: data.amount }],
    },
  ],
});

async function built(value: unknown = dataFile) {
  const result = await buildDataWorkflow({ value });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.workflow;
}

const reply = (value: unknown): ModelResponse => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  stopReason: 'end_turn',
  usage: emptyUsage(),
  requestId: 'req_1',
  model: 'claude-sonnet-4-5',
});

async function issuesOf(workflow: Parameters<typeof validateReply>[0]['workflow'], value: unknown) {
  const validation: ReplyValidation = await validateReply({
    response: reply(value),
    workflow,
    input: { text: 'a note' },
    strategy: 'structured',
    toolName: 'submit_note',
  });
  return validation.outcome === 'invalid' ? validation.issues : validation.outcome;
}

describe('buildDataWorkflow', () => {
  it('validates replies and feeds back exactly as the equivalent code workflow', async () => {
    const data = await built();
    const replies = [
      { title: 'ok', amount: 150, day: '2024-02-30', extra: 1 },
      { title: 'A note', amount: 70, day: '2024-02-01' },
      { title: 'A note', amount: 7, day: '2024-02-01' },
    ];
    for (const value of replies)
      expect(await issuesOf(data, value)).toEqual(await issuesOf(codeWorkflow, value));
    expect(await issuesOf(data, replies[1])).toEqual([
      expect.objectContaining({
        source: 'rule',
        path: 'amount',
        ruleId: 'cheap',
        message: 'amount must be below 50',
      }),
    ]);
  });

  it('sends the same output schema, with constraints strict mode drops enforced locally', async () => {
    const sent = toOutputJsonSchema((await built()).output);
    expect(sent).toEqual(toOutputJsonSchema(codeWorkflow.output));
    expect(JSON.stringify(sent)).not.toContain('"maximum"');
    expect(await issuesOf(await built(), { title: 'A note', amount: 150, day: '2024-02-01' })).toEqual([
      expect.objectContaining({ source: 'schema', path: 'amount' }),
    ]);
  });

  it('a rule that throws while checking a reply is reported as that rule failing to run', async () => {
    const workflow = await built({
      ...dataFile,
      rules: [{ id: 'broken', message: 'm', expression: '$error("x")' }],
    });
    await expect(issuesOf(workflow, { title: 'A note', amount: 7, day: '2024-02-01' })).rejects.toMatchObject(
      {
        name: 'RuleCheckError',
        ruleId: 'broken',
      },
    );
  });

  it('runs every rule on every example at load: a looping or non-boolean rule is a load error', async () => {
    const result = await buildDataWorkflow({
      value: {
        ...dataFile,
        examples: [
          {
            text: 'Note: lunch, 12 on 2024-02-01',
            output: { title: 'Lunch', amount: 12, day: '2024-02-01' },
          },
        ],
        rules: [
          { id: 'loops', message: 'm', expression: '( $f := function(){ $f() }; $f() )' },
          { id: 'says-yes', message: 'm', expression: '"yes"' },
        ],
      },
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          path: 'rules[0].expression',
          message: 'on examples[0]: Rule "loops": the expression ran longer than 1000 ms',
        },
        {
          path: 'rules[1].expression',
          message: 'on examples[0]: Rule "says-yes": the expression must give true or false, gave a string',
        },
      ],
    });
  });

  it('takes the shipped text/document input by default, or the input JSON Schema given', async () => {
    expect((await built()).input.safeParse({ text: '' }).success).toBe(false);
    expect((await built()).input.safeParse({ text: 'a note' }).success).toBe(true);
    const custom = await built({
      ...dataFile,
      input: {
        type: 'object',
        properties: { text: { type: 'string', maxLength: 10 }, tenant: { type: 'string' } },
        required: ['text', 'tenant'],
      },
    });
    expect(custom.input.safeParse({ text: 'short', tenant: 'acme' }).success).toBe(true);
    expect(
      custom.input.safeParse({ text: 'far too long a text', tenant: 'acme' }).error?.issues[0]?.path,
    ).toEqual(['text']);
    expect(custom.input.safeParse({ text: 'short' }).error?.issues[0]?.path).toEqual(['tenant']);
  });

  it('checks grounding with the same parser as code workflows', async () => {
    const result = await buildDataWorkflow({ value: { ...dataFile, grounding: { mode: 'sometimes' } } });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]?.path).toBe('grounding');
  });

  it('takes a split setting, checked as a code workflow is', async () => {
    const split = {
      pages: { window: 5, overlap: 0 },
      fields: [['title'], ['amount', 'day']],
      merge: { amount: 'max' },
      onChildFailure: 'partial',
    };
    const result = await buildDataWorkflow({ value: { ...dataFile, split } });
    expect(result.ok && result.workflow.split).toEqual(split);
    const off = await buildDataWorkflow({ value: { ...dataFile, split: 'off' } });
    expect(off.ok && off.workflow.split).toBe('off');
  });

  it.each([
    [{ pages: { window: 0 } }, 'split.pages.window', 'a whole number from 1 to 1000'],
    [{ pages: { window: 4, overlap: 4 } }, 'split.pages.overlap', 'overlap must be less than window'],
    [{ fields: [['title'], ['title']] }, 'split', 'split.fields[1][0]: "title" overlaps "title" of group 0'],
    [
      { fields: [['titel']] },
      'split',
      'split.fields[0][0]: "titel" is not a property path of the output schema',
    ],
    [
      { merge: { amount: 'mean' } },
      'split.merge.amount',
      'Invalid option: expected one of "first"|"last"|"max"|"min"',
    ],
    [{ arrayKeys: { title: ['x'] } }, 'split', 'split.arrayKeys.title: "title" is not an array of objects'],
    [
      { onChildFailure: 'ignore' },
      'split.onChildFailure',
      'Invalid option: expected one of "dead_letter"|"partial"',
    ],
    [{ window: 5 }, 'split', 'Unrecognized key: "window"'],
    ['sometimes', 'split', "'auto', 'off' or { pages, fields, arrayKeys, merge, onChildFailure }"],
  ])('names a bad split setting (%j) by its path', async (split, path, message) => {
    const result = await buildDataWorkflow({ value: { ...dataFile, split } });
    expect(result.ok ? [] : result.problems).toEqual([{ path, message }]);
  });
});

describe('historyScope in a data workflow', () => {
  it('row 209: historyScope tenant -> the workflow keeps one error history per tenant; any other value -> a load problem naming historyScope', async () => {
    expect((await built({ ...dataFile, historyScope: 'tenant' })).historyScope).toBe('tenant');
    const refused = await buildDataWorkflow({ value: { ...dataFile, historyScope: 'customer' } });
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain('historyScope');
    expect(JSON.stringify(refused)).toContain('workflow or tenant');
  });
});
