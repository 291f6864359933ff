import type { RetirementNotice } from '@quarry/core';

/** A configured model (the default model or a workflow's) is past its retirement date: the worker does not start. */
export class RetiredModelError extends Error {
  override readonly name = 'RetiredModelError';
  readonly notices: readonly Extract<RetirementNotice, { kind: 'retired' }>[];

  constructor(options: { readonly notices: readonly Extract<RetirementNotice, { kind: 'retired' }>[] }) {
    super(
      [
        'The worker does not start: a configured model is retired.',
        ...options.notices.map((notice) => `- ${notice.message}`),
      ].join('\n'),
    );
    this.notices = options.notices;
  }
}
