import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LabelledItem } from '@quarry/core';
import { loadSamples } from '@quarry/samples';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEvalAccuracySet } from './eval-accuracy-set';

const schemaYaml = `name: ticket_basic
description: A made-up category for tests
fields:
  reference:
    type: string
    required: true
    description: The ticket reference
  amount:
    type: number
    description: The amount claimed
  opened:
    type: date
    description: When it was opened
`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fieldbench directory with one category (`receipts`) holding the given documents. */
function fieldbench(documents: Record<string, { text: string; expected: unknown }>): string {
  const root = mkdtempSync(join(tmpdir(), 'quarry-bench-fieldbench-'));
  dirs.push(root);
  const category = join(root, 'receipts');
  for (const part of ['schemas', 'expected', 'documents'])
    mkdirSync(join(category, part), { recursive: true });
  writeFileSync(join(category, 'schemas', 'ticket_basic.yaml'), schemaYaml);
  for (const [id, { text, expected }] of Object.entries(documents)) {
    writeFileSync(join(category, 'documents', `${id}.md`), text);
    writeFileSync(join(category, 'expected', `${id}.expected.json`), JSON.stringify(expected));
  }
  return root;
}

const textOf = (item: LabelledItem | undefined): string | undefined =>
  item?.document.kind === 'text' ? item.document.text : undefined;

describe('loadEvalAccuracySet', () => {
  it('without a fieldbench directory: support-ticket samples round robin, each document with its own reference', async () => {
    const set = await loadEvalAccuracySet({
      fieldbench: '/nonexistent/fieldbench',
      perCategory: 5,
      samples: 40,
    });
    const samples = loadSamples('support-ticket');
    expect(set.source).toBe('samples');
    expect(set.workflowDir).toBeNull();
    expect(set.groups.map((group) => [group.workflow, group.items.length])).toEqual([['support-ticket', 40]]);
    expect(set.corpus).toHaveLength(samples.length);
    const items = set.groups[0]?.items ?? [];
    expect(items[0]?.id).toBe('ticket-0');
    expect(textOf(items[0])).toBe(`${samples[0]?.text}\nReference: item-0`);
    expect(items[samples.length]?.expected).toEqual(samples[0]?.truth);
    expect(set.itemOfReference.get(`item-${samples.length}`)).toBe(`ticket-${samples.length}`);
    expect(set.leftOut).toEqual([]);
  });

  it('reads fieldbench categories as data workflows, one item a document, leaving out misfits and repeats', async () => {
    const root = fieldbench({
      a: {
        text: 'Ticket T-1, 12.50 claimed, opened 2024-03-01',
        expected: { reference: 'T-1', amount: 12.5, opened: '2024-03-01' },
      },
      b: { text: 'Ticket T-2, nothing claimed', expected: { reference: 'T-2' } },
      c: { text: 'Ticket T-3, amount unreadable', expected: { reference: 'T-3', amount: 'twelve' } },
      d: {
        text: 'Ticket T-4, opened on the third of March',
        expected: { reference: 'T-4', opened: '03/03/2024' },
      },
      e: {
        text: 'Ticket T-1, 12.50 claimed, opened 2024-03-01',
        expected: { reference: 'T-1', amount: 12.5, opened: '2024-03-01' },
      },
      f: { text: 'Ticket without a reference', expected: { amount: 3 } },
    });
    const set = await loadEvalAccuracySet({ fieldbench: root, perCategory: 10, samples: 40 });
    try {
      expect(set.source).toBe('fieldbench');
      expect(set.groups.map((group) => [group.workflow, group.items.map((item) => item.id)])).toEqual([
        ['fieldbench-receipts', ['a', 'b']],
      ]);
      const [a, b] = set.groups[0]?.items ?? [];
      // Absent fields are null, as the workflow answers them.
      expect(b?.expected).toEqual({ reference: 'T-2', amount: null, opened: null });
      expect(a?.workflow).toEqual({ name: 'fieldbench-receipts' });
      expect(textOf(b)).toBe('Ticket T-2, nothing claimed\nReference: item-1');
      expect([...set.itemOfReference]).toEqual([
        ['item-0', 'a'],
        ['item-1', 'b'],
      ]);
      expect(set.leftOut.map((item) => [item.id, item.reason.split(' (')[0]])).toEqual([
        ['e', 'the same document as another item'],
        ['c', "expected output does not fit the workflow's output schema"],
        ['d', "expected output does not fit the workflow's output schema"],
        ['f', "expected output does not fit the workflow's output schema"],
      ]);
      expect(set.leftOut.every((item) => !item.reason.includes('twelve'))).toBe(true);
      expect(set.corpus.map((entry) => entry.id)).toEqual(['a', 'b']);
      expect(set.registry.get('fieldbench-receipts').version).toBe(1);
      expect(existsSync(join(set.workflowDir ?? '', 'fieldbench-receipts.workflow.json'))).toBe(true);
    } finally {
      set.close();
    }
    expect(existsSync(set.workflowDir ?? '')).toBe(false);
  });

  it('takes at most perCategory documents a category, by file name', async () => {
    const root = fieldbench({
      b: { text: 'Ticket T-2', expected: { reference: 'T-2' } },
      a: { text: 'Ticket T-1', expected: { reference: 'T-1' } },
      c: { text: 'Ticket T-3', expected: { reference: 'T-3' } },
    });
    const set = await loadEvalAccuracySet({ fieldbench: root, perCategory: 2, samples: 40 });
    set.close();
    expect(set.groups[0]?.items.map((item) => item.id)).toEqual(['a', 'b']);
  });
});
