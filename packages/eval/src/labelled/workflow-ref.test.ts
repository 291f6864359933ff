import { describe, expect, it } from 'vitest';
import { parseWorkflowRef } from './workflow-ref';

describe('parseWorkflowRef', () => {
  it('reads name and name@version (v optional)', () => {
    expect(parseWorkflowRef('invoice')).toEqual({ name: 'invoice' });
    expect(parseWorkflowRef('support-ticket@12')).toEqual({ name: 'support-ticket', version: 12 });
    expect(parseWorkflowRef('invoice@v2')).toEqual({ name: 'invoice', version: 2 });
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      'Invoice',
      '1nvoice',
      'invoice@',
      'invoice@0',
      'invoice@01',
      'invoice@12345678',
      'a@1@2',
      `a${'b'.repeat(64)}`,
    ])
      expect(parseWorkflowRef(text)).toBeNull();
  });
});
