import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';

/** A `counted-note` reply quoting its title and its count. */
const reply = (title: string, count: number, quote: string) =>
  ({
    kind: 'json',
    value: { _evidence: { title: `A note about ${title}`, count: quote }, title, count },
  }) as const;

describe('worker grounding of amounts (real Redis, SDK against the stand-in)', () => {
  it('row 146: a count read 1000× smaller from "Items: 1,234" needs review; the job\'s locale settles it', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: {
        ambiguous: [reply('ambiguous', 1.234, 'Items: 1,234')],
        settled: [reply('settled', 1.234, 'Items: 1,234')],
      },
    });
    await h.startWorker();
    const text = (name: string) => `doc:${name} A note about ${name}.\nItems: 1,234\n`;

    const ambiguous = await h.client.enqueue('counted-note', { text: text('ambiguous') });
    const flagged = await h.client.waitForResult(ambiguous.jobId, { timeoutMs: 15_000 });
    expect(flagged).toMatchObject({ data: { count: 1.234 }, attempts: 1, needsReview: true });
    expect(flagged.reviewReasons).toContain(
      'grounding: count: "1,234" reads as 1234 or 1.234 ("," may group thousands or mark decimals); set locale on the workflow or the job for count',
    );
    expect(flagged.fieldConfidence?.count).toBeLessThan(1);

    const settled = await h.client.enqueue('counted-note', { text: text('settled') }, { locale: 'de-DE' });
    const accepted = await h.client.waitForResult(settled.jobId, { timeoutMs: 15_000 });
    expect(accepted).toMatchObject({ data: { count: 1.234 }, attempts: 1, needsReview: false });
    expect(accepted.fieldConfidence).toEqual({ title: 1, count: 1 });
  });

  it('dead-letters a job written with plain BullMQ whose locale is no BCP 47 tag, naming the field', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    await h.startWorker();
    const job = await h.rawQueue().add('extract', {
      workflow: 'counted-note',
      input: { text: 'doc:badlocale A note about badlocale.' },
      locale: 'de_DE',
    });
    const record = await h.dlqRecordOf(job.id as string, 15_000);
    expect(record.reason).toMatchObject({
      kind: 'invalid_payload',
      message:
        'The job data breaks the job contract: locale: must be a BCP 47 language tag of a known language, e.g. de-DE or en-US, got "de_DE"',
    });
    expect(h.requestsFor('badlocale')).toEqual([]);
  });
});
