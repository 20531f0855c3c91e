import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, type Objective, type PendingConfig } from '@mako/contract';
import { propose, type TunerInput } from '@mako/tuner';
import { metrics, session } from './fixtures.ts';
import { call, detailOf, ok, signUp, startServer, type TestServer } from './helpers.ts';

let ts: TestServer;
const inputs: TunerInput[] = [];

beforeAll(async () => {
  // The real tuner in the server's worker thread, observed: the tests check what it was told.
  ts = await startServer({ leaseTtlS: 60 }, { propose: (input) => (inputs.push(input), propose(input)) });
});
afterAll(() => ts.close());

const PER_GPU: Objective = { metric: 'output_throughput_per_gpu', direction: 'maximize' };
const PER_USER: Objective = { metric: 'output_throughput_per_user', direction: 'maximize' };
const COST: Objective = { metric: 'cost_per_million_tokens', direction: 'minimize' };

const multi = (objectives: Objective[], over: Parameters<typeof session>[0] = {}) =>
  session({ objective: objectives[0]!, objectives, ...over });

describe('multi-objective sessions', () => {
  it('refuses duplicate, too many or unknown objectives with a 422 naming the field', async () => {
    const user = await signUp(ts);
    const create = (body: unknown) => call(ts, 'createSession', { token: user.token, body: body as never });

    const duplicate = await create(multi([PER_GPU, PER_USER, PER_GPU]));
    expect(duplicate.status).toBe(422);
    expect(detailOf(duplicate.body)).toMatchObject([
      {
        loc: ['body', 'objectives', 2, 'metric'],
        msg: "The objective 'output_throughput_per_gpu' is named twice",
      },
    ]);

    const four = await create(multi([PER_GPU, PER_USER, COST, { metric: 'ttft_ms.p99', direction: 'minimize' }]));
    expect(four.status).toBe(422);
    expect(detailOf(four.body)).toMatchObject([
      { loc: ['body', 'objectives'], msg: 'At most three objectives can be searched together' },
    ]);

    const unknown = await create(multi([PER_GPU, { metric: 'joules_per_token', direction: 'minimize' } as never]));
    expect(unknown.status).toBe(422);
    expect((detailOf(unknown.body) as { loc: unknown[] }[])[0]!.loc).toEqual(['body', 'objectives', 1, 'metric']);

    const notFirst = await create(session({ objective: PER_USER, objectives: [PER_GPU, PER_USER] }));
    expect(notFirst.status).toBe(422);
    expect(detailOf(notFirst.body)).toMatchObject([
      { loc: ['body', 'objectives', 0], msg: 'The first of objectives must be the objective' },
    ]);

    const confirmed = await create(multi([PER_GPU, PER_USER], { confirm: { repeats: 2 } }));
    expect(confirmed.status).toBe(422);
    expect(detailOf(confirmed.body)).toMatchObject([
      {
        loc: ['body', 'confirm'],
        msg: 'confirm re-measures the winner of a single-objective session; a multi-objective session has a front',
      },
    ]);

    // Nothing was stored.
    expect((await ok(ts, 'mySessions', { token: user.token })).count).toBe(0);
  });

  it('searches the front through the worker thread, scores every objective and answers the front', async () => {
    const user = await signUp(ts);
    const created = await ok(ts, 'createSession', {
      token: user.token,
      body: multi([PER_GPU, PER_USER], {
        constraints: [{ metric: 'ttft_ms.p99', op: '<=', value: 1000 }],
        budget: { max_trials: 6, max_parallel: 3 },
      }),
    });
    expect(created).toMatchObject({
      objective: PER_GPU,
      objectives: [PER_GPU, PER_USER],
      pareto_front: [],
      best: null,
    });

    const { configs } = await ok(ts, 'nextConfigs', {
      token: user.token,
      params: { session_id: created.id },
      body: { count: 3 },
    });
    expect(configs).toHaveLength(3);
    expect(new Set(configs.map((c) => JSON.stringify(c.config))).size).toBe(3);
    const told = inputs.at(-1)!;
    expect(told.objectives).toEqual([PER_GPU, PER_USER]);
    expect(told.objective).toEqual(PER_GPU);

    // [output tok/s, TPOT p50 ms, TTFT p50 ms]: per user is 1000 / (1.05 · TPOT p50).
    const plan: [number, number, number][] = [
      [4000, 20, 50], // trial 1: on the front (the most per-user)
      [8000, 40, 50], // trial 2: on the front (the most per-GPU)
      [3000, 30, 50], // trial 3: dominated by trial 1
    ];
    const report = (p: PendingConfig, [throughput, tpot, ttft]: [number, number, number]) =>
      ok(ts, 'postResult', {
        token: user.token,
        params: { session_id: created.id },
        body: { pending_config_id: p.id, metrics: metrics(throughput, ttft, tpot) },
      });
    for (const [i, p] of configs.entries()) {
      const r = await report(p, plan[i]!);
      expect(r).toMatchObject({ feasible: true, objective_value: plan[i]![0] });
    }

    const more = await ok(ts, 'nextConfigs', {
      token: user.token,
      params: { session_id: created.id },
      body: { count: 3 },
    });
    expect(inputs.at(-1)!.trials.map((t) => t.metrics?.output_throughput_per_user)).toHaveLength(3);
    // Trial 4 would be the best per GPU but breaks the TTFT constraint; trial 5 fails; trial 6 joins the front.
    await report(more.configs[0]!, [9000, 10, 900]);
    await ok(ts, 'postResult', {
      token: user.token,
      params: { session_id: created.id },
      body: { pending_config_id: more.configs[1]!.id, failure: { kind: 'oom', message: 'CUDA out of memory' } },
    });
    await report(more.configs[2]!, [6000, 25, 50]);

    const done = await ok(ts, 'getSession', { token: user.token, params: { session_id: created.id } });
    expect(done.status).toBe('complete');
    expect(done.pareto_front!.map((p) => p.trial_number)).toEqual([1, 2, 6]);
    const [first] = done.pareto_front!;
    expect(first!.config).toEqual(configs[0]!.config);
    expect(first!.values[0]).toBeCloseTo(4000);
    expect(first!.values[1]).toBeCloseTo(1000 / 21);
    // The best is the front's point best on the primary objective (per GPU), not the infeasible trial 4.
    expect(done.best).toMatchObject({ trial_number: 2, objective_value: 8000 });
    const best = await ok(ts, 'getBest', { token: user.token, params: { session_id: created.id } });
    expect(best.result.trial_number).toBe(2);
    // Every result is scored on every objective; a failure on none.
    const results = await ok(ts, 'listResults', { token: user.token, params: { session_id: created.id } });
    expect(results.data[0]!.objective_values![0]).toBeCloseTo(4000);
    expect(results.data[0]!.objective_values![1]).toBeCloseTo(1000 / 21);
    expect(results.data[4]!.objective_values).toBeNull();
    // The list answers carry the front too.
    const listed = (await ok(ts, 'mySessions', { token: user.token })).data.find((s) => s.id === created.id);
    expect(listed!.pareto_front).toEqual(done.pareto_front);

    const finished = await call(ts, 'nextConfigs', {
      token: user.token,
      params: { session_id: created.id },
      body: { count: 1 },
    });
    expect(finished.status).toBe(410);
    expect(detailOf(finished.body)).toBe(API_MESSAGES.searchComplete);
  });

  it('leaves a result without an objective (no cost given) off the front, and still answers 409 when full', async () => {
    const user = await signUp(ts);
    const created = await ok(ts, 'createSession', {
      token: user.token,
      body: multi([PER_GPU, COST], { budget: { max_trials: 4, max_parallel: 2 } }),
    });
    const { configs } = await ok(ts, 'nextConfigs', {
      token: user.token,
      params: { session_id: created.id },
      body: { count: 2 },
    });
    const blocked = await call(ts, 'nextConfigs', {
      token: user.token,
      params: { session_id: created.id },
      body: { count: 1 },
    });
    expect(blocked.status).toBe(409);
    const priced = await ok(ts, 'postResult', {
      token: user.token,
      params: { session_id: created.id },
      body: { pending_config_id: configs[0]!.id, metrics: metrics(3000), cost_per_million_tokens: 0.4 },
    });
    const unpriced = await ok(ts, 'postResult', {
      token: user.token,
      params: { session_id: created.id },
      body: { pending_config_id: configs[1]!.id, metrics: metrics(9000) },
    });
    expect(priced.feasible).toBe(true);
    expect(unpriced.feasible).toBe(false);
    const s = await ok(ts, 'getSession', { token: user.token, params: { session_id: created.id } });
    expect(s.pareto_front!.map((p) => [p.trial_number, p.values[1]])).toEqual([[priced.trial_number, 0.4]]);
    expect(s.best!.trial_number).toBe(priced.trial_number);
  });

  it('keeps single-objective sessions as they were on the wire', async () => {
    const user = await signUp(ts);
    const s = await ok(ts, 'createSession', { token: user.token, body: session() });
    expect(s).not.toHaveProperty('objectives');
    expect(s).not.toHaveProperty('pareto_front');
    const [pending] = (
      await ok(ts, 'nextConfigs', { token: user.token, params: { session_id: s.id }, body: { count: 1 } })
    ).configs;
    const result = await ok(ts, 'postResult', {
      token: user.token,
      params: { session_id: s.id },
      body: { pending_config_id: pending!.id, metrics: metrics(1000) },
    });
    expect(result).not.toHaveProperty('objective_values');
    expect(inputs.at(-1)).not.toHaveProperty('objectives');
  });
});
