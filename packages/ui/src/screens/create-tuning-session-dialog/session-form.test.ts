import { describe, expect, it } from 'vitest';
import { RUNTIME_CATALOGUES } from '../tuning-sessions/tuning-sessions.fixtures';
import {
  FORM_MESSAGES,
  initialValues,
  newConstraint,
  toCreateRequest,
  validateSessionForm,
  withRuntime,
} from './session-form';
import type { SessionFormValues } from './session-form';

const valid = (): SessionFormValues => ({
  ...initialValues(RUNTIME_CATALOGUES),
  model: ' meta-llama/Llama-3.1-8B-Instruct ',
  hardwareName: 'H100',
  hardwareCount: '2',
});

describe('validateSessionForm', () => {
  it('accepts the defaults once model and hardware are given', () => {
    expect(validateSessionForm(valid(), RUNTIME_CATALOGUES)).toEqual({});
  });

  it('names every missing or malformed field', () => {
    const errors = validateSessionForm(
      {
        ...initialValues(RUNTIME_CATALOGUES),
        hardwareCount: '0',
        numRequests: '1.5',
        requestRate: '0',
        maxConcurrency: 'x',
      },
      RUNTIME_CATALOGUES,
    );
    expect(errors).toMatchObject({
      model: FORM_MESSAGES.modelRequired,
      hardwareName: FORM_MESSAGES.hardwareRequired,
      hardwareCount: FORM_MESSAGES.countMin,
      numRequests: FORM_MESSAGES.atLeastOne,
      requestRate: FORM_MESSAGES.requestRate,
      maxConcurrency: FORM_MESSAGES.maxConcurrency,
    });
  });

  it('keeps ranges in order', () => {
    const errors = validateSessionForm(
      { ...valid(), minPrompt: '2000', maxPrompt: '1024', minOutput: '9', maxOutput: '8' },
      RUNTIME_CATALOGUES,
    );
    expect(errors.minPrompt).toBe(FORM_MESSAGES.minPrompt);
    expect(errors.minOutput).toBe(FORM_MESSAGES.minOutput);
  });

  it('checks search bounds against each other, the engine range and the log scale', () => {
    const base = valid();
    const withParam = (low: string, high: string) => ({
      ...base,
      params: { ...base.params, max_num_seqs: { selected: true, low, high, choices: null } },
    });
    expect(validateSessionForm(withParam('600', '500'), RUNTIME_CATALOGUES)['param.max_num_seqs.low']).toBe(
      FORM_MESSAGES.lowAboveHigh,
    );
    expect(validateSessionForm(withParam('4', '500'), RUNTIME_CATALOGUES)['param.max_num_seqs.low']).toBe(
      'Must be between 8 and 1,024',
    );
    expect(validateSessionForm(withParam('8.5', '500'), RUNTIME_CATALOGUES)['param.max_num_seqs.low']).toBe(
      FORM_MESSAGES.wholeNumber,
    );
  });

  it('refuses tensor parallel sizes above the GPU count and an empty search space', () => {
    const base = valid();
    const tp = {
      ...base,
      params: { ...base.params, tensor_parallel_size: { selected: true, low: '', high: '', choices: ['1', '4'] } },
    };
    expect(validateSessionForm(tp, RUNTIME_CATALOGUES)['param.tensor_parallel_size.choices']).toBe(
      'Choose sizes up to the GPU count (2)',
    );
    const none = {
      ...base,
      params: Object.fromEntries(
        Object.entries(base.params).map(([name, draft]) => [name, { ...draft, selected: false }]),
      ),
    };
    expect(validateSessionForm(none, RUNTIME_CATALOGUES).searchSpace).toBe(FORM_MESSAGES.searchSpaceEmpty);
  });

  it('needs a number in every constraint and a budget in range', () => {
    const constraint = newConstraint('tpot_ms.p99');
    const errors = validateSessionForm(
      { ...valid(), constraints: [constraint], maxTrials: '10', maxParallel: '11' },
      RUNTIME_CATALOGUES,
    );
    expect(errors[`constraint.${constraint.key}.value`]).toBe(FORM_MESSAGES.number);
    expect(errors.maxParallel).toBe(FORM_MESSAGES.parallelAboveTrials);
    expect(validateSessionForm({ ...valid(), maxTrials: '10001' }, RUNTIME_CATALOGUES).maxTrials).toBe(
      FORM_MESSAGES.maxTrials,
    );
  });
});

describe('toCreateRequest', () => {
  it('builds the contract body: trimmed text, typed numbers, inf and null kept, catalogue order', () => {
    const values = { ...valid(), name: '  ', maxConcurrency: '', constraints: [{ ...newConstraint(), value: '250' }] };
    const { session, name } = toCreateRequest(values, RUNTIME_CATALOGUES);
    expect(name).toBeUndefined();
    expect(session.setting).toMatchObject({
      ml_model_name: 'meta-llama/Llama-3.1-8B-Instruct',
      hardware_config: { name: 'H100', count: 2 },
      software: { runtime: 'vllm', version: '0.11.0' },
      workload: { request_rate: 'inf', max_concurrency: null, num_requests: 1000, burstiness: 1 },
    });
    expect(session.constraints).toEqual([{ metric: 'ttft_ms.p99', op: '<=', value: 250 }]);
    expect(session.search_space.parameters.map((parameter) => parameter.name)).toEqual([
      'tensor_parallel_size',
      'max_num_seqs',
      'max_num_batched_tokens',
      'gpu_memory_utilization',
      'enable_chunked_prefill',
      'enable_prefix_caching',
      'block_size',
      'kv_cache_dtype',
      'async_scheduling',
    ]);
    expect(session.search_space.parameters[0]).toEqual({
      kind: 'categorical',
      name: 'tensor_parallel_size',
      choices: [1, 2],
    });
  });

  it('passes the chosen runtime and parameters to the rules callback', () => {
    const values = { ...withRuntime(valid(), RUNTIME_CATALOGUES, 'sglang'), name: 'qwen' };
    const request = toCreateRequest(values, RUNTIME_CATALOGUES, ({ runtime, gpuCount, parameters }) => [
      { left: parameters[0] ?? '', op: '<=', right: gpuCount + (runtime === 'sglang' ? 0 : 100) },
    ]);
    expect(request.name).toBe('qwen');
    expect(request.session.setting.software).toEqual({ runtime: 'sglang', version: '0.5.3' });
    expect(request.session.search_space.rules).toEqual([{ left: 'tp_size', op: '<=', right: 2 }]);
  });
});
