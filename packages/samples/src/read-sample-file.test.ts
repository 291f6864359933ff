import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSampleFile } from './read-sample-file';
import { SampleFileError } from './sample-file-error';

const dir = mkdtempSync(join(tmpdir(), 'quarry-samples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ticket = {
  id: 'ticket-1',
  workflow: 'support-ticket',
  version: 1,
  text: 'From: a@b.co\n\nMy parcel is late.',
  truth: {
    category: 'shipping',
    priority: 'normal',
    summary: 'Parcel is late.',
    customerEmail: 'a@b.co',
    confidence: 0.9,
  },
};

function write(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

function errorOf(file: string): SampleFileError {
  try {
    readSampleFile(file);
  } catch (error) {
    if (error instanceof SampleFileError) return error;
    throw error;
  }
  throw new Error('expected a SampleFileError');
}

describe('readSampleFile', () => {
  it('returns valid samples with their truths parsed', () => {
    expect(readSampleFile(write('support-ticket.json', [ticket]))).toEqual([ticket]);
  });

  it.each([
    ['invalid JSON', '[{', null, 'is not valid JSON'],
    ['not an array', { samples: [] }, null, 'must hold a JSON array of samples'],
    ['a malformed sample', [{ ...ticket, id: 'Ticket 1' }], null, 'entry 0: ✖ sample id must be lower-case'],
    [
      'a sample of another workflow',
      [{ ...ticket, workflow: 'invoice' }],
      'ticket-1',
      'workflow is "invoice", expected "support-ticket"',
    ],
    ['a duplicate id', [ticket, ticket], 'ticket-1', 'duplicate sample id'],
    [
      'an unknown version',
      [{ ...ticket, version: 9 }],
      'ticket-1',
      'no workflow support-ticket@v9 is registered',
    ],
    [
      'a truth breaking the schema',
      [{ ...ticket, truth: { ...ticket.truth, priority: 'asap' } }],
      'ticket-1',
      'truth breaks the output schema: ✖ Invalid option',
    ],
  ])('rejects %s, naming the file, the sample and the problem', (_name, content, sampleId, problem) => {
    const file = write('support-ticket.json', content);
    const error = errorOf(file);
    expect(error.name).toBe('SampleFileError');
    expect(error.file).toBe(file);
    expect(error.sampleId).toBe(sampleId);
    expect(error.message).toContain(problem);
    expect(error.message.startsWith(sampleId ? `${file} (sample ${sampleId}): ` : `${file}: `)).toBe(true);
  });

  it('rejects a missing file with the cause attached', () => {
    const error = errorOf(join(dir, 'missing.json'));
    expect(error.message).toMatch(/missing\.json: cannot be read; sample files there: /);
    expect((error.cause as NodeJS.ErrnoException).code).toBe('ENOENT');
  });
});
