import { describe, expect, it } from 'vitest';
import { defaultModelTable } from './default-model-table';
import { modelSpecOf } from './model-spec-of';
import { requestRulesOf } from './request-rules';

const rules = (model: string) => requestRulesOf(modelSpecOf(model, defaultModelTable));

describe('requestRulesOf', () => {
  it('asks for the tool with tool_choice auto on models that reject forced tool use', () => {
    for (const model of ['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-fable-5-1']) {
      expect(rules(model)).toEqual({ toolChoice: 'auto', replayToolCalls: false });
    }
  });

  it('keeps forced tool use, and replays tool calls, where the model accepts it', () => {
    for (const model of ['claude-haiku-5-5', 'claude-sonnet-4-6', 'claude-sonnet-4-5', 'claude-haiku-4-5']) {
      expect(rules(model)).toEqual({ toolChoice: 'forced', replayToolCalls: true });
    }
    expect(requestRulesOf(null)).toEqual({ toolChoice: 'forced', replayToolCalls: true });
  });

  it('asks with tool_choice auto when a fallback model rejects forced tool use', () => {
    const spec = (model: string) => modelSpecOf(model, defaultModelTable);
    expect(requestRulesOf(spec('claude-haiku-5-5'), [spec('claude-sonnet-5-5')])).toEqual({
      toolChoice: 'auto',
      replayToolCalls: false,
    });
    expect(requestRulesOf(spec('claude-sonnet-4-5'), [spec('claude-haiku-4-5')])).toEqual({
      toolChoice: 'forced',
      replayToolCalls: true,
    });
  });
});
