import type { RedisCheckFinding, RedisCheckReport } from './redis-self-check';

/** The Redis self-check found something that makes Redis unsafe for Quarry; the message names each problem. */
export class RedisSelfCheckError extends Error {
  override readonly name = 'RedisSelfCheckError';
  readonly findings: readonly RedisCheckFinding[];

  constructor(options: { readonly report: RedisCheckReport }) {
    const errors = options.report.findings.filter((finding) => finding.level === 'error');
    super(`Redis is not safe for Quarry:\n${errors.map((finding) => `- ${finding.message}`).join('\n')}`);
    this.findings = errors;
  }
}
