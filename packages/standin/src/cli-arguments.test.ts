import { describe, expect, it } from 'vitest';
import { parseCliArguments } from './cli-arguments';
import { startStandin } from './start-standin';

const files: Record<string, string> = {
  'corpus.json': JSON.stringify([{ workflow: 'invoice', text: 'INVOICE', truth: {} }]),
  'script.json': JSON.stringify([{ kind: 'empty' }]),
  '/conf/config.json': JSON.stringify({
    simulate: { corpus: 'corpus.json' },
    latency: { meanMs: 5 },
    documentKey: 'ref (\\w+)',
    files: { maxFiles: 50 },
  }),
  '/conf/corpus.json': JSON.stringify([{ workflow: 'support-ticket', text: 'TICKET', truth: {} }]),
  'typo.json': JSON.stringify({ fault: {} }),
};
const read = (path: string): string => {
  const text = files[path];
  if (text === undefined) throw new Error(`ENOENT: no such file '${path}'`);
  return text;
};
const parse = (args: string) => parseCliArguments(args.split(' ').filter(Boolean), read);

describe('parseCliArguments', () => {
  it('builds simulated-model options from flags', () => {
    const command = parse(
      '--port 0 --mode simulated --corpus corpus.json --seed 4 --mistake-rate 0.3 --unfixable-rate 0.03 ' +
        '--mistake-kinds wrongType=2,dateFormat --persistent invoice:lineItems[].amount:wrongType ' +
        '--fault-rate-limit 0.05 --retry-after 2 --fault-refusal-category cyber ' +
        '--latency-mean 200 --latency-jitter 150 --no-record',
    );
    expect(command).toEqual({
      kind: 'start',
      options: {
        port: 0,
        seed: 4,
        record: false,
        script: undefined,
        simulate: {
          corpus: [{ workflow: 'invoice', text: 'INVOICE', truth: {} }],
          seed: 4,
          mistakes: { rate: 0.3, unfixableRate: 0.03, kinds: { wrongType: 2, dateFormat: 1 } },
          persistentMistakes: [{ workflow: 'invoice', path: 'lineItems[].amount', mutation: 'wrongType' }],
        },
        faults: { rateLimit: 0.05, retryAfterSeconds: 2, refusalCategory: 'cyber' },
        latency: { meanMs: 200, jitterMs: 150 },
      },
    });
  });

  it('reads the hallucination flags', () => {
    expect(
      parse('--corpus corpus.json --hallucination-rate 0.1 --hallucination-quote-rate 0.25'),
    ).toMatchObject({ options: { simulate: { hallucinations: { rate: 0.1, quoteRate: 0.25 } } } });
    expect(() => parse('--corpus corpus.json --hallucination-rate often')).toThrow(
      expect.objectContaining({ problems: ['--hallucination-rate: "often" is not a number'] }),
    );
  });

  it('reads the plant flags over the config file, and a labelled set for main to read', async () => {
    files['/conf/plant.json'] = JSON.stringify({
      simulate: { corpus: 'corpus.json', plant: { inventedRate: 0.05, seed: 9 } },
    });
    expect(
      parse(
        '--config /conf/plant.json --plant-wrong-rate 0.2 --plant-missing-rate 0.1 --labelled-set /sets/a',
      ),
    ).toMatchObject({
      labelledSet: '/sets/a',
      options: { simulate: { plant: { wrongRate: 0.2, missingRate: 0.1, inventedRate: 0.05, seed: 9 } } },
    });
    // A labelled set alone makes the simulated mode; without it, no labelledSet is passed on.
    expect(parse('--labelled-set /sets/a')).toMatchObject({
      labelledSet: '/sets/a',
      options: { script: undefined },
    });
    expect(parse('--corpus corpus.json')).not.toHaveProperty('labelledSet');
    expect(() => parse('--corpus corpus.json --plant-wrong-rate most')).toThrow(
      expect.objectContaining({ problems: ['--plant-wrong-rate: "most" is not a number'] }),
    );
    const bad = parse('--corpus corpus.json --plant-wrong-rate 0.7 --plant-missing-rate 0.4');
    if (bad.kind !== 'start') throw new Error('expected options');
    await expect(startStandin(bad.options)).rejects.toThrow(/simulate: .*add up to more than 1/);
    const over = parse('--corpus corpus.json --plant-invented-rate 2');
    if (over.kind !== 'start') throw new Error('expected options');
    await expect(startStandin(over.options)).rejects.toThrow(/simulate: .*plant\.inventedRate/);
  });

  it('reads the rate-limit flags; startStandin names a bad limit', async () => {
    expect(
      parse('--corpus corpus.json --rate-limit-rpm 600 --rate-limit-itpm 200000 --rate-limit-otpm 8000'),
    ).toMatchObject({
      options: {
        rateLimits: { requestsPerMinute: 600, inputTokensPerMinute: 200_000, outputTokensPerMinute: 8000 },
      },
    });
    expect(() => parse('--corpus corpus.json --rate-limit-rpm lots')).toThrow(
      expect.objectContaining({ problems: ['--rate-limit-rpm: "lots" is not a number'] }),
    );
    const bad = parse('--corpus corpus.json --rate-limit-itpm 0');
    if (bad.kind !== 'start') throw new Error('expected options');
    await expect(startStandin(bad.options)).rejects.toThrow(/rateLimits: .*inputTokensPerMinute/);
  });

  it('reads a config file, with the corpus path relative to it, and a script', () => {
    const configured = parse('--config /conf/config.json --latency-jitter 1');
    expect(configured).toMatchObject({
      options: {
        simulate: { corpus: [{ workflow: 'support-ticket' }] },
        latency: { meanMs: 5, jitterMs: 1 },
        documentKey: /ref (\w+)/,
        files: { maxFiles: 50 },
      },
    });
    expect(parse('--script script.json')).toMatchObject({ options: { script: [{ kind: 'empty' }] } });
    expect(parse('--help')).toEqual({ kind: 'help' });
    expect(parse('-- --help')).toEqual({ kind: 'help' });
  });

  it("reads the batch flags over the config file's batches", () => {
    files['/conf/batches.json'] = JSON.stringify({
      script: [],
      batches: { delayMs: 5, maxBatches: 3, shares: { expired: 0.1 } },
    });
    expect(
      parse(
        '--config /conf/batches.json --batch-delay 300000 --batch-cancel-delay 50 --batch-api-error 0.05 ' +
          '--batch-overloaded 0.04 --batch-invalid-request 0.03 --batch-drop-create 0.5 --batch-max-requests 10 ' +
          '--batch-max-body-bytes 4096 --batch-max-stored-requests 99',
      ),
    ).toMatchObject({
      options: {
        batches: {
          delayMs: 300000,
          cancelDelayMs: 50,
          maxBatches: 3,
          maxRequests: 10,
          maxBodyBytes: 4096,
          maxStoredRequests: 99,
          dropCreateResponse: 0.5,
          shares: { apiError: 0.05, overloaded: 0.04, invalidRequest: 0.03, expired: 0.1 },
        },
      },
    });
    expect(parse('--script script.json')).not.toHaveProperty('options.batches');
    expect(() => parse('--script script.json --batch-delay soon --batch-expired')).toThrow(
      /--batch-expired <value>' argument missing/,
    );
    expect(() => parse('--script script.json --batch-delay soon')).toThrow(
      expect.objectContaining({ problems: ['--batch-delay: "soon" is not a number'] }),
    );
  });

  it('names every unusable argument', () => {
    expect(() =>
      parse(
        '--mode simulated --seed x --mistake-kinds nonsense=1 --persistent invoice:total --fault-reset y',
      ),
    ).toThrow(
      expect.objectContaining({
        name: 'InvalidStandinOptionsError',
        problems: [
          '--seed: "x" is not a number',
          expect.stringMatching(/^--mistake-kinds: "nonsense=1" is not KIND=WEIGHT/),
          expect.stringMatching(/^--persistent: "invoice:total" is not WORKFLOW:PATH:KIND/),
          '--fault-reset: "y" is not a number',
          '--mode simulated needs --corpus FILE or --labelled-set DIR',
        ],
      }),
    );
    expect(() => parse('--corpus missing.json')).toThrow(/--corpus missing.json: ENOENT/);
    expect(() => parse('--config typo.json')).toThrow(/--config typo.json: .*fault/);
    expect(() => parse('--bogus')).toThrow(/Unknown option '--bogus'/);
  });
});
