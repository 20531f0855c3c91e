import { expect, test } from '@playwright/test';
import { benchmarkBody, benchmarkSetting, newAccount, postBenchmarkBody, storeToken, uniqueModel } from './support.ts';

const LLAMA = 'meta-llama/Llama-3.1-8B-Instruct';

test('a posted benchmark shows Predicted vs measured, corrected once another of its setting is measured', async ({
  page,
  request,
}) => {
  const token = await newAccount(request, 'predict');
  // A new user's private benchmarks: only their own count in the running error they see.
  const onL4 = (throughput: number) => ({
    ...benchmarkBody(LLAMA, { max_num_seqs: 128 }, throughput, 100),
    setting: { ...benchmarkSetting(LLAMA), hardware_config: { name: 'L4', count: 1 } },
  });
  const first = await postBenchmarkBody(request, token, onL4(900));
  await storeToken(page, token);

  await page.goto(`/single-benchmarks/${first.setting.id}`);
  const card = page.getByRole('region', { name: 'Benchmark #1' });
  await expect(card.getByRole('heading', { name: 'Predicted vs measured' })).toBeVisible();
  const table = card.getByRole('table', { name: 'Measured and predicted figures of this benchmark' });
  const throughput = table.getByRole('row').filter({ hasText: 'Output tok/s' });
  await expect(throughput.getByRole('cell').nth(1)).toHaveText('900 tok/s');
  await expect(throughput.getByRole('cell').nth(2)).toHaveText(/^[\d,]+ tok\/s$/);
  await expect(throughput).toContainText('No other benchmarks yet');

  // A second, faster benchmark of the setting: it is shown, corrected by the first.
  await postBenchmarkBody(request, token, { ...onL4(1000), runtime_options: { max_num_seqs: 256 } });
  await page.reload();
  const second = page.getByRole('region', { name: 'Benchmark #2' });
  const corrected = second
    .getByRole('table', { name: 'Measured and predicted figures of this benchmark' })
    .getByRole('row')
    .filter({ hasText: 'Output tok/s' });
  await expect(corrected.getByRole('cell').nth(1)).toHaveText('1,000 tok/s');
  await expect(corrected).toContainText('over 1 benchmark');
  await expect(second.getByRole('columnheader', { name: 'Corrected prediction' })).toBeVisible();
});

test('a model the performance model does not know says so on its page', async ({ page, request }) => {
  const token = await newAccount(request, 'predict');
  const model = uniqueModel('Unknown');
  const stored = await postBenchmarkBody(request, token, benchmarkBody(model, {}, 5000, 100));
  await storeToken(page, token);
  await page.goto(`/single-benchmarks/${stored.setting.id}`);
  const card = page.getByRole('region', { name: 'Benchmark #1' });
  await expect(card.getByRole('heading', { name: 'Predicted vs measured' })).toBeVisible();
  await expect(card).toContainText(
    `No prediction for this benchmark. The performance model does not know the model ${model}.`,
  );
});
