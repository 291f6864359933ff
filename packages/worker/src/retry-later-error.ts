import type { RetryReasonKind } from '@quarry/core';

/**
 * Thrown by the processor to fail one job attempt and have BullMQ retry the job after `delayMs`
 * (read by {@link quarryBackoffStrategy}). Its message is the original error's message.
 */
export class RetryLaterError extends Error {
  override readonly name = 'RetryLaterError';
  readonly delayMs: number;
  readonly kind: RetryReasonKind;

  constructor(options: { delayMs: number; kind: RetryReasonKind; message: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.delayMs = options.delayMs;
    this.kind = options.kind;
  }
}
