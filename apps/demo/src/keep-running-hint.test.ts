import { describe, expect, it } from 'vitest';
import { keepRunningHint, keptKeysHint } from './keep-running-hint';

describe('keepRunningHint', () => {
  it('prints a paste-able export block with the run’s Redis, prefix and blob directory, and two commands', () => {
    const hint = keepRunningHint({
      redisUrl: 'redis://127.0.0.1:6390',
      prefix: '{quarry-demo-1a2b3c4d}',
      blobDir: '/tmp/quarry-demo-blobs-x',
    });
    expect(hint).toContain(
      "  export REDIS_URL='redis://127.0.0.1:6390' QUARRY_PREFIX='{quarry-demo-1a2b3c4d}' QUARRY_BLOB_DIR='/tmp/quarry-demo-blobs-x'\n",
    );
    expect(hint).toContain('  pnpm quarry dlq list\n');
    expect(hint).toContain('  pnpm quarry enqueue --workflow invoice --file examples/invoice.pdf --wait\n');
    expect(hint).toContain('press Ctrl-C to stop them');
  });

  it('leaves QUARRY_BLOB_DIR out for text documents and suggests the text example', () => {
    const hint = keepRunningHint({ redisUrl: 'redis://127.0.0.1:6379', prefix: '{p}', blobDir: null });
    expect(hint).toContain("  export REDIS_URL='redis://127.0.0.1:6379' QUARRY_PREFIX='{p}'\n");
    expect(hint).not.toContain('QUARRY_BLOB_DIR');
    expect(hint).toContain('--file examples/invoice.txt --wait');
  });

  it('exports QUARRY_WORKFLOWS when the run served workflows from files, so the CLI knows them too', () => {
    const hint = keepRunningHint({
      redisUrl: 'redis://127.0.0.1:6379',
      prefix: '{p}',
      blobDir: null,
      workflowFiles: ['./workflows', "/srv/it's.workflow.yaml"],
    });
    expect(hint).toContain(
      "  export REDIS_URL='redis://127.0.0.1:6379' QUARRY_PREFIX='{p}' QUARRY_WORKFLOWS='./workflows,/srv/it'\\''s.workflow.yaml'\n",
    );
    expect(
      keepRunningHint({ redisUrl: 'redis://127.0.0.1:6379', prefix: '{p}', blobDir: null }),
    ).not.toContain('QUARRY_WORKFLOWS');
  });

  it('never prints the Redis password, and says it was left out', () => {
    const hint = keepRunningHint({ redisUrl: 'redis://:s3cret@10.0.0.5:6379', prefix: '{p}', blobDir: null });
    expect(hint).not.toContain('s3cret');
    expect(hint).toContain('redis://:***@10.0.0.5:6379');
    expect(hint).toContain('the password of REDIS_URL is left out');
  });

  it('quotes hostile paths for the shell and neutralises control characters', () => {
    const hint = keepRunningHint({
      redisUrl: 'redis://127.0.0.1:6379',
      prefix: '{p}',
      blobDir: "/tmp/it's $(rm -rf ~)\u001b[2J",
    });
    expect(hint).toContain(`QUARRY_BLOB_DIR='/tmp/it'\\''s $(rm -rf ~)\\u001b[2J'`);
    expect(hint).not.toContain('\u001b');
  });
});

describe('keptKeysHint', () => {
  it('names the Redis the run used, not the default one', () => {
    const hint = keptKeysHint({ redisUrl: 'redis://127.0.0.1:6390', prefix: '{quarry-demo-1}' });
    expect(hint).toBe(
      "Kept the run's keys under {quarry-demo-1}; delete them with: redis-cli -u 'redis://127.0.0.1:6390' --scan --pattern '{quarry-demo-1}*' | xargs redis-cli -u 'redis://127.0.0.1:6390' unlink",
    );
  });

  it('never prints the Redis password', () => {
    const hint = keptKeysHint({ redisUrl: 'redis://user:pw@h:1', prefix: '{p}' });
    expect(hint).not.toContain(':pw@');
    expect(hint).toContain('put yours back in');
  });
});
