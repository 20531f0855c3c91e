import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { benchmarkBody, postBenchmarkBody, registerThroughApi, storeToken, uniqueEmail } from './support.ts';

/** Stores one private benchmark of `model` on 1x H100, as a runner's --post would. */
async function postBenchmark(
  request: APIRequestContext,
  token: string,
  model: string,
  runtimeOptions: Record<string, number | string | boolean>,
  outputThroughput: number,
  ttftP50: number,
): Promise<string> {
  return (await postBenchmarkBody(request, token, benchmarkBody(model, runtimeOptions, outputThroughput, ttftP50))).id;
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
