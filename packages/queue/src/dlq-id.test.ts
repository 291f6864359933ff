import { describe, expect, it } from 'vitest';
import { dlqIdFor, isDlqId } from './dlq-id';

describe('isDlqId', () => {
  it('accepts the ids dlqIdFor makes and nothing BullMQ keeps next to the jobs', () => {
    expect(isDlqId(dlqIdFor({ id: 'order-42', timestamp: 1 }))).toBe(true);
    for (const name of ['meta', 'id', 'events', 'wait', 'dlq-', 'dlq-XYZ', `dlq-${'a'.repeat(33)}`]) {
      expect(isDlqId(name), name).toBe(false);
    }
  });
});
