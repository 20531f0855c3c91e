import { describe, expect, it } from 'vitest';
import { defaultConfig, type PendingConfig, type TuningSessionCreate } from '@mako/contract';
import { metrics, session } from './fixtures.ts';
import { ok } from './helpers.ts';
import { serverWithTwoUsers, type SignedUpUser } from './two-users.ts';
import type { TestServer } from './helpers.ts';

/*
 * What the session page reads to say whether trial 1 was the engine defaults, through the real
 * API, database and tuner: the session's searched flags and range, trial 1's configuration, and a
 * value for the defaults only when a trial measured them. The page compares trial 1 with the
 * contract's defaultConfig; these tests hold the server to the same defaults.
 */

let ts: TestServer;
let alice: SignedUpUser;
serverWithTwoUsers((started) => ({ ts, alice } = started));

/** Leases trial 1 and reports it at 4,000 tok/s; returns what the page then reads. */
async function firstTrial(searchSpace?: TuningSessionCreate['search_space']) {
  const created = await ok(ts, 'createSession', {
    token: alice.token,
    body: session({
      ...(searchSpace ? { search_space: searchSpace } : {}),
      budget: { max_trials: 4, max_parallel: 1 },
    }),
  });
  const params = { session_id: created.id };
  const {
    configs: [leased],
  } = await ok(ts, 'nextConfigs', { token: alice.token, params, body: { count: 1 } });
  await ok(ts, 'postResult', {
    token: alice.token,
    params,
    body: { pending_config_id: (leased as PendingConfig).id, metrics: metrics(4000) },
  });
  const [read, results, best] = await Promise.all([
    ok(ts, 'getSession', { token: alice.token, params }),
    ok(ts, 'listResults', { token: alice.token, params, query: { limit: 20, offset: 0 } }),
    ok(ts, 'getBest', { token: alice.token, params }),
  ]);
  return { session: read, first: results.data[0]!, best };
}

describe('trial 1 and the engine defaults', () => {
  it('measures the defaults first when the range holds them, and records their value', async () => {
    const names = ['max_num_seqs', 'enable_chunked_prefill'];
    const { session: read, first, best } = await firstTrial();
    expect(read.search_space.parameters.map((p) => p.name)).toEqual(names);
    expect(first).toMatchObject({ trial_number: 1, config: defaultConfig('vllm', names) });
    expect(read.default_objective_value).toBe(4000);
    expect(best.improvement_pct).toBe(0);
  });

  it('moves a default the range leaves out to the range, and records no value for defaults it never measured', async () => {
    const {
      session: read,
      first,
      best,
    } = await firstTrial({
      parameters: [
        { kind: 'int', name: 'max_num_seqs', low: 1, high: 32, log: true },
        { kind: 'bool', name: 'enable_chunked_prefill' },
      ],
      rules: [],
    });
    // vLLM's default is 256: outside 1–32, so trial 1 measured the nearest value in range.
    expect(defaultConfig('vllm', ['max_num_seqs'])).toEqual({ max_num_seqs: 256 });
    expect(first.config).toEqual({ max_num_seqs: 32, enable_chunked_prefill: true });
    expect(read.search_space.parameters[0]).toMatchObject({ name: 'max_num_seqs', low: 1, high: 32 });
    expect(read.default_objective_value).toBeNull();
    expect(best.improvement_pct).toBeNull();
  });
});
