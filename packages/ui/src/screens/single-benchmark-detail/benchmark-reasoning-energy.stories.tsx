import type { Benchmark, BenchmarkMetrics } from '@mako/contract';
import preview from '../../../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { llamaH100DetailArgs, llamaH100Fastest } from '../../../test/story-kit-benchmarks';
import { SingleBenchmarkDetail } from './single-benchmark-detail';

/*
 * A benchmark whose runner measured reasoning, the prefix cache and energy (issue 24), one that
 * measured only some, and one from an older runner, which measured none.
 */
const stats = (p50: number) => ({ mean: p50 * 1.1, p50, p90: p50 * 1.5, p95: p50 * 1.7, p99: p50 * 2 });
const withMetrics = (extra: Partial<BenchmarkMetrics>, cost: number | null = 0.5): Benchmark => ({
  ...llamaH100Fastest,
  cost_per_million_tokens: cost,
  metrics: {
    ...llamaH100Fastest.metrics,
    ttft_ms: { ...stats(200), mean: 250 },
    e2el_ms: { ...stats(2000), mean: 1000 },
    ...extra,
  },
});
const everything = withMetrics({
  ttfot_ms: stats(1840),
  reasoning_tokens: 61_440,
  answer_tokens: 20_480,
  cached_prompt_tokens: 98_304,
  prefix_cache_hit_rate: 0.75,
  engine_prefix_cache_hit_rate: 0.731,
  energy: { joules_per_output_token: 0.412, joules_per_request: 84.3, source: 'dcgm' },
});

const meta = preview.meta({
  title: 'Screens/Single benchmarks/Detail/Reasoning, cache and energy',
  component: SingleBenchmarkDetail,
  args: {
    ...llamaH100DetailArgs(),
    selectedDetail: everything,
  },
});

const section = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('region', { name });
const stat = (canvasElement: HTMLElement, sectionName: string, label: string) =>
  within(section(canvasElement, sectionName)).getByText(label).parentElement as HTMLElement;

export const Measured = meta.story({
  play: async ({ canvasElement, step }) => {
    await step(
      'reasoning: the first token of any kind against the first answer token, and both token counts',
      async () => {
        await expect(stat(canvasElement, 'Reasoning', 'p50 TTFT (any token)')).toHaveTextContent('200');
        await expect(stat(canvasElement, 'Reasoning', 'p50 TTFOT (first answer token)')).toHaveTextContent('1,840');
        await expect(stat(canvasElement, 'Reasoning', 'p50 TTFOT (first answer token)')).toHaveTextContent('p99 3,680');
        await expect(stat(canvasElement, 'Reasoning', 'Reasoning tokens')).toHaveTextContent('61,440');
        await expect(stat(canvasElement, 'Reasoning', 'Answer tokens')).toHaveTextContent('20,480');
      },
    );
    await step("the prefix cache from the answers and from the engine's own counter", async () => {
      await expect(stat(canvasElement, 'Prefix cache', 'Cached prompt tokens')).toHaveTextContent('98,304');
      await expect(stat(canvasElement, 'Prefix cache', 'Hit rate (from the answers)')).toHaveTextContent('75 %');
      await expect(stat(canvasElement, 'Prefix cache', "Hit rate (engine's counter)")).toHaveTextContent('73.1 %');
    });
    await step('energy per output token and per request, with where it came from', async () => {
      await expect(stat(canvasElement, 'Energy', 'Per output token')).toHaveTextContent('0.412 J');
      await expect(stat(canvasElement, 'Energy', 'Per request')).toHaveTextContent('84.3 J');
      await expect(stat(canvasElement, 'Energy', 'Source')).toHaveTextContent('DCGM energy counter');
    });
    await step('the cost split by the share of request time before the first token (250 of 1,000 ms)', async () => {
      const { total_input_tokens: input, total_output_tokens: output } = everything.metrics;
      const inputPrice = (0.25 * 0.5 * output) / input;
      await expect(stat(canvasElement, 'Cost by token kind', 'Per 1M output tokens')).toHaveTextContent('$0.38');
      await expect(stat(canvasElement, 'Cost by token kind', 'Per 1M input tokens')).toHaveTextContent(
        `$${inputPrice.toFixed(2)}`,
      );
      await expect(section(canvasElement, 'Cost by token kind')).toHaveTextContent('25 % before the first token');
    });
  },
});

export const PartlyMeasured = meta.story({
  args: {
    selectedDetail: withMetrics({ ttfot_ms: stats(210), reasoning_tokens: 0, answer_tokens: 20_480 }, null),
  },
  play: async ({ canvasElement }) => {
    await expect(stat(canvasElement, 'Reasoning', 'p50 TTFOT (first answer token)')).toHaveTextContent('210');
    await expect(stat(canvasElement, 'Prefix cache', 'Hit rate (from the answers)')).toHaveTextContent('Not measured');
    await expect(stat(canvasElement, 'Prefix cache', "Hit rate (engine's counter)")).toHaveTextContent('Not measured');
    await expect(stat(canvasElement, 'Energy', 'Per output token')).toHaveTextContent('Not measured');
    await expect(stat(canvasElement, 'Energy', 'Source')).toHaveTextContent('Not measured');
    await expect(section(canvasElement, 'Cost by token kind')).toHaveTextContent('No GPU price was given');
  },
});

export const OlderRunner = meta.story({
  args: { selectedDetail: llamaH100Fastest },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Latency percentiles' })).toBeVisible();
    for (const name of ['Reasoning', 'Prefix cache', 'Energy', 'Cost by token kind'])
      await expect(canvas.queryByRole('region', { name })).toBeNull();
  },
});
