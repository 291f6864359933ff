/** Which input of a webhook subscription is wrong. */
export type WebhookInputProblem = 'url' | 'workflow' | 'events' | 'tenant' | 'subscription';

/** A webhook subscription input was refused; `problem` names the input and the message says why. */
export class WebhookInputError extends Error {
  override readonly name = 'WebhookInputError';
  readonly problem: WebhookInputProblem;

  constructor(options: { problem: WebhookInputProblem; message: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.problem = options.problem;
  }
}
