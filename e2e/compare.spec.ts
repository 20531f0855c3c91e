import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { API, registerThroughApi, storeToken, uniqueEmail } from './support.ts';

const latency = (p50: number) => ({ mean: p50, p50, p90: p50 * 1.3, p95: p50 * 1.5, p99: p50 * 2 });

/** Stores one private benchmark of `model` on 1x H100, as a runner's --post would. */
async function postBenchmark(
  request: APIRequestContext,
  token: string,
  model: string,
  runtimeOptions: Record<string, number | string | boolean>,
  outputThroughput: number,
  ttftP50: number,
): Promise<string> {
  const duration = 100;
  const outputTokens = outputThroughput * duration;
  const response = await request.post(`${API}/benchmarks`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      setting: {
        ml_model_name: model,
        hardware_config: { name: 'H100', count: 1 },
        software: { runtime: 'vllm', version: '0.11.0' },
        workload: {
          dataset: 'random',
          num_requests: 1000,
          request_rate: 10,
          burstiness: 1,
          max_concurrency: null,
          max_seq_length: 4096,
          output_len: 256,
          min_prompt: 1024,
          max_prompt: 1024,
          min_output: 256,
          max_output: 256,
        },
      },
      runtime_options: runtimeOptions,
      metrics: {
        completed: 1000,
        failed: 0,
        duration_s: duration,
        total_input_tokens: 1_024_000,
        total_output_tokens: outputTokens,
        request_throughput: 10,
        input_throughput: 10_240,
        output_throughput: outputThroughput,
        total_token_throughput: 10_240 + outputThroughput,
        ttft_ms: latency(ttftP50),
        tpot_ms: latency(15),
        itl_ms: latency(15),
        e2el_ms: latency(ttftP50 + 15 * 256),
        goodput: null,
      },
      cost_per_million_tokens: null,
      session_id: null,
      published: false,
      notes: '',
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

test('two search results open side by side at a shareable address, and export as CSV', async ({ page, request }) => {
  const token = await registerThroughApi(request, uniqueEmail('compare'));
  const model = `e2e-org/Compare-${Date.now().toString(36)}`;
  const baseline = await postBenchmark(request, token, model, { max_num_seqs: 256 }, 4000, 100);
  const tuned = await postBenchmark(request, token, model, { max_num_seqs: 512 }, 5000, 150);
  await storeToken(page, token);

  await page.goto(`/benchmarks/?model_name=${encodeURIComponent(model)}`);
  const table = page.getByRole('table', { name: 'Matching benchmarks' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const compare = page.getByRole('button', { name: 'Compare', exact: true });
  await expect(compare).toBeDisabled();
  // Newest first: the tuned run is the first row. Tick the baseline first so it is column #1.
  const boxes = table.getByRole('checkbox');
  await boxes.nth(1).check();
  await boxes.nth(0).check();
  await compare.click();

  await expect(page).toHaveURL(new RegExp(`/benchmarks/compare\\?ids=${baseline}(%2C|,)${tuned}$`));
  await expect(page).toHaveTitle('Compare benchmarks');
  await expect(page.getByRole('heading', { level: 1, name: 'Compare benchmarks' })).toBeVisible();
  const flag = page.getByRole('table', { name: 'Engine flags' }).getByRole('row', { name: /max_num_seqs/ });
  await expect(flag).toContainText('256');
  await expect(flag).toContainText('512 (differs from #1)');
  const metrics = page.getByRole('table', { name: 'Metrics' });
  const metric = (name: string) =>
    metrics.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(metric('Output tok/s')).toContainText('+25 % vs #1, better');
  await expect(metric('p99 TTFT')).toContainText('+50 % vs #1, worse');

  // The address alone opens the same comparison (a shared link, a reload).
  await page.reload();
  await expect(page.getByRole('table', { name: 'Metrics' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('benchmark-comparison.csv');
  const csv = await fs.readFile(await download.path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[1]!.startsWith(`${baseline},`)).toBe(true);
  expect(lines[2]!.startsWith(`${tuned},`)).toBe(true);
  expect(lines[2]).toContain(model);
});
