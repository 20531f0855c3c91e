import { expect, test } from '@playwright/test';
import { benchmarkBody, newAccountWithModel, postBenchmarkBody, storeToken } from './support.ts';

/** What a current runner posts beside the metrics: read from vLLM, nvidia-smi and its own command line. */
const provenance = (driver: string, mismatches: { flag: string; asked: number; reported: number }[] = []) => ({
  engine: { name: 'vllm', version: '0.11.0', source: 'GET /version' },
  flags: { block_size: 16, gpu_memory_utilization: 0.9, enable_prefix_caching: true, max_model_len: 8192 },
  flag_sources: ['vllm:cache_config_info', 'GET /v1/models'],
  gpu: { name: 'NVIDIA H100 80GB HBM3', driver, memory_mib: 81559, count: 1 },
  runner: { version: '0.1.0', argv: ['bench', '--base-url', 'http://127.0.0.1:8000', '--post', '--token', '***'] },
  dataset: { kind: 'random', seed: 0, file: null, sha256: null },
  mismatches,
});

test('a posted benchmark shows its provenance and a flag the engine did not take; compare highlights a different driver', async ({
  page,
  request,
}) => {
  const { token, model } = await newAccountWithModel(request, 'provenance');
  const first = await postBenchmarkBody(request, token, {
    ...benchmarkBody(model, { gpu_memory_utilization: 0.95 }, 5000, 100),
    provenance: provenance('570.124.06', [{ flag: 'gpu_memory_utilization', asked: 0.95, reported: 0.9 }]),
  });
  const second = await postBenchmarkBody(request, token, {
    ...benchmarkBody(model, { gpu_memory_utilization: 0.9 }, 4800, 110),
    provenance: provenance('580.65.06'),
  });
  await storeToken(page, token);

  await page.goto(`/single-benchmarks/${first.setting.id}`);
  const card = page.getByRole('region', { name: /^Benchmark #\d/ });
  // The fastest benchmark (the first, 5,000 tok/s) is shown.
  await expect(card.getByText('The engine did not run with every flag asked for')).toBeVisible();
  await expect(card).toContainText('The engine reports gpu_memory_utilization = 0.9, the run asked for 0.95.');
  const section = card.getByRole('region', { name: 'Provenance' });
  await expect(section).toContainText('vllm 0.11.0 · from GET /version');
  await expect(section).toContainText('1× NVIDIA H100 80GB HBM3 · driver 570.124.06 · memory 81,559 MiB');
  await expect(section).toContainText('mako-runner bench --base-url http://127.0.0.1:8000 --post --token ***');
  await expect(section.getByRole('list', { name: 'Flags the engine reports' }).getByRole('listitem')).toHaveCount(4);

  await page.goto(`/benchmarks/compare?ids=${first.id},${second.id}`);
  const table = page.getByRole('table', { name: 'Provenance' });
  const driver = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'GPU driver' }) });
  await expect(driver.getByRole('cell').nth(1)).toHaveText('580.65.06 (differs from #1)');
  await expect(page.getByRole('status').filter({ hasText: 'benchmarks;' })).toContainText(
    'what the engines ran with differs in 2 fields',
  );
});
