import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, type NextConfigsResponse, type PendingConfig, type TuningSessionCreate } from '@mako/contract';
import { propose } from '@mako/tuner';
import { metrics, session } from './fixtures.ts';
import { call, detailOf, ok, signUp, startServer, type TestServer } from './helpers.ts';

// Confidence in the winner: sessions with `confirm` re-measure their incumbent and runner-up once
// the search is over, on other runners where they can, and say whether the winner is within noise.

let ts: TestServer;
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ts = await startServer({ leaseTtlS: 60 }, { propose });
  user = await signUp(ts);
});
afterAll(() => ts.close());

const ask = (sessionId: string, name?: string, count = 1) =>
  call(ts, 'nextConfigs', {
    token: user.token,
    params: { session_id: sessionId },
    body: { count },
    ...(name ? { query: { name } } : {}),
  });

async function lease(sessionId: string, name?: string): Promise<PendingConfig> {
  const answer = await ask(sessionId, name);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { configs } = answer.body as NextConfigsResponse;
  expect(configs).toHaveLength(1);
  return configs[0]!;
}

const report = (sessionId: string, pending: PendingConfig, throughput: number) =>
  ok(ts, 'postResult', {
    token: user.token,
    params: { session_id: sessionId },
    body: { pending_config_id: pending.id, metrics: metrics(throughput) },
  });

const getSession = (id: string) => ok(ts, 'getSession', { token: user.token, params: { session_id: id } });

async function create(overrides: Partial<TuningSessionCreate> = {}) {
  // Every helper-made user may run 3 sessions at once on the free plan: each test takes a fresh one.
  user = await signUp(ts);
  return ok(ts, 'createSession', {
    token: user.token,
    body: session({ budget: { max_trials: 3, max_parallel: 2 }, confirm: { repeats: 2 }, ...overrides }),
  });
}

/**
 * Three search trials: trial 1 (defaults) and trial 3 by runner-a, trial 2 by runner-b. Trial 2
 * leads with `incumbent`, trial 3 follows with `runnerUp`.
 */
async function searched(incumbent: number, runnerUp: number, overrides: Partial<TuningSessionCreate> = {}) {
  const s = await create(overrides);
  const t1 = await lease(s.id, 'runner-a');
  const t2 = await lease(s.id, 'runner-b');
  await report(s.id, t1, 3000);
  await report(s.id, t2, incumbent);
  const t3 = await lease(s.id, 'runner-a');
  expect([t1, t2, t3].map((t) => [t.trial_number, t.remeasure])).toEqual([
    [1, undefined],
    [2, undefined],
    [3, undefined],
  ]);
  // The budget is leased out but trial 3 is still measuring: no re-measure is due yet.
  const early = await ask(s.id, 'runner-b');
  expect(early.status).toBe(409);
  expect(detailOf(early.body)).toBe(API_MESSAGES.pendingEvaluations);
  await report(s.id, t3, runnerUp);
  return { s, t2, t3 };
}

/** Leases until 410, reporting each trial's next value; the trial numbers in the order they were leased. */
async function drain(sessionId: string, values: Record<number, number[]>): Promise<number[]> {
  const leased: number[] = [];
  for (;;) {
    const answer = await ask(sessionId);
    if (answer.status === 410) return leased;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [p] = (answer.body as NextConfigsResponse).configs;
    const value = values[p!.trial_number]?.shift();
    expect(value, `a value for trial ${p!.trial_number}`).toBeDefined();
    leased.push(p!.trial_number);
    await report(sessionId, p!, value!);
  }
}

describe('re-measuring the winner', () => {
  it('re-measures the incumbent and the runner-up on the other runner, one lease each at a time, then completes', async () => {
    const { s, t2, t3 } = await searched(5000, 4800);
    const running = await getSession(s.id);
    expect(running).toMatchObject({ status: 'running', confirm: { repeats: 2 }, counts: { evaluated: 3, pending: 0 } });
    expect(running.best).toMatchObject({ trial_number: 2, objective_value: 5000 });
    expect(running.best!.confidence).toMatchObject({
      verdict: 'not_remeasured',
      spread: { n: 1, mean: 5000, interval: null },
      runner_up: { trial_number: 3, spread: { n: 1, mean: 4800 } },
    });

    // runner-b measured the incumbent, runner-a the runner-up: each gets the other's.
    const forB = await lease(s.id, 'runner-b');
    expect(forB).toMatchObject({ trial_number: 3, config: t3.config, remeasure: true, leased_by: 'runner-b' });
    // The incumbent is only runner-b's own, and runner-a is around: it waits for runner-a.
    expect((await ask(s.id, 'runner-b')).status).toBe(409);
    const forA = await lease(s.id, 'runner-a');
    expect(forA).toMatchObject({ trial_number: 2, config: t2.config, remeasure: true });
    // Both are under way: neither is handed out twice at once.
    expect((await ask(s.id, 'runner-a')).status).toBe(409);
    expect((await ask(s.id, 'runner-c')).status).toBe(409);
    await report(s.id, forB, 4810);
    await report(s.id, forA, 5010);

    // Each has been measured by both runners now: whoever asks takes the last repeats.
    const last = [await lease(s.id, 'runner-a'), await lease(s.id, 'runner-a')];
    expect(last.map((p) => p.trial_number).sort()).toEqual([2, 3]);
    expect((await ask(s.id, 'runner-b')).status).toBe(409);
    for (const p of last) await report(s.id, p, p.trial_number === 2 ? 4990 : 4790);

    const done = await getSession(s.id);
    expect(done).toMatchObject({ status: 'complete', counts: { evaluated: 3, pending: 0, failed: 0 } });
    const finished = await ask(s.id, 'runner-a');
    expect(finished.status).toBe(410);
    expect(detailOf(finished.body)).toBe(API_MESSAGES.searchComplete);

    // 5000 ± 24.8 (n 3) against 4800 ± 24.8: a confirmed winner.
    const best = await ok(ts, 'getBest', { token: user.token, params: { session_id: s.id } });
    expect(best.result.trial_number).toBe(2);
    expect(best.confidence).toMatchObject({
      verdict: 'confirmed',
      spread: { n: 3, min: 4990, max: 5010 },
      runner_up: { trial_number: 3, config: t3.config, spread: { n: 3, min: 4790, max: 4810 } },
    });
    expect(best.confidence!.spread.mean).toBeCloseTo(5000, 6);
    expect(best.confidence!.spread.interval!.low).toBeCloseTo(5000 - 24.84, 1);
    expect(best.confidence!.spread.interval!.high).toBeCloseTo(5000 + 24.84, 1);
    expect(best.improvement_pct).toBeCloseTo((5000 / 3000 - 1) * 100, 6);
    expect(done.best!.confidence).toEqual(best.confidence);

    // The repeats are results of their trials, marked as such.
    const results = await ok(ts, 'listResults', { token: user.token, params: { session_id: s.id } });
    expect(results.count).toBe(7);
    expect(results.data.map((r) => [r.trial_number, r.remeasure ?? false])).toEqual([
      [1, false],
      [2, false],
      [2, true],
      [2, true],
      [3, false],
      [3, true],
      [3, true],
    ]);
  });

  it('never declares a winner inside the noise: one more each while they overlap, "within noise" at five repeats', async () => {
    const { s } = await searched(5000, 4800);
    // The planned two repeats each, then three more each: the intervals overlap all along.
    const leased = await drain(s.id, { 2: [4800, 5000, 4800, 5000, 4800], 3: [4900, 4700, 4900, 4700, 4900] });
    expect(leased.filter((n) => n === 2)).toHaveLength(5);
    expect(leased.filter((n) => n === 3)).toHaveLength(5);
    // Past the planned repeats, one round at a time: one each before either is measured again.
    for (let i = 4; i < leased.length; i += 2) expect(leased.slice(i, i + 2).sort()).toEqual([2, 3]);
    const done = await getSession(s.id);
    expect(done.status).toBe('complete');
    // 4900 ± 115 (n 6) against 4816.7 ± 103.2: the cap is reached and no winner is declared.
    expect(done.best!.confidence).toMatchObject({
      verdict: 'within_noise',
      spread: { n: 6, mean: 4900 },
      runner_up: { trial_number: 3, spread: { n: 6 } },
    });
    expect(done.best!.confidence!.runner_up!.spread.interval!.high).toBeCloseTo(4919.9, 1);
    expect((await ok(ts, 'listResults', { token: user.token, params: { session_id: s.id } })).count).toBe(13);
  });

  it('stops re-measuring as soon as the two stand apart', async () => {
    const { s } = await searched(5000, 4800);
    // After the planned repeats 5016.7 ± 189.8 overlaps 4850 ± 124.2; one more each parts them.
    const leased = await drain(s.id, { 2: [5100, 4950, 5050], 3: [4900, 4850, 4800] });
    expect(leased).toHaveLength(6);
    const best = await ok(ts, 'getBest', { token: user.token, params: { session_id: s.id } });
    expect(best.confidence).toMatchObject({ verdict: 'confirmed', spread: { n: 4, mean: 5025 } });
    expect(best.confidence!.runner_up).toMatchObject({ trial_number: 3, spread: { n: 4, mean: 4837.5 } });
  });

  it('ranks by the mean of the repeats: a lucky first reading loses the lead', async () => {
    const { s } = await searched(5000, 4800);
    // The old leader's readings scatter widely (5000, 4500, 4400, …): more repeats until they settle.
    await drain(s.id, { 2: [4500, 4400, 4450, 4450, 4450], 3: [4810, 4790, 4800, 4800, 4800] });
    const done = await getSession(s.id);
    expect(done.status).toBe('complete');
    expect(done.best).toMatchObject({ trial_number: 3, objective_value: 4800 });
    // 4800 ± 6.6 (n 6) against 4541.7 ± 238: apart at the sixth measurement.
    expect(done.best!.confidence).toMatchObject({
      verdict: 'confirmed',
      spread: { n: 6, mean: 4800 },
      runner_up: { trial_number: 2, spread: { n: 6 } },
    });
    expect(done.best!.confidence!.runner_up!.spread.mean).toBeCloseTo(4541.67, 1);
  });

  it('lets a runner re-measure its own trial once no other runner has asked within the lease time', async () => {
    const { s } = await searched(5000, 4800);
    const forB = await lease(s.id, 'runner-b');
    expect(forB.trial_number).toBe(3);
    expect((await ask(s.id, 'runner-b')).status).toBe(409);
    ts.advance(61_000); // runner-a's last lease is over a lease time old (and runner-b's lapsed)
    const again = await lease(s.id, 'runner-b');
    expect(again.remeasure).toBe(true);
  });

  it('re-measures when the tuner ends the search before the budget (a finite space measured out)', async () => {
    const s = await create({
      budget: { max_trials: 10, max_parallel: 1 },
      search_space: { parameters: [{ kind: 'bool', name: 'enable_chunked_prefill' }], rules: [] },
    });
    const first = await lease(s.id, 'r');
    await report(s.id, first, 4000);
    const second = await lease(s.id, 'r');
    await report(s.id, second, 4200);
    const repeats = [];
    for (let i = 0; i < 4; i++) {
      const p = await lease(s.id, 'r');
      expect(p.remeasure).toBe(true);
      repeats.push(p.trial_number);
      await report(s.id, p, p.trial_number === 2 ? 4200 : 4000);
    }
    expect(repeats.sort()).toEqual([1, 1, 2, 2]);
    expect((await ask(s.id, 'r')).status).toBe(410);
    expect((await getSession(s.id)).best!.confidence).toMatchObject({
      verdict: 'confirmed',
      spread: { n: 3, mean: 4200, interval: { low: 4200, high: 4200 } },
    });
  });

  it('hands each due re-measure to one of many racing runners, within the parallel slots', async () => {
    const { s } = await searched(5000, 4800, { budget: { max_trials: 3, max_parallel: 4 } });
    const answers = await Promise.all(
      ['runner-a', 'runner-b', 'runner-c', 'runner-d', 'runner-e', 'runner-f'].map((name) => ask(s.id, name, 2)),
    );
    const leased = answers.flatMap((a) => (a.status === 200 ? (a.body as NextConfigsResponse).configs : []));
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(leased.map((p) => p.trial_number).sort()).toEqual([2, 3]);
    expect(leased.every((p) => p.remeasure)).toBe(true);
  });

  it('takes `confirm: {}` as two repeats and refuses more than five', async () => {
    const s = await create({ confirm: {} });
    expect(s.confirm).toEqual({ repeats: 2 });
    const refused = await call(ts, 'createSession', {
      token: user.token,
      body: session({ confirm: { repeats: 6 } }),
    });
    expect(refused.status).toBe(422);
  });

  it('leaves a session without `confirm` as it was: complete when the budget is spent, no confidence', async () => {
    const s = await create({ confirm: undefined });
    expect(s.confirm).toBeUndefined();
    for (let i = 0; i < 3; i++) await report(s.id, await lease(s.id, 'runner-a'), 4000 + i);
    const done = await getSession(s.id);
    expect(done.status).toBe('complete');
    expect(done.best).not.toHaveProperty('confidence');
    expect(await ok(ts, 'getBest', { token: user.token, params: { session_id: s.id } })).not.toHaveProperty(
      'confidence',
    );
    expect((await ask(s.id, 'runner-b')).status).toBe(410);
  });
});
