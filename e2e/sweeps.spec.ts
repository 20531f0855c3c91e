import { expect, test } from '@playwright/test';
import { API, bearer, benchmarkBody, newAccountWithModel, postBenchmarkBody, storeToken } from './support.ts';

const level = (load: number, benchmark: string | null, extra: object = {}) => ({
  load,
  benchmark_id: benchmark,
  passed: true,
  slo_met: 0.97,
  completed: 200,
  failed: 0,
  request_throughput: load * 0.9,
  output_throughput: load * 200,
  goodput: load * 0.87,
  ttft_p99_ms: 100 + load * 5,
  tpot_p99_ms: 20,
  e2el_p99_ms: 2000 + load * 100,
  ...extra,
});

test("a runner's sweep has a page with its curve, its verdict, and links to and from its levels' benchmarks", async ({
  page,
  request,
}) => {
  const { token, model } = await newAccountWithModel(request, 'sweep');
  const [b1, b2, b4] = await Promise.all(
    [1, 2, 4].map((c) => postBenchmarkBody(request, token, benchmarkBody(model, { max_num_seqs: 64 }, c * 200, 100))),
  );
  const headers = bearer(token);
  // As `mako-runner sweep --post` does: create the sweep, then replace its levels as they come.
  const created = await request.post(`${API}/sweeps`, {
    headers,
    data: {
      setting: benchmarkBody(model, {}, 1, 1).setting,
      runtime_options: { max_num_seqs: 64 },
      over: 'concurrency',
      slo: { e2el_ms: 3000 },
      attainment: 0.9,
      levels: [level(1, b1!.id)],
    },
  });
  expect(created.ok()).toBe(true);
  const sweep = (await created.json()) as { id: string };
  const updated = await request.patch(`${API}/sweeps/${sweep.id}`, {
    headers,
    data: {
      complete: true,
      levels: [
        level(1, b1!.id),
        level(2, b2!.id),
        level(4, b4!.id),
        level(8, null, {
          passed: false,
          saturated: true,
          saturation: {
            signal: 'ttft',
            at_s: 7.5,
            rank_correlation: 0.9,
            first_median: 120,
            last_median: 2400,
            samples: 40,
          },
        }),
      ],
    },
  });
  expect(updated.ok()).toBe(true);
  await storeToken(page, token);

  await page.goto(`/sweeps/${sweep.id}`);
  // One h1, the app's top bar's: the page's title.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Sweep of ${model}`);
  await expect(page.getByText('Highest load meeting the SLO: concurrency 4', { exact: false })).toBeVisible();
  await expect(page.getByText(/1 level was saturated \(concurrency 8\)/)).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Throughput against latency, level by level' });
  await expect(chart.locator('.recharts-scatter-symbol')).toHaveCount(4);
  await expect(chart.locator('.recharts-line-curve')).toHaveCount(1);
  const rows = page.getByRole('table', { name: 'Sweep levels' }).locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(3)).toContainText('Saturated');

  // A level's link opens its benchmark, whose page links back to the sweep.
  await page.getByRole('link', { name: 'Benchmark at concurrency 2' }).click();
  await expect(page).toHaveURL(new RegExp(`/single-benchmarks/${b2!.setting.id}\\?benchmark=${b2!.id}`));
  await page.getByRole('link', { name: 'One level of a load sweep' }).click();
  await expect(page).toHaveURL(new RegExp(`/sweeps/${sweep.id}$`));
});
