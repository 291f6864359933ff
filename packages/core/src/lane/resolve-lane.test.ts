import { describe, expect, it } from 'vitest';
import { lanePriceFactor } from './lane-price-factor';
import { resolveLane } from './resolve-lane';

describe('resolveLane', () => {
  it('takes the job over the workflow over the worker default, else realtime', () => {
    expect(resolveLane({ job: 'realtime', workflow: 'batch', worker: 'batch' })).toBe('realtime');
    expect(resolveLane({ workflow: 'batch', worker: 'realtime' })).toBe('batch');
    expect(resolveLane({ worker: 'batch' })).toBe('batch');
    expect(resolveLane({})).toBe('realtime');
  });
});

describe('lanePriceFactor', () => {
  it('halves the batch lane and leaves the realtime lane at full price', () => {
    expect(lanePriceFactor('batch')).toBe(0.5);
    expect(lanePriceFactor('realtime')).toBe(1);
  });
});
