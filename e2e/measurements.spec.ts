import { expect, test } from '@playwright/test';
import { benchmarkBody, newAccountWithModel, postBenchmarkBody, storeToken } from './support.ts';

test('a repeated, client-limited run with telemetry shows its interval, the callout and the chart', async ({
  page,
  request,
}) => {
  const { token, model } = await newAccountWithModel(request, 'measure');
  const runs = [4900, 5000, 5100].map((throughput) => benchmarkBody(model, {}, throughput, 100).metrics);
  const samples = Array.from({ length: 61 }, (_, t) => ({
    t_s: t,
    ...(t > 0 ? { output_throughput: t < 40 ? 5000 : 3000 } : {}),
    running: 64,
    waiting: t < 40 ? 0 : (t - 40) * 2,
    kv_cache_usage: Math.min(1, t / 40),
    preemptions: t < 40 ? 0 : t - 40,
    gpu_utilization_pct: 95,
  }));
  const stored = await postBenchmarkBody(request, token, {
    ...benchmarkBody(model, { max_num_seqs: 256 }, 5000, 100),
    runs,
    client: {
      target_rate: 10,
      achieved_rate: 9.1,
      send_lag_ms: { p50: 2, p99: 35 },
      cpu_pct: 99,
      client_limited: true,
      client_limited_reasons: ['achieved 9.10 req/s, 9.0 % short of the target 10.00 req/s'],
    },
    telemetry: { interval_s: 1, samples },
  });
  await storeToken(page, token);

  await page.goto(`/single-benchmarks/${stored.setting.id}`);
  const card = page.getByRole('region', { name: 'Benchmark #1' });
  // Three runs at 4,900, 5,000 and 5,100 tok/s: mean 5,000, half-width t(2) · 100 / √3 = 248.
  await expect(card.getByText('5,000 ± 248', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('Mean of 3 runs ± 95 % interval').first()).toBeVisible();
  await expect(card.getByText('The client could not keep up')).toBeVisible();
  await expect(card).toContainText('achieved 9.10 req/s, 9.0 % short of the target 10.00 req/s');
  await expect(card.getByText('Client-limited', { exact: true })).toBeVisible();
  const chart = card.getByRole('figure', { name: 'Engine telemetry' });
  await expect(chart).toContainText('KV cache peaked at 100 % at 40 s; up to 40 requests waiting; 20 preemptions');
  await expect(chart.locator('[data-telemetry-panel] svg.recharts-surface')).toHaveCount(2);
});
