import preview from '../../../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { benchmarks, fullProvenance, mismatchedProvenance, partialProvenance, withProvenance } from '@mako/fixtures';
import { llamaH100DetailArgs, llamaH100Fastest } from '../../../test/story-kit-benchmarks';
import { SingleBenchmarkDetail } from './single-benchmark-detail';

/*
 * The shown benchmark's own answer carries its provenance: what the engine really ran with, and
 * where the engine reports a flag otherwise than asked. The fastest benchmark is shown.
 */
const plain = benchmarks.find((b) => b.id === llamaH100Fastest.id)!;

const meta = preview.meta({
  title: 'Screens/Single benchmarks/Detail/Provenance',
  component: SingleBenchmarkDetail,
  args: {
    ...llamaH100DetailArgs(),
    selectedDetail: withProvenance(plain, fullProvenance),
  },
});

const shownCard = (canvasElement: HTMLElement) => within(canvasElement).getByRole('region', { name: /Benchmark #\d/ });
const section = (canvasElement: HTMLElement) =>
  within(shownCard(canvasElement)).getByRole('region', { name: 'Provenance' });
const fact = (canvasElement: HTMLElement, name: string) =>
  [...section(canvasElement).querySelectorAll('dt')].find((dt) => dt.textContent === name)?.nextElementSibling;

export const Full = meta.story({
  play: async ({ canvasElement, step }) => {
    await step('the engine, its version and where they were read', async () => {
      await expect(fact(canvasElement, 'Engine')).toHaveTextContent('vllm 0.11.0 · from GET /version');
    });
    await step('the GPU from nvidia-smi: model, driver, memory', async () => {
      await expect(fact(canvasElement, 'GPU')).toHaveTextContent(
        '1× NVIDIA H100 80GB HBM3 · driver 570.124.06 · memory 81,559 MiB',
      );
    });
    await step('the runner’s version and its command line, the token redacted', async () => {
      await expect(fact(canvasElement, 'Runner')).toHaveTextContent(
        'mako-runner 0.1.0 · mako-runner bench --base-url http://127.0.0.1:8000 --dataset trace --post --token ***',
      );
    });
    await step('the dataset’s fingerprint', async () => {
      await expect(fact(canvasElement, 'Dataset')).toHaveTextContent(
        `trace · seed 0 · mooncake_trace.jsonl · sha256 ${fullProvenance.dataset?.sha256 ?? ''}`,
      );
    });
    await step('every flag the engine reports, and where from', async () => {
      await expect(fact(canvasElement, 'Flags in effect')).toHaveTextContent(
        '7 flags as the engine reports them (vllm:cache_config_info, GET /v1/models)',
      );
      const flags = within(section(canvasElement)).getByRole('list', { name: 'Flags the engine reports' });
      await expect(
        within(flags)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        'block_size=16',
        'cache_dtype=auto',
        'enable_prefix_caching=true',
        'gpu_memory_utilization=0.9',
        'max_model_len=8192',
        'num_gpu_blocks=27531',
        'swap_space=4',
      ]);
    });
    await step('no flag differs, so nothing warns', async () => {
      await expect(
        within(shownCard(canvasElement)).queryByText('The engine did not run with every flag asked for'),
      ).toBeNull();
    });
  },
});

export const PartlyUnknown = meta.story({
  args: { selectedDetail: withProvenance(plain, partialProvenance) },
  play: async ({ canvasElement }) => {
    await expect(fact(canvasElement, 'Engine')).toHaveTextContent(/^unknown$/);
    await expect(fact(canvasElement, 'GPU')).toHaveTextContent(/^unknown$/);
    await expect(fact(canvasElement, 'Dataset')).toHaveTextContent(/^random · seed 0$/);
    await expect(fact(canvasElement, 'Flags in effect')).toHaveTextContent('the engine reports none');
  },
});

export const NoneFromAnOlderRunner = meta.story({
  args: { selectedDetail: plain },
  play: async ({ canvasElement }) => {
    const card = shownCard(canvasElement);
    // The benchmark itself is shown as before; only the section is absent.
    await expect(within(card).getByRole('heading', { name: /Benchmark #\d/ })).toBeVisible();
    await expect(within(card).queryByRole('region', { name: 'Provenance' })).toBeNull();
    await expect(within(card).queryByText('The engine did not run with every flag asked for')).toBeNull();
  },
});

export const FlagsNotTaken = meta.story({
  args: { selectedDetail: withProvenance({ ...plain, session_id: 'session-1' }, mismatchedProvenance) },
  play: async ({ canvasElement, step }) => {
    const card = shownCard(canvasElement);
    await step('a warning at the top of the benchmark names each flag, reported against asked', async () => {
      const warning = within(card).getByText('The engine did not run with every flag asked for').closest('[data-tone]');
      await expect(warning).toHaveAttribute('data-tone', 'warning');
      await expect(
        [...(warning?.querySelectorAll('li') ?? [])].map((li) => li.textContent?.replace(/\s+/g, ' ')),
      ).toEqual([
        'The engine reports gpu_memory_utilization = 0.9, the session asked for 0.95.',
        'The engine reports max_model_len = 8192, the session asked for 16384.',
      ]);
    });
    await step('it comes before the metrics', async () => {
      const warning = within(card).getByText('The engine did not run with every flag asked for');
      const provenance = within(card).getByRole('region', { name: 'Provenance' });
      await expect(warning.compareDocumentPosition(provenance) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });
  },
});
