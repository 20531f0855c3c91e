import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  API,
  bearer,
  benchmarkMetrics,
  benchmarkSetting,
  newAccount,
  signedInAccount,
  storeToken,
  uniqueModel,
} from './support.ts';

async function json<T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  path: string,
  token: string,
  data?: unknown,
) {
  const res = await request[method](`${API}${path}`, {
    headers: bearer(token),
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

test('a multi-objective session shows its Pareto front; choosing a point shows its launch command', async ({
  page,
  request,
}) => {
  const token = await newAccount(request, 'pareto');
  const objectives = [
    { metric: 'output_throughput_per_gpu', direction: 'maximize' },
    { metric: 'output_throughput_per_user', direction: 'maximize' },
  ];
  const session = await json<{ id: string }>(request, 'post', '/tuning/session', token, {
    setting: benchmarkSetting(uniqueModel('Pareto')),
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
  // Trials 1 and 2 trade per GPU against per user (1000 / TPOT mean); trial 3 is beaten by trial 1 on both.
  const plan = [benchmarkMetrics(4000, 80, 20), benchmarkMetrics(8000, 80, 40), benchmarkMetrics(3000, 80, 30)];
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
  const token = await signedInAccount(page, request, 'pareto-dialog');
  await page.goto('/tuning-sessions');

  const model = uniqueModel('Front');
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
    metrics: benchmarkMetrics(4000, 80, 20),
  });

  await page.goto(`/tuning-sessions/${session!.id}`);
  const front = page.getByRole('region', { name: 'Pareto front' });
  await expect(front.getByRole('list', { name: 'Pareto front points' }).getByRole('button')).toHaveCount(1);
  await expect(front).toContainText(
    'Output tok/s per GPU (higher is better) against Output tok/s per user (higher is better).',
  );
});
