import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  API,
  bearer,
  benchmarkBody,
  finishedSession,
  newAccountWithModel,
  postBenchmark,
  postBenchmarkBody,
  storeToken,
} from './support.ts';

const compareUrl = (ids: readonly string[]) => new RegExp(`/benchmarks/compare\\?ids=${ids.join('(%2C|,)')}$`);

test('two search results open side by side at a shareable address, and export as CSV', async ({ page, request }) => {
  const { token, model } = await newAccountWithModel(request, 'compare');
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

  await expect(page).toHaveURL(compareUrl([baseline, tuned]));
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

test("two of a setting's benchmarks open in Compare from the setting's page", async ({ page, request }) => {
  const { token, model } = await newAccountWithModel(request, 'compare-setting');
  const first = await postBenchmarkBody(request, token, benchmarkBody(model, { max_num_seqs: 256 }, 4000, 100));
  const second = await postBenchmark(request, token, model, { max_num_seqs: 512 }, 5000, 150);
  await storeToken(page, token);

  await page.goto(`/single-benchmarks/${first.setting.id}`);
  const table = page.getByRole('table', { name: 'Benchmarks of this setting' });
  const compare = page.getByRole('button', { name: 'Compare', exact: true });
  await expect(compare).toBeDisabled();
  await table.getByRole('checkbox', { name: 'Compare benchmark #2' }).check();
  await table.getByRole('checkbox', { name: 'Compare benchmark #1' }).check();
  await compare.click();

  await expect(page).toHaveURL(compareUrl([second, first.id]));
  await expect(page.getByRole('table', { name: 'Metrics' })).toBeVisible();
});

test("a tuning session's measured trials open in Compare; a failed trial cannot be ticked", async ({
  page,
  request,
}) => {
  const { token, model } = await newAccountWithModel(request, 'compare-session');
  const sessionId = await finishedSession(request, token, model, { outcomes: [[4000, 90], null, [5000, 120]] });
  const listed = await request.get(`${API}/tuning/session/${sessionId}/results`, {
    headers: bearer(token),
  });
  expect(listed.ok()).toBe(true);
  const trials = ((await listed.json()) as { data: { trial_number: number; benchmark_id: string | null }[] }).data;
  const failed = trials.find((trial) => trial.benchmark_id === null);
  const measured = trials.filter((trial) => trial.benchmark_id !== null);
  expect(failed).toBeDefined();
  expect(measured).toHaveLength(2);
  await storeToken(page, token);

  await page.goto(`/tuning-sessions/${sessionId}`);
  const table = page.getByRole('table', { name: 'Trial results' });
  const box = (trial: number) => table.getByRole('checkbox', { name: `Compare trial #${trial}` });
  await expect(box(failed!.trial_number)).toBeDisabled();
  await expect(box(failed!.trial_number)).toHaveAccessibleDescription(/no stored benchmark/);
  await box(measured[1]!.trial_number).check();
  await box(measured[0]!.trial_number).check();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();

  await expect(page).toHaveURL(compareUrl([measured[1]!.benchmark_id!, measured[0]!.benchmark_id!]));
  await expect(page.getByRole('table', { name: 'Metrics' })).toBeVisible();
});
