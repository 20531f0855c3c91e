import { expect, test } from '@playwright/test';
import { benchmarkBody, newAccountWithModel, postBenchmarkBody, storeToken } from './support.ts';

test('a benchmark with reasoning, prefix-cache and energy figures shows them, and a search by energy finds it', async ({
  page,
  request,
}) => {
  const { token, model } = await newAccountWithModel(request, 'energy');
  const plain = benchmarkBody(model, { max_num_seqs: 128 }, 4000, 100);
  const body = benchmarkBody(model, { max_num_seqs: 256 }, 5000, 100);
  const stored = await postBenchmarkBody(request, token, {
    ...body,
    cost_per_million_tokens: 0.5,
    metrics: {
      ...body.metrics,
      ttfot_ms: { mean: 1900, p50: 1840, p90: 2600, p95: 3000, p99: 3680 },
      reasoning_tokens: 61_440,
      answer_tokens: 20_480,
      cached_prompt_tokens: 98_304,
      prefix_cache_hit_rate: 0.75,
      engine_prefix_cache_hit_rate: 0.731,
      energy: { joules_per_output_token: 0.412, joules_per_request: 84.3, source: 'nvidia-smi' },
    },
  });
  await postBenchmarkBody(request, token, plain);
  await storeToken(page, token);

  await page.goto(`/single-benchmarks/${stored.setting.id}?benchmark=${stored.id}`);
  await expect(page.getByRole('region', { name: 'Reasoning' })).toContainText('1,840');
  await expect(page.getByRole('region', { name: 'Reasoning' })).toContainText('61,440');
  await expect(page.getByRole('region', { name: 'Prefix cache' })).toContainText('75 %');
  await expect(page.getByRole('region', { name: 'Prefix cache' })).toContainText('73.1 %');
  const energy = page.getByRole('region', { name: 'Energy' });
  await expect(energy).toContainText('0.412 J');
  await expect(energy).toContainText('84.3 J');
  await expect(energy).toContainText('nvidia-smi power');
  await expect(page.getByRole('region', { name: 'Cost by token kind' })).toContainText('Per 1M input tokens');

  const results = page.getByRole('table', { name: 'Matching benchmarks' });
  await page.goto(`/benchmarks?model_name=${encodeURIComponent(model)}`);
  await expect(results.getByRole('row')).toHaveCount(3);
  await page.goto(
    `/benchmarks?model_name=${encodeURIComponent(model)}&constraints=${encodeURIComponent('joules_per_output_token<=0.5')}`,
  );
  await expect(results.getByRole('row')).toHaveCount(2);
  // The measured one (5,000 tok/s), not the one without energy (4,000).
  await expect(results).toContainText('5,000');
  await expect(results).not.toContainText('4,000');
});
