import type { AttemptRecord } from '../attempts/attempt-record';
import type { ModelResponse, ResponsePart } from '../model/model-response';

/** The reply a stored attempt describes, rebuilt so it can be validated again without a model call. */
export function responseFromRecord(record: AttemptRecord, toolName: string): ModelResponse {
  const content: ResponsePart[] = [];
  const input =
    record.strategy === 'tool' && record.toolCallId !== null ? parseOrNull(record.rawOutput) : null;
  if (input && record.toolCallId !== null) {
    content.push({ type: 'tool_call', id: record.toolCallId, name: toolName, input: input.value });
  } else if (record.rawOutput !== '') {
    content.push({ type: 'text', text: record.rawOutput });
  }
  return {
    content,
    stopReason: record.stopReason,
    usage: record.usage,
    requestId: record.requestId,
    model: record.model,
    messageId: record.messageId ?? null,
    refusalCategory: record.refusalCategory ?? null,
  };
}

function parseOrNull(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}
