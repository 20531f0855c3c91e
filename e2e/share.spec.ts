import { expect, test } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { API, bearer, finishedSession, newAccountWithModel, postBenchmark, storeToken } from './support.ts';

// Each test drives two browsers (the owner's and a visitor's) through several page loads.
test.slow();

/** A visitor: a browser context of its own, with no stored token and no cookies. */
async function visitor(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  return { page, close: () => context.close() };
}

test('a published benchmark and its setting open for a visitor without an account, until unpublished', async ({
  page,
  request,
  browser,
}) => {
  const { token, model } = await newAccountWithModel(request, 'share-benchmark');
  const benchmarkId = await postBenchmark(request, token, model, { max_num_seqs: 256 }, 4000, 100);
  const stored = await request.get(`${API}/benchmarks/by-id/${benchmarkId}`, {
    headers: bearer(token),
  });
  const settingId = ((await stored.json()) as { setting: { id: string } }).setting.id;
  await storeToken(page, token);

  // The owner publishes it; the Share control then offers both public addresses.
  await page.goto(`/single-benchmarks/${settingId}`);
  await expect(page.getByText('Publish a benchmark to give it, and this setting, a public page.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const benchmarkLink = page.getByRole('textbox', { name: 'Public page of this benchmark' });
  await expect(benchmarkLink).toHaveValue(new RegExp(`/share/benchmarks/${benchmarkId}$`));
  const benchmarkUrl = await benchmarkLink.inputValue();
  const settingUrl = await page.getByRole('textbox', { name: 'Public page of this setting' }).inputValue();

  const benchmarkTitle = `${model} benchmark on 1x H100`;
  const stranger = await visitor(browser, benchmarkUrl);
  try {
    await expect(stranger.page).toHaveTitle(benchmarkTitle);
    await expect(stranger.page.getByRole('heading', { level: 1, name: benchmarkTitle })).toBeVisible();
    await expect(stranger.page.getByRole('heading', { name: 'Benchmarks (1)' })).toBeVisible();
    await expect(stranger.page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(stranger.page.getByRole('button', { name: /publish|delete/i })).toHaveCount(0);

    await stranger.page.goto(settingUrl);
    await expect(stranger.page).toHaveTitle(`${model} benchmarks on 1x H100`);

    // Unpublished by the owner: the visitor's next load says it is not available.
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
    await stranger.page.goto(benchmarkUrl);
    await expect(
      stranger.page.getByText('This benchmark is not available. It may be private, no longer shared, or deleted.'),
    ).toBeVisible();
    await stranger.page.goto(settingUrl);
    await expect(stranger.page.getByText(/This benchmark setting is not available/)).toBeVisible();
    await expect(stranger.page.getByText(model)).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});

test('a finished tuning session its owner shares opens for a visitor, until the owner stops sharing', async ({
  page,
  request,
  browser,
}) => {
  const { token, model } = await newAccountWithModel(request, 'share-session');
  const sessionId = await finishedSession(request, token, model);
  await storeToken(page, token);

  await page.goto(`/tuning-sessions/${sessionId}`);
  await page.getByRole('button', { name: 'Share publicly' }).click();
  const link = page.getByRole('textbox', { name: 'Public link' });
  await expect(link).toHaveValue(new RegExp(`/share/tuning-sessions/${sessionId}$`));
  const url = await link.inputValue();

  const title = `${model} tuning session on 1x H100`;
  const stranger = await visitor(browser, url);
  try {
    await expect(stranger.page).toHaveTitle(title);
    await expect(stranger.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(stranger.page.getByRole('table', { name: 'Trial results' }).getByRole('row')).toHaveCount(2);
    await expect(stranger.page.getByRole('button', { name: /sharing|share publicly/i })).toHaveCount(0);
    await expect(stranger.page.getByText(/mako-runner tune/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(page.getByRole('button', { name: 'Share publicly' })).toBeVisible();
    await stranger.page.reload();
    await expect(
      stranger.page.getByText('This tuning session is not available. It may be private, no longer shared, or deleted.'),
    ).toBeVisible();
  } finally {
    await stranger.close();
  }
});

test('a shared multi-objective session shows a visitor its Pareto front and why it wins, read-only', async ({
  request,
  browser,
}) => {
  const { token, model } = await newAccountWithModel(request, 'share-front');
  const perGpu = { metric: 'output_throughput_per_gpu', direction: 'maximize' };
  const sessionId = await finishedSession(request, token, model, {
    objective: perGpu,
    objectives: [perGpu, { metric: 'ttft_ms.p99', direction: 'minimize' }],
    search_space: {
      parameters: [
        { kind: 'int', name: 'max_num_seqs', low: 8, high: 512, log: true },
        { kind: 'float', name: 'gpu_memory_utilization', low: 0.8, high: 0.95, step: 0.01 },
      ],
      rules: [],
    },
    // Six measurements trading throughput for first-token latency, and one out of memory: enough for the models.
    outcomes: [[3000, 60], [4000, 90], [5000, 130], [3500, 70], [4500, 150], [2500, 50], null],
  });
  const headers = bearer(token);
  const shared = await request.patch(`${API}/tuning/session/${sessionId}`, { headers, data: { shared: true } });
  expect(shared.ok()).toBe(true);

  const stranger = await visitor(browser, `/share/tuning-sessions/${sessionId}`);
  try {
    const { page } = stranger;
    await expect(page.getByRole('heading', { level: 1, name: `${model} tuning session on 1x H100` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pareto front', level: 2 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Pareto front points' }).getByRole('button').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why it wins', level: 2 })).toBeVisible();
    await expect(page.getByText("From the tuner's models, fitted on 6 trials.")).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Flag importance' }).getByRole('listitem').filter({ hasText: 'max_num_seqs' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Slices' })).toBeVisible();
    await expect(page.getByRole('button', { name: /sharing|share publicly/i })).toHaveCount(0);
    await expect(page.getByText(/mako-runner tune/)).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});
