import { describe, expect, it } from 'vitest';
import { ENGINE_FLAG_LISTS } from '../tuning-sessions/tuning-sessions.fixtures';
import { METRIC_KEYS } from '@mako/contract/vocabulary';
import {
  FORM_MESSAGES,
  initialValues,
  newConstraint,
  newObjective,
  toCreateRequest,
  validateSessionForm,
  withRuntime,
} from './session-form';
import type { SessionFormValues } from './session-form';

const valid = (): SessionFormValues => ({
  ...initialValues(ENGINE_FLAG_LISTS),
  model: ' meta-llama/Llama-3.1-8B-Instruct ',
  hardwareName: 'H100',
  hardwareCount: '2',
});

describe('validateSessionForm', () => {
  it('accepts the defaults once model and hardware are given', () => {
    expect(validateSessionForm(valid(), ENGINE_FLAG_LISTS)).toEqual({});
  });

  it('names every missing or malformed field', () => {
    const errors = validateSessionForm(
      {
        ...initialValues(ENGINE_FLAG_LISTS),
        hardwareCount: '0',
        numRequests: '1.5',
        requestRate: '0',
        maxConcurrency: 'x',
      },
      ENGINE_FLAG_LISTS,
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
      ENGINE_FLAG_LISTS,
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
    expect(validateSessionForm(withParam('600', '500'), ENGINE_FLAG_LISTS)['param.max_num_seqs.low']).toBe(
      FORM_MESSAGES.lowAboveHigh,
    );
    expect(validateSessionForm(withParam('4', '500'), ENGINE_FLAG_LISTS)['param.max_num_seqs.low']).toBe(
      'Must be between 8 and 1,024',
    );
    expect(validateSessionForm(withParam('8.5', '500'), ENGINE_FLAG_LISTS)['param.max_num_seqs.low']).toBe(
      FORM_MESSAGES.wholeNumber,
    );
  });

  it('refuses tensor parallel sizes above the GPU count and an empty search space', () => {
    const base = valid();
    const tp = {
      ...base,
      params: { ...base.params, tensor_parallel_size: { selected: true, low: '', high: '', choices: ['1', '4'] } },
    };
    expect(validateSessionForm(tp, ENGINE_FLAG_LISTS)['param.tensor_parallel_size.choices']).toBe(
      'Choose sizes up to the GPU count (2)',
    );
    const none = {
      ...base,
      params: Object.fromEntries(
        Object.entries(base.params).map(([name, draft]) => [name, { ...draft, selected: false }]),
      ),
    };
    expect(validateSessionForm(none, ENGINE_FLAG_LISTS).searchSpace).toBe(FORM_MESSAGES.searchSpaceEmpty);
  });

  it('needs a number in every constraint and a budget in range', () => {
    const constraint = newConstraint('tpot_ms.p99');
    const errors = validateSessionForm(
      { ...valid(), constraints: [constraint], maxTrials: '10', maxParallel: '11' },
      ENGINE_FLAG_LISTS,
    );
    expect(errors[`constraint.${constraint.key}.value`]).toBe(FORM_MESSAGES.number);
    expect(errors.maxParallel).toBe(FORM_MESSAGES.parallelAboveTrials);
    expect(validateSessionForm({ ...valid(), maxTrials: '10001' }, ENGINE_FLAG_LISTS).maxTrials).toBe(
      FORM_MESSAGES.maxTrials,
    );
  });
});

describe('more objectives and confirm', () => {
  const perUser = () => ({ ...newObjective([], METRIC_KEYS), metric: 'output_throughput_per_user' as const });

  it('suggests an objective not yet named, in its natural direction', () => {
    expect(newObjective(['output_throughput'], METRIC_KEYS)).toMatchObject({
      metric: 'output_throughput_per_user',
      direction: 'maximize',
    });
    expect(
      newObjective(['output_throughput', 'output_throughput_per_user', 'output_throughput_per_gpu'], METRIC_KEYS),
    ).toMatchObject({ metric: 'cost_per_million_tokens', direction: 'minimize' });
  });

  it('sends two or three objectives, the first one first, and no confirm', () => {
    const cost = {
      ...newObjective([], METRIC_KEYS),
      metric: 'cost_per_million_tokens' as const,
      direction: 'minimize' as const,
    };
    const values = { ...valid(), extraObjectives: [perUser(), cost] };
    expect(validateSessionForm(values, ENGINE_FLAG_LISTS)).toEqual({});
    const { session } = toCreateRequest(values, ENGINE_FLAG_LISTS);
    expect(session.objective).toEqual({ metric: 'output_throughput', direction: 'maximize' });
    expect(session.objectives).toEqual([
      { metric: 'output_throughput', direction: 'maximize' },
      { metric: 'output_throughput_per_user', direction: 'maximize' },
      { metric: 'cost_per_million_tokens', direction: 'minimize' },
    ]);
    expect(session).not.toHaveProperty('confirm');
  });

  it('leaves objectives out of a single-objective session', () => {
    expect(toCreateRequest(valid(), ENGINE_FLAG_LISTS).session).not.toHaveProperty('objectives');
  });

  it('flags a metric named twice on the later objective, against the first or another', () => {
    const again = { ...newObjective([], METRIC_KEYS), metric: 'output_throughput' as const };
    const first = perUser();
    const twice = { ...perUser() };
    const errors = validateSessionForm({ ...valid(), extraObjectives: [again] }, ENGINE_FLAG_LISTS);
    expect(errors).toEqual({ [`objective.${again.key}.metric`]: FORM_MESSAGES.objectiveTwice });
    const among = validateSessionForm({ ...valid(), extraObjectives: [first, twice] }, ENGINE_FLAG_LISTS);
    expect(among).toEqual({ [`objective.${twice.key}.metric`]: FORM_MESSAGES.objectiveTwice });
  });

  it('refuses a fourth objective', () => {
    const named: (typeof METRIC_KEYS)[number][] = ['output_throughput'];
    const extra = [1, 2, 3].map(() => {
      const objective = newObjective(named, METRIC_KEYS);
      named.push(objective.metric);
      return objective;
    });
    const errors = validateSessionForm({ ...valid(), extraObjectives: extra }, ENGINE_FLAG_LISTS);
    expect(errors).toEqual({ extraObjectives: FORM_MESSAGES.tooManyObjectives });
  });

  it('sends confirm with its repeats, 1 to 5', () => {
    const values = { ...valid(), confirm: true, confirmRepeats: '3' };
    expect(toCreateRequest(values, ENGINE_FLAG_LISTS).session.confirm).toEqual({ repeats: 3 });
    for (const repeats of ['0', '6', '2.5', ''])
      expect(validateSessionForm({ ...values, confirmRepeats: repeats }, ENGINE_FLAG_LISTS)).toEqual({
        confirmRepeats: FORM_MESSAGES.confirmRepeats,
      });
    // Unchecked, the repeats field is not read.
    const off = { ...valid(), confirm: false, confirmRepeats: 'x' };
    expect(validateSessionForm(off, ENGINE_FLAG_LISTS)).toEqual({});
    expect(toCreateRequest(off, ENGINE_FLAG_LISTS).session).not.toHaveProperty('confirm');
  });

  it('refuses confirm together with more objectives', () => {
    const values = { ...valid(), confirm: true, extraObjectives: [perUser()] };
    expect(validateSessionForm(values, ENGINE_FLAG_LISTS)).toEqual({ confirm: FORM_MESSAGES.confirmWithObjectives });
  });
});

describe('toCreateRequest', () => {
  it('builds the contract body: trimmed text, typed numbers, inf and null kept, flag-list order', () => {
    const values = { ...valid(), name: '  ', maxConcurrency: '', constraints: [{ ...newConstraint(), value: '250' }] };
    const { session, name } = toCreateRequest(values, ENGINE_FLAG_LISTS);
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
    const values = { ...withRuntime(valid(), ENGINE_FLAG_LISTS, 'sglang'), name: 'qwen' };
    const request = toCreateRequest(values, ENGINE_FLAG_LISTS, ({ runtime, gpuCount, parameters }) => [
      { left: parameters[0] ?? '', op: '<=', right: gpuCount + (runtime === 'sglang' ? 0 : 100) },
    ]);
    expect(request.name).toBe('qwen');
    expect(request.session.setting.software).toEqual({ runtime: 'sglang', version: '0.5.3' });
    expect(request.session.search_space.rules).toEqual([{ left: 'tp_size', op: '<=', right: 2 }]);
  });
});
