import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/core/errors.ts';
import { handlers } from '../src/mocks/handlers.ts';
import * as fx from '../src/mocks/fixtures.ts';
import { plannerKeys, plannerOptionsQueryOptions, usePlanMutation } from '../src/planner.ts';
import { queryWrapper } from './render.tsx';
import { recordRequests, server } from './server.ts';

describe('the planner client', () => {
  it('plans with a POST of the request and gives the candidates best first', async () => {
    server.use(...handlers.success);
    const log = recordRequests();
    const { wrapper } = queryWrapper();
    const { result } = renderHook(usePlanMutation, { wrapper });
    const plan = await act(() =>
      result.current.mutateAsync({
        model: 'Qwen/Qwen3-8B',
        workload: { input_len: 512, output_len: 128 },
        slo: { ttft_ms: 300 },
      }),
    );
    expect(log.calls).toContain('POST /api/v1/planner/plan');
    expect(plan.model).toBe('Qwen/Qwen3-8B');
    expect(plan.workload).toEqual({ input_len: 512, output_len: 128, benchmark_id: null });
    expect(plan.candidates[0]).toMatchObject({ gpu: 'B200', runtime: 'tensorrt-llm', infeasible_reason: null });
  });

  it('rejects an unknown model with the 422 naming the field', async () => {
    server.use(...handlers.success);
    const { wrapper } = queryWrapper();
    const { result } = renderHook(usePlanMutation, { wrapper });
    const failure = await act(() =>
      result.current
        .mutateAsync({ model: 'org/nope', workload: { input_len: 1, output_len: 1 }, slo: { tpot_ms: 20 } })
        .catch((e: unknown) => e),
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(422);
    expect((failure as ApiError).detail).toMatch(/Unknown model 'org\/nope': the planner knows /);
  });

  it('reads the models and GPUs once, under their own key', async () => {
    server.use(...handlers.success);
    const { queryClient } = queryWrapper();
    const options = await queryClient.fetchQuery(plannerOptionsQueryOptions());
    expect(options).toEqual(fx.plannerOptions);
    expect(queryClient.getQueryState(plannerKeys.options())?.status).toBe('success');
    expect(plannerOptionsQueryOptions().staleTime).toBe(Infinity);
  });
});
