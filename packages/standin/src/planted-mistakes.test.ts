import { toOutputJsonSchema } from '@quarry/core';
import { loadSamples } from '@quarry/samples';
import { Invoice, SupportTicket } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatPath, type JsonPath } from './json-path';
import { PlantOptions } from './plant-options';
import { applyPlantedMistakes, type PlantedPlan, planPlantedMistakes } from './planted-mistakes';
import type { JsonSchema } from './schema-at';
import { invoiceTruth } from './test-corpus';

const Order = z.object({
  orderNumber: z.string().min(1),
  customer: z.string().nullable(),
  note: z.string().optional(),
  placedOn: z.iso.date(),
  status: z.enum(['open', 'shipped', 'cancelled']),
  express: z.boolean(),
  lines: z
    .array(
      z.object({
        sku: z.string().regex(/^[A-Z]{2}-\d{3}$/),
        quantity: z.int().positive(),
        price: z.number().nonnegative(),
        gift: z.boolean().nullable(),
      }),
    )
    .min(1),
  discount: z.number().min(0).max(1).nullable(),
  coupon: z.string().nullable(),
  trackingCode: z.string().optional(),
});
type Order = z.infer<typeof Order>;
const orderSchema = toOutputJsonSchema(Order) as JsonSchema;

/** Orders with 1 to 6 lines, some with empty fields (null customer, discount, gift or coupon; no note, no tracking code). */
const orders: Order[] = Array.from({ length: 12 }, (_, n) => ({
  orderNumber: `ORD-${1000 + n}`,
  customer: n % 4 === 1 ? null : `Customer ${n}`,
  ...(n % 3 === 2 ? {} : { note: `Leave at door ${n}` }),
  placedOn: `2024-0${1 + (n % 9)}-1${n % 10}`,
  status: (['open', 'shipped', 'cancelled'] as const)[n % 3] ?? 'open',
  express: n % 2 === 0,
  lines: Array.from({ length: 1 + (n % 6) }, (_, i) => ({
    sku: `AB-${100 + i}`,
    quantity: 1 + i,
    price: 9.99 * (i + 1),
    gift: i % 2 === 0 ? null : i % 3 === 0,
  })),
  discount: n % 5 === 3 ? null : 0.1,
  coupon: null,
}));

const plant = (options: PlantOptions) => PlantOptions.parse(options);

/** The leaf values of a value, as the test counts them (not the code under test). */
function leaves(
  value: unknown,
  path: JsonPath = [],
  found = new Map<string, unknown>(),
): Map<string, unknown> {
  if (Array.isArray(value))
    for (const [index, item] of value.entries()) leaves(item, [...path, index], found);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) leaves(child, [...path, key], found);
  else found.set(formatPath(path), value);
  return found;
}

const empty = (value: unknown) => value === undefined || value === null || value === '';

/** How the answer differs from the truth, leaf by leaf. */
function differences(truth: unknown, answer: unknown) {
  const before = leaves(truth);
  const after = leaves(answer);
  const kinds = { wrong: [] as string[], missing: [] as string[], invented: [] as string[] };
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    const [was, now] = [before.get(path), after.get(path)];
    if (!empty(was) && !empty(now) && was !== now) kinds.wrong.push(path);
    else if (!empty(was) && empty(now)) kinds.missing.push(path);
    else if (empty(was) && !empty(now)) kinds.invented.push(path);
  }
  return kinds;
}

function answered(truth: unknown, plan: PlantedPlan): unknown {
  const answer = structuredClone(truth);
  applyPlantedMistakes(answer, plan);
  return answer;
}

const pathsOf = (plan: PlantedPlan, kind: string) =>
  plan.mistakes.filter((mistake) => mistake.kind === kind).map((mistake) => formatPath(mistake.path));
const sorted = (paths: readonly string[]) => [...paths].sort();

describe('planPlantedMistakes', () => {
  it('plants exactly round(rate × leaves) of each kind, leaves of array items included, and nothing else', () => {
    const rates = { wrongRate: 0.25, missingRate: 0.1, inventedRate: 0.1 };
    const invented = new Set<string>();
    for (const [index, truth] of orders.entries()) {
      const count = leaves(truth).size;
      const plan = planPlantedMistakes({
        seed: 3,
        documentKey: `order-${index}`,
        truth,
        schema: orderSchema,
        plant: plant(rates),
      });
      const answer = answered(truth, plan);
      const found = differences(truth, answer);
      expect(plan.leaves, `order ${index}`).toBe(count);
      expect(found.wrong.length, `order ${index}`).toBe(Math.round(0.25 * count));
      expect(found.missing.length, `order ${index}`).toBe(Math.round(0.1 * count));
      expect(found.invented.length, `order ${index}`).toBe(Math.round(0.1 * count));
      for (const kind of ['wrong', 'missing', 'invented'] as const)
        expect(sorted(found[kind]), `order ${index} ${kind}`).toEqual(sorted(pathsOf(plan, kind)));
      expect(Order.safeParse(answer).error, `order ${index}`).toBeUndefined();
      for (const path of found.invented) invented.add(path.replace(/\[\d+\]/g, '[]'));
    }
    // Null leaves, null leaves of array items and keys the truth leaves out all get invented values.
    expect([...invented]).toEqual(expect.arrayContaining(['coupon', 'lines[].gift', 'trackingCode']));
  });

  it('lets a field go missing as null where the schema allows null, else by leaving out an optional key', () => {
    const plan = planPlantedMistakes({
      seed: 1,
      documentKey: 'order',
      truth: orders[4],
      schema: orderSchema,
      plant: plant({ missingRate: 1 }),
    });
    const missing = new Map(plan.mistakes.map((mistake) => [formatPath(mistake.path), mistake]));
    expect(missing.get('customer')).toMatchObject({ kind: 'missing', value: null });
    expect(missing.get('note')).toMatchObject({ kind: 'missing', value: undefined });
    expect(missing.get('orderNumber')?.kind).toBe('wrong');
    expect(Order.safeParse(answered(orders[4], plan)).success).toBe(true);
  });

  it('is the same for the same seed and document, and differs with the seed', () => {
    const plan = (seed: number, documentKey: string) =>
      planPlantedMistakes({
        seed,
        documentKey,
        truth: invoiceTruth,
        schema: null,
        plant: plant({ wrongRate: 0.3 }),
      });
    expect(plan(5, 'a')).toEqual(plan(5, 'a'));
    const paths = (seed: number, key: string) => sorted(pathsOf(plan(seed, key), 'wrong')).join();
    const bySeed = new Set([1, 2, 3, 4, 5, 6].map((seed) => paths(seed, 'a')));
    expect(bySeed.size).toBeGreaterThan(1);
    expect(
      planPlantedMistakes({
        seed: 1,
        documentKey: 'a',
        truth: invoiceTruth,
        schema: null,
        plant: plant({ wrongRate: 0.3, seed: 5 }),
      }),
    ).toEqual(plan(5, 'a'));
  });

  it('answers every shipped invoice with values that pass the invoice schema; required fields go wrong, not missing', () => {
    const schema = toOutputJsonSchema(Invoice) as JsonSchema;
    const samples = loadSamples('invoice');
    expect(samples.length).toBeGreaterThan(10);
    for (const sample of samples) {
      const plan = planPlantedMistakes({
        seed: 7,
        documentKey: sample.id,
        truth: sample.truth,
        schema,
        plant: plant({ wrongRate: 0.3, missingRate: 0.2 }),
      });
      const answer = answered(sample.truth, plan);
      const found = differences(sample.truth, answer);
      const count = leaves(sample.truth).size;
      expect(Invoice.safeParse(answer).error, sample.id).toBeUndefined();
      expect(found.wrong.length, sample.id).toBe(Math.round(0.3 * count) + Math.round(0.2 * count));
      expect(found.missing, sample.id).toEqual([]);
    }
  });

  it('answers every shipped support ticket with values that pass its schema', () => {
    const schema = toOutputJsonSchema(SupportTicket) as JsonSchema;
    for (const sample of loadSamples('support-ticket')) {
      const truth = sample.truth;
      const plan = planPlantedMistakes({
        seed: 2,
        documentKey: sample.id,
        truth,
        schema,
        plant: plant({ wrongRate: 0.4, missingRate: 0.2, inventedRate: 0.2 }),
      });
      const answer = answered(truth, plan) as Record<string, unknown>;
      expect(SupportTicket.safeParse(answer).error, sample.id).toBeUndefined();
      // The only field that may be empty is the email: missing as null, invented where it is null.
      if (truth.customerEmail === null)
        expect(pathsOf(plan, 'invented'), sample.id).toEqual(['customerEmail']);
      else expect(pathsOf(plan, 'missing'), sample.id).toEqual(['customerEmail']);
    }
  });

  it('rounds the share as written in decimals, half up', () => {
    const truth = { items: Array.from({ length: 25 }, (_, n) => `item ${n}`) };
    const wanted = (wrongRate: number) =>
      planPlantedMistakes({ seed: 1, documentKey: 'd', truth, schema: null, plant: plant({ wrongRate }) })
        .wanted.wrong;
    // 0.58 × 25 is 14.499999999999998 in binary floating point.
    expect([0.58, 0.1, 0.02, 0.01, 1].map(wanted)).toEqual([15, 3, 1, 0, 25]);
  });

  it('plants fewer than wanted only where the document has no field for them', () => {
    const plan = planPlantedMistakes({
      seed: 1,
      documentKey: 'x',
      truth: invoiceTruth,
      schema: toOutputJsonSchema(Invoice) as JsonSchema,
      plant: plant({ inventedRate: 0.5 }),
    });
    expect(plan.wanted.invented).toBe(Math.round(0.5 * leaves(invoiceTruth).size));
    expect(plan.mistakes).toEqual([]);
  });
});

describe('PlantOptions', () => {
  it('refuses shares outside 0..1, wrong and missing shares over 1 together, and unknown keys', () => {
    expect(PlantOptions.safeParse({ wrongRate: 1.5 }).success).toBe(false);
    expect(PlantOptions.safeParse({ inventedRate: -0.1 }).success).toBe(false);
    expect(PlantOptions.safeParse({ wrongRate: Number.NaN }).success).toBe(false);
    expect(PlantOptions.safeParse({ wrongRate: 0.6, missingRate: 0.5 }).error?.issues[0]?.message).toMatch(
      /add up to more than 1/,
    );
    expect(PlantOptions.safeParse({ wrongrate: 0.1 }).success).toBe(false);
    expect(PlantOptions.parse({})).toEqual({ wrongRate: 0, missingRate: 0, inventedRate: 0 });
  });
});
