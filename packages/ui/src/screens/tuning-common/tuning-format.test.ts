import { describe, expect, it } from 'vitest';
import { constraintLabel, objectiveLabel, relativeGain, trialStatus, tuningSessionTitle } from './tuning-format';

describe('tuning formats', () => {
  it('titles a session as the spec says', () => {
    expect(tuningSessionTitle({ ml_model_name: 'Qwen/Qwen3-32B', hardware_config: { name: 'H100', count: 8 } })).toBe(
      'Qwen/Qwen3-32B tuning session on 8x H100',
    );
  });

  it('words objectives and constraints as UI.md shows them', () => {
    expect(objectiveLabel({ metric: 'output_throughput', direction: 'maximize' })).toBe('max output tok/s');
    expect(objectiveLabel({ metric: 'tpot_ms.mean', direction: 'minimize' })).toBe('min mean TPOT');
    expect(constraintLabel({ metric: 'ttft_ms.p99', op: '<=', value: 200 })).toBe('p99 TTFT ≤ 200 ms');
    expect(constraintLabel({ metric: 'output_throughput_per_user', op: '>=', value: 20 })).toBe(
      'output tok/s per user ≥ 20.0 tok/s',
    );
  });

  it('measures the gain in the better direction', () => {
    expect(relativeGain(138, 100, 'maximize')).toBeCloseTo(0.38);
    expect(relativeGain(75, 100, 'minimize')).toBeCloseTo(0.25);
    expect(relativeGain(10, null, 'maximize')).toBeNull();
  });

  it('names what happened to a trial', () => {
    expect(trialStatus({ feasible: true, failure: null })).toBe('feasible');
    expect(trialStatus({ feasible: false, failure: null })).toBe('infeasible');
    expect(trialStatus({ feasible: false, failure: { kind: 'oom', message: 'CUDA out of memory' } })).toBe('oom');
  });
});
