import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { API, registerThroughApi, storeToken, uniqueEmail } from './support.ts';

const stats = (p50: number) => ({ mean: p50, p50, p90: p50 * 1.4, p95: p50 * 1.6, p99: p50 * 2 });

/** Metrics that add up; per user is 1000 / TPOT mean. */
function metrics(outputThroughput: number, tpotMs: number) {
  return {
    completed: 100,
    failed: 0,
    duration_s: 100,
    total_input_tokens: 51_200,
    total_output_tokens: outputThroughput * 100,
    request_throughput: 1,
    input_throughput: 512,
    output_throughput: outputThroughput,
    total_token_throughput: 512 + outputThroughput,
    ttft_ms: stats(80),
    tpot_ms: stats(tpotMs),
    itl_ms: stats(tpotMs),
    e2el_ms: stats(80 + tpotMs * 256),
    goodput: null,
  };
}

async function json<T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  path: string,
  token: string,
  data?: unknown,
) {
  const res = await request[method](`${API}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

test('a multi-objective session shows its Pareto front; choosing a point shows its launch command', async ({
  page,
  request,
}) => {
  const token = await registerThroughApi(request, uniqueEmail('pareto'));
  const objectives = [
    { metric: 'output_throughput_per_gpu', direction: 'maximize' },
    { metric: 'output_throughput_per_user', direction: 'maximize' },
  ];
  const session = await json<{ id: string }>(request, 'post', '/tuning/session', token, {
    setting: {
      ml_model_name: `e2e-org/Pareto-${Date.now().toString(36)}`,
      hardware_config: { name: 'H100', count: 1 },
      software: { runtime: 'vllm', version: '0.11.0' },
      workload: {
        dataset: 'random',
        num_requests: 100,
        request_rate: 10,
        burstiness: 1,
        max_concurrency: null,
        max_seq_length: 4096,
        output_len: 256,
        min_prompt: 256,
        max_prompt: 1024,
        min_output: 128,
        max_output: 256,
      },
    },
    objective: objectives[0],
    objectives,
    search_space: {
      parameters: [
        { kind: 'int', name: 'max_num_seqs', low: 8, high: 1024, log: true },
        { kind: 'bool', name: 'enable_chunked_prefill' },
      ],
    },
    budget: { max_trials: 3, max_parallel: 3 },
    seed: 5,
  });
  const { configs } = await json<{ configs: { id: string; trial_number: number; config: Record<string, unknown> }[] }>(
    request,
    'post',
    `/tuning/session/${session.id}/next-configs`,
    token,
    { count: 3 },
  );
  expect(configs).toHaveLength(3);
  // Trials 1 and 2 trade per GPU against per user; trial 3 is beaten by trial 1 on both.
  const plan = [metrics(4000, 20), metrics(8000, 40), metrics(3000, 30)];
  for (const [i, pending] of configs.entries())
    await json(request, 'post', `/tuning/session/${session.id}/results`, token, {
      pending_config_id: pending.id,
      metrics: plan[i],
    });

  await storeToken(page, token);
  await page.goto(`/tuning-sessions/${session.id}`);
  const front = page.getByRole('region', { name: 'Pareto front' });
  await expect(front.getByRole('heading', { level: 2, name: 'Pareto front' })).toBeVisible();
  const points = front.getByRole('list', { name: 'Pareto front points' }).getByRole('button');
  await expect(points).toHaveCount(2);

  // The session's best (most per GPU, trial 2) is shown first; choose trial 1 with the keyboard.
  await expect(front.getByRole('button', { name: /^Trial 2\b/ })).toHaveAttribute('aria-pressed', 'true');
  await front.getByRole('button', { name: /^Trial 1\b/ }).focus();
  await page.keyboard.press('Enter');
  await expect(front.getByRole('heading', { level: 3, name: 'Trial 1' })).toBeVisible();
  const first = configs[0]!;
  await expect(front.getByLabel('Launch command')).toContainText(`--max-num-seqs ${String(first.config.max_num_seqs)}`);
});

test('a two-objective session made in the New tuning session dialog reaches the server and shows its front axes', async ({
  page,
  request,
}) => {
  const token = await registerThroughApi(request, uniqueEmail('pareto-dialog'));
  await storeToken(page, token);
  await page.goto('/tuning-sessions');

  const model = `e2e-org/Front-${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New tuning session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New tuning session' });
  await dialog.getByLabel('Model', { exact: true }).fill(model);
  await dialog.getByLabel('Hardware', { exact: true }).fill('H100');
  await dialog.getByRole('combobox', { name: 'Objective metric' }).selectOption('output_throughput_per_gpu');
  await dialog.getByRole('button', { name: 'Add an objective' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Objective 2 metric' })).toHaveValue('output_throughput_per_user');
  await expect(dialog.getByRole('checkbox', { name: 'Re-measure the best and the runner-up' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Create session' }).click();
  await expect(dialog).toBeHidden();

  // What the server stored, read back through its API.
  const mine = await json<{ data: { id: string; setting: { ml_model_name: string }; objectives?: unknown }[] }>(
    request,
    'get',
    '/tuning/session/mine',
    token,
  );
  const session = mine.data.find((s) => s.setting.ml_model_name === model);
  expect(session?.objectives).toEqual([
    { metric: 'output_throughput_per_gpu', direction: 'maximize' },
    { metric: 'output_throughput_per_user', direction: 'maximize' },
  ]);

  // One measured trial puts a point on the front, so the chart and its axes are drawn.
  const { configs } = await json<{ configs: { id: string }[] }>(
    request,
    'post',
    `/tuning/session/${session!.id}/next-configs`,
    token,
    { count: 1 },
  );
  await json(request, 'post', `/tuning/session/${session!.id}/results`, token, {
    pending_config_id: configs[0]!.id,
    metrics: metrics(4000, 20),
  });

  await page.goto(`/tuning-sessions/${session!.id}`);
  const front = page.getByRole('region', { name: 'Pareto front' });
  await expect(front.getByRole('list', { name: 'Pareto front points' }).getByRole('button')).toHaveCount(1);
  await expect(front).toContainText(
    'Output tok/s per GPU (higher is better) against Output tok/s per user (higher is better).',
  );
});
