import { describe, expect, it } from 'vitest';
import cliPackage from '../package.json' with { type: 'json' };
import { runQuarry } from './test-fixtures/cli-run';

/** Runs the CLI in-process against a Redis that is not there (nothing here may reach Redis). */
const run = (argv: string[], env: Record<string, string> = {}) =>
  runQuarry(argv, { REDIS_URL: 'redis://127.0.0.1:1', ...env });

/** `enqueue` arguments naming a workflow and a text, then `flags`. */
const withText = (...flags: string[]) => ['-w', 'invoice', '--text', 'x', ...flags];

/** Rows of `flag` refusing each of `values` (a negative one given as `--flag=value`). */
const refusedValues = (flag: string, must: string, values: readonly string[]) =>
  values.map((value) => [
    value.startsWith('-') ? withText(`${flag}=${value}`) : withText(flag, value),
    `${flag} must be ${must}, got "${value}"`,
  ]);

describe('quarry', () => {
  it('lists the commands on --help and help, and asks for one without arguments', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const help = await run(argv);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/^Usage: quarry <command> \[options\]\n/);
      expect(help.stdout).toMatch(/\nCommands:\n {2}enqueue \[options\] +enqueue an extraction job/);
      for (const group of ['dlq', 'replay-dlq', 'review'])
        expect(help.stdout).toMatch(new RegExp(`\\n {2}${group} `));
    }
    const none = await run([]);
    expect(none.code).toBe(1);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('Usage: quarry <command>');
    const group = await run(['dlq']);
    expect(group.code).toBe(1);
    expect(group.stderr).toMatch(/^Usage: quarry dlq \[options\] \[command\]\n/);
    expect(group.stderr).toMatch(/\n {2}list \[options\] +list dead-letter records/);
  });

  it('prints its version on --version and -V, and describes every command group in --help', async () => {
    for (const argv of [['--version'], ['-V'], ['--version', 'extra']]) {
      const printed = await run(argv);
      expect(printed).toMatchObject({ code: 0, stdout: `${cliPackage.version}\n`, stderr: '' });
    }
    const help = await run(['--help']);
    expect(help.stdout).toMatch(/\n {2}-V, --version +print the version of quarry\n/);
    for (const group of ['dlq', 'review', 'batches', 'workflows', 'blobs'])
      expect(help.stdout).toMatch(new RegExp(`\\n {2}${group} +\\S.{9,}`));
  });

  it('names an unknown command, with a suggestion and the usage hint', async () => {
    const result = await run(['enqeue']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'quarry: unknown command \'enqeue\'\n(Did you mean enqueue?)\nRun "quarry --help" for usage.\n',
    );
    const sub = await run(['dlq', 'lst']);
    expect(sub.code).toBe(1);
    expect(sub.stderr).toMatch(/^quarry dlq: unknown command 'lst'\n\(Did you mean list\?\)\n/);
  });

  it.each([
    [['dlq', 'show'], "quarry dlq show: missing required argument 'dlqId'"],
    [
      ['dlq', 'show', 'a', 'b'],
      "quarry dlq show: too many arguments for 'show'. Expected 1 argument but got 2.",
    ],
    [['review', 'ack'], 'quarry review ack: give the id of at least one job to acknowledge'],
    [['review', 'list', '--limit', '0'], 'quarry review list: --limit must be a positive integer, got "0"'],
    [
      ['review', 'list', '--limit', '2.5'],
      'quarry review list: --limit must be a positive integer, got "2.5"',
    ],
    [
      ['dlq', 'prune', '--older-than', 'soon'],
      'quarry dlq prune: --older-than must be a duration such as 7d or 12h, got "soon"',
    ],
    [
      ['dlq', 'prune', '--older-than', '0h'],
      'quarry dlq prune: --older-than must be a duration such as 7d or 12h, got "0h"',
    ],
    [
      ['replay-dlq', '--all', '--concurrency', ''],
      'quarry replay-dlq: --concurrency must be an integer from 1 to 64, got ""',
    ],
    [['dlq', 'list', '--limit'], "quarry dlq list: option '--limit <N>' argument missing"],
    [['dlq', 'groups', '--json=yes'], "quarry dlq groups: unknown option '--json=yes'"],
  ])('exits 1 naming bad usage of %j before touching Redis, with the usage hint', async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `${message}\nRun "quarry ${argv.slice(0, argv[0] === 'replay-dlq' ? 1 : 2).join(' ')} --help" for usage.\n`,
    );
  });
});

describe('quarry enqueue', () => {
  it('prints its help with --help and -h', async () => {
    for (const flag of ['--help', '-h']) {
      const result = await run(['enqueue', flag]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: quarry enqueue --workflow <name>/);
      expect(result.stdout).toMatch(
        /\n {2}-w, --workflow <name> +workflow to run \(invoice, support-ticket, or one that\n {25}QUARRY_WORKFLOWS loads\)\n/,
      );
      expect(result.stdout).toMatch(
        /\nExit codes: 0 enqueued or completed, .*\n2 dead-lettered, 3 --wait timed out/,
      );
      expect(result.stdout).toMatch(/\n {2}REDIS_URL +redis:\/\/ or rediss:\/\/ URL/);
    }
  });

  it.each([
    [['--text', 'x'], '--workflow <name> is required'],
    [['-w', 'invoice'], 'give exactly one of --file <path> or --text <string>'],
    [withText('--file', 'a.txt'), 'give exactly one of --file <path> or --text <string>'],
    [withText('--version', '1.5'), '--version must be a positive integer, got "1.5"'],
    [withText('--wait', '--timeout', 'soon'), '--timeout must be a positive number of seconds, got "soon"'],
    [withText('--timeout', '5'), '--timeout only applies with --wait'],
    [withText('--effort', 'turbo'), '--effort must be one of low, medium, high, xhigh, max, got "turbo"'],
    [withText('--priority', '1'), "unknown option '--priority'"],
    ...refusedValues('--max-tokens', 'a positive whole number of tokens', ['-5', '0', '2.5', 'lots', '1e6']),
    ...refusedValues('--max-cost-usd', 'a positive number of US dollars', [
      '-1',
      'NaN',
      'Infinity',
      '$5',
      '',
      '0x10',
    ]),
    [withText('extra'), "too many arguments for 'enqueue'. Expected 0 arguments but got 1."],
    [['-w', '', '--text', 'x'], '--workflow must name a workflow, got ""'],
  ])('exits 1 on bad usage %j', async (args, message) => {
    const result = await run(['enqueue', ...args]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`quarry enqueue: ${message}`);
    expect(result.stderr).toContain('Run "quarry enqueue --help" for usage.');
  });

  it('exits 1 listing every problem of an invalid job, before touching Redis', async () => {
    const result = await run(['enqueue', '--workflow', 'invoice', '--text', '', '--scope', 'x'.repeat(200)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'quarry enqueue: invalid job, nothing was enqueued:\n' +
        '  - historyScope: Too big: expected string to have <=128 characters\n' +
        '  - input.text: text must not be empty\n',
    );
  });

  it('exits 1 naming a budget over the limits, before touching Redis', async () => {
    const result = await run([
      'enqueue',
      ...withText('--max-tokens', '9'.repeat(30), '--max-cost-usd', '1000000'),
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'quarry enqueue: --max-tokens must be a positive whole number of tokens, got "999999999999999999999999999999"\n' +
        'Run "quarry enqueue --help" for usage.\n',
    );
    const huge = await run([
      'enqueue',
      ...withText('--max-tokens', '200000000', '--max-cost-usd', '1000000'),
    ]);
    expect(huge.code).toBe(1);
    expect(huge.stderr).toBe(
      'quarry enqueue: invalid job, nothing was enqueued:\n' +
        '  - budget.maxTokens: must be at most 100000000 tokens\n' +
        '  - budget.maxCostUsd: must be at most 1000 US dollars\n',
    );
  });

  it('exits 1 naming an unreadable file and bad configuration', async () => {
    const missing = await run(['enqueue', '-w', 'invoice', '--file', 'no/such/file.txt']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('quarry enqueue: cannot read --file no/such/file.txt (ENOENT)');
    const config = await run(['enqueue', '-w', 'invoice', '--text', 'x'], {
      QUARRY_PREFIX: 'quarry',
      REDIS_URL: 'http://localhost',
    });
    expect(config.code).toBe(1);
    expect(config.stderr).toContain(
      'quarry enqueue: Invalid CLI configuration:\n' +
        '- REDIS_URL: expected a redis:// or rediss:// URL, e.g. redis://:password@host:6379/0, got http://localhost/\n' +
        '- QUARRY_PREFIX: expected a key prefix containing a {hash tag}, e.g. {quarry}, got "quarry"\n',
    );
  });
});

describe('quarry output neutralisation', () => {
  it('escapes control characters of an unknown command name instead of sending them to the terminal', async () => {
    const result = await run(['\u001b]0;pwned\u0007\u001b[2J']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^quarry: unknown command '\\u001b\]0;pwned\\u0007\\u001b\[2J'\n/);
    expect(result.stderr).not.toContain('\u001b');
  });
});

describe('quarry help and usage errors', () => {
  const commandNames = [
    'enqueue',
    'dlq list',
    'dlq show',
    'dlq groups',
    'replay-dlq',
    'dlq prune',
    'review list',
    'review ack',
    'batches list',
    'batches show',
    'batches cancel',
    'workflows stats',
    'blobs gc',
  ];

  it.each(commandNames)('quarry %s --help shows examples of that command', async (name) => {
    const help = await run([...name.split(' '), '--help']);
    expect(help.code).toBe(0);
    const examples = help.stdout.split('\nExamples:\n')[1]?.split('\n\n')[0]?.split('\n') ?? [];
    expect(examples.length).toBeGreaterThan(0);
    for (const line of examples) expect(`${line} `.startsWith(`  quarry ${name} `), line).toBe(true);
  });

  it('replay-dlq without a choice of records names the flags that choose them, before touching Redis', async () => {
    for (const argv of [['replay-dlq'], ['replay-dlq', '--limit', '5', '--yes']]) {
      const result = await run(argv);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        'quarry replay-dlq: choose the records to replay with --ids, --fingerprint, --workflow, --reason, --since or --until, or pass --all\nRun "quarry replay-dlq --help" for usage.\n',
      );
    }
  });

  it.each([
    [['--concurrency', '0'], '--concurrency must be an integer from 1 to 64, got "0"'],
    [['--concurrency', '2.5'], '--concurrency must be an integer from 1 to 64, got "2.5"'],
    [['--concurrency', '65'], '--concurrency must be an integer from 1 to 64, got "65"'],
    [['--rate', 'fast'], '--rate must be a positive number of jobs per second, got "fast"'],
    [['--rate=-1'], '--rate must be a positive number of jobs per second, got "-1"'],
    [['--rate', '1e9'], '--rate must be a positive number of jobs per second, got "1e9"'],
    [['--max-attempts', '0'], '--max-attempts must be an integer from 1 to 20, got "0"'],
    [['--max-attempts', '21'], '--max-attempts must be an integer from 1 to 20, got "21"'],
  ])('replay-dlq %j is refused naming the flag', async (flags, message) => {
    const result = await run(['replay-dlq', '--all', ...flags]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`quarry replay-dlq: ${message}\n`);
  });

  it('enqueue --help says what each value flag takes', async () => {
    const help = (await run(['enqueue', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('a PDF, PNG, JPEG, WebP or GIF (told from its bytes) goes to the blob store');
    expect(help).toContain('(a whole number from 1 to 100,000,000)');
    expect(help).toContain('(a positive number up to 1000;');
    expect(help).toContain('how long --wait waits, in seconds (a positive number; default 120)');
    expect(help).toContain('reviewReasons?');
  });
});
