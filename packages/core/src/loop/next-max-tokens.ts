import type { AttemptRecord } from '../attempts/attempt-record';
import type { ExtractSettings } from './extract-defaults';

/**
 * The output token limit of the attempt after `record`: doubled after a reply cut off at
 * `max_tokens`, kept otherwise, always within [`settings.maxTokens`, `settings.maxTokensCap`].
 */
export function nextMaxTokens(
  record: AttemptRecord,
  settings: Pick<ExtractSettings, 'maxTokens' | 'maxTokensCap'>,
): number {
  const wanted = record.stopReason === 'max_tokens' ? record.maxTokens * 2 : record.maxTokens;
  return Math.max(settings.maxTokens, Math.min(settings.maxTokensCap, wanted));
}
