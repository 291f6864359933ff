import { describe, expect, it } from 'vitest';
import { factsFromInfo, parseInfo } from './redis-facts';
import { evaluateRedisFacts } from './redis-self-check';

const info = (fields: Record<string, string>) =>
  `# Server\r\n${Object.entries(fields)
    .map(([key, value]) => `${key}:${value}`)
    .join('\r\n')}\r\n`;

const healthy = {
  redis_version: '7.2.4',
  maxmemory_policy: 'noeviction',
  aof_enabled: '1',
  cluster_enabled: '0',
};
const facts = (fields: Record<string, string>) => factsFromInfo(parseInfo(info(fields)));

describe('evaluateRedisFacts', () => {
  it('reads the facts from INFO', () => {
    expect(facts(healthy)).toEqual({
      version: '7.2.4',
      maxmemoryPolicy: 'noeviction',
      aofEnabled: true,
      clusterEnabled: false,
    });
  });

  it('passes a production Redis and reports its version', () => {
    const report = evaluateRedisFacts(facts(healthy), { prefix: '{quarry}' });
    expect(report.ok).toBe(true);
    expect(report.findings).toEqual([{ level: 'info', code: 'version', message: 'Redis 7.2.4' }]);
  });

  it('refuses an evicting Redis, naming the setting and the override', () => {
    const report = evaluateRedisFacts(facts({ ...healthy, maxmemory_policy: 'allkeys-lru' }), {
      prefix: '{quarry}',
      overrideHint: 'set REDIS_ALLOW_EVICTION=true to start anyway',
    });
    expect(report.ok).toBe(false);
    const error = report.findings.find((finding) => finding.level === 'error');
    expect(error?.code).toBe('eviction_policy');
    expect(error?.message).toContain('maxmemory-policy is "allkeys-lru"');
    expect(error?.message).toContain('maxmemory-policy noeviction');
    expect(error?.message).toContain('REDIS_ALLOW_EVICTION=true');
  });

  it('only warns about eviction when it is explicitly allowed', () => {
    const report = evaluateRedisFacts(facts({ ...healthy, maxmemory_policy: 'volatile-lru' }), {
      prefix: '{quarry}',
      allowEviction: true,
    });
    expect(report.ok).toBe(true);
    expect(report.findings.map((finding) => [finding.level, finding.code])).toContainEqual([
      'warning',
      'eviction_policy',
    ]);
  });

  it('warns when the append-only file is off, and about a prefix without hash tag on a cluster', () => {
    const report = evaluateRedisFacts(facts({ ...healthy, aof_enabled: '0', cluster_enabled: '1' }), {
      prefix: 'quarry',
    });
    expect(report.ok).toBe(true);
    expect(
      report.findings.filter((finding) => finding.level === 'warning').map((finding) => finding.code),
    ).toEqual(['aof_off', 'no_hash_tag']);
    const tagged = evaluateRedisFacts(facts({ ...healthy, cluster_enabled: '1' }), { prefix: '{quarry}' });
    expect(tagged.findings.map((finding) => finding.code)).not.toContain('no_hash_tag');
  });

  it('refuses a Redis older than 5 and warns below 6.2', () => {
    expect(evaluateRedisFacts(facts({ ...healthy, redis_version: '4.0.14' }), { prefix: '{q}' }).ok).toBe(
      false,
    );
    const old = evaluateRedisFacts(facts({ ...healthy, redis_version: '6.0.9' }), { prefix: '{q}' });
    expect(old.ok).toBe(true);
    expect(old.findings.map((finding) => `${finding.level}:${finding.code}`)).toContain(
      'warning:old_version',
    );
  });

  it('warns when INFO hides the policy', () => {
    const report = evaluateRedisFacts(facts({ redis_version: '7.2.4' }), { prefix: '{q}' });
    expect(report.findings.map((finding) => finding.code)).toContain('policy_unknown');
  });
});
