import type { Benchmark } from '@mako/contract';
import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { textsOf } from '../../../test/story-kit-parts';
import { BenchmarkBadges } from './benchmark-badges';
import { llamaH100Manual, llamaH100Trials, VLLM_DEFAULTS } from './benchmark-common.fixtures';
import { runtimeOptionsDiff } from './benchmark-data';
import { LoadError } from './load-error';
import { OpenLink } from './open-link';
import { RuntimeOptionChips } from './runtime-options';

const tuningTrial = llamaH100Trials[2] as Benchmark;

const meta = preview.meta({
  title: 'Screens/Benchmarks/Common parts',
  component: BenchmarkBadges,
  args: { benchmark: llamaH100Manual },
});

export const VerifiedAndPublished = meta.story({
  play: async ({ canvas, step }) => {
    await step('each flag is a word with an icon, not a colour alone', async () => {
      for (const word of ['Verified', 'Published']) {
        const badge = canvas.getByText(word);
        await expect(badge).toBeVisible();
        await expect(badge.querySelector('svg')).not.toBeNull();
      }
    });
    await step('a public run is not called private, and it is no tuning trial', async () => {
      await expect(canvas.queryByText('Private')).not.toBeInTheDocument();
      await expect(canvas.queryByText('Tuning trial')).not.toBeInTheDocument();
      await expect(canvas.queryByText('Demo')).not.toBeInTheDocument();
    });
  },
});

export const PrivateTuningTrial = meta.story({
  args: { benchmark: tuningTrial, showPrivate: true },
  play: async ({ canvas, step }) => {
    await step('on the detail page an unpublished trial says Private and Tuning trial', async () => {
      await expect(canvas.getByText('Private')).toBeVisible();
      await expect(canvas.getByText('Tuning trial')).toBeVisible();
      await expect(canvas.queryByText('Verified')).not.toBeInTheDocument();
    });
  },
});

export const FlagsOnlyInLists = meta.story({
  args: { benchmark: tuningTrial },
  play: async ({ canvasElement, step }) => {
    await step('search lists show only flags a run has: an unpublished trial gets no badge', async () => {
      await expect(canvasElement.textContent).toBe('');
    });
  },
});

export const Demo = meta.story({
  args: { benchmark: { ...llamaH100Manual, demo: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Demo')).toHaveAttribute('data-tone', 'warning');
    await expect(canvas.getByText('Verified')).toBeVisible();
  },
});

export const RuntimeOptions = meta.story({
  render: () => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 420 }}>
      <RuntimeOptionChips
        aria-label="Changed from the defaults"
        options={runtimeOptionsDiff(tuningTrial.runtime_options, [], VLLM_DEFAULTS)}
      />
      <RuntimeOptionChips aria-label="Defaults" options={[]} />
    </div>
  ),
  play: async ({ canvas, step }) => {
    await step('only the flags that differ from the engine defaults, as name=value', async () => {
      const chips = textsOf(
        within(canvas.getByRole('list', { name: 'Changed from the defaults' })).getAllByRole('listitem'),
      );
      await expect(chips).toEqual([
        'max_num_seqs=512',
        'max_num_batched_tokens=32768',
        'gpu_memory_utilization=0.92',
        'kv_cache_dtype=fp8',
      ]);
    });
    await step('chips are monospace', async () => {
      await expect(getComputedStyle(canvas.getByText('kv_cache_dtype=fp8')).fontFamily).toMatch(/JetBrains Mono/);
    });
    await step('nothing changed reads "Engine defaults" instead of an empty list', async () => {
      await expect(canvas.getByText('Engine defaults')).toBeVisible();
      await expect(canvas.queryByRole('list', { name: 'Defaults' })).not.toBeInTheDocument();
    });
  },
});

const onOpen = fn();

export const OpenWithAddress = meta.story({
  render: () => (
    <OpenLink href={`/single-benchmarks/${llamaH100Manual.id}`} onOpen={onOpen}>
      Llama 3.1 8B on 1x H100
    </OpenLink>
  ),
  play: async ({ canvas, step, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Llama 3.1 8B on 1x H100' });
    const prevented: boolean[] = [];
    // Runs after React's handler: records what it decided, then keeps the test page where it is.
    const keepPage = (event: MouseEvent) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', keepPage);
    try {
      await step('it is a real link to the detail page, so "open in new tab" works', async () => {
        await expect(link).toHaveAttribute('href', `/single-benchmarks/${llamaH100Manual.id}`);
      });
      await step('a plain click is handed to onOpen instead of reloading the page', async () => {
        await userEvent.click(link);
        await expect(onOpen).toHaveBeenCalledTimes(1);
        await expect(prevented).toEqual([true]);
      });
      await step('a Ctrl-click is left to the browser (new tab)', async () => {
        await userEvent.keyboard('{Control>}');
        await userEvent.click(link);
        await userEvent.keyboard('{/Control}');
        await expect(onOpen).toHaveBeenCalledTimes(1);
        await expect(prevented).toEqual([true, false]);
      });
    } finally {
      document.removeEventListener('click', keepPage);
    }
  },
});

export const OpenWithoutAddress = meta.story({
  render: () => <OpenLink onOpen={onOpen}>Trial 5</OpenLink>,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Trial 5' }));
    await expect(onOpen).toHaveBeenCalledTimes(1);
  },
});

const onRetry = fn();

export const LoadFailed = meta.story({
  render: () => <LoadError error={{ statusText: 'Service Unavailable', detail: null }} onRetry={onRetry} />,
  play: async ({ canvas, step, userEvent }) => {
    await step("the wrapper's words: the status, then 'Unknown error' for a missing detail", async () => {
      const alert = canvas.getByRole('alert');
      await expect(alert).toHaveTextContent('Something went wrong: Service Unavailable');
      await expect(alert).toHaveTextContent('Unknown error');
    });
    await step('Retry calls onRetry', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
      await expect(onRetry).toHaveBeenCalledTimes(1);
    });
  },
});

export const LoadFailedWithoutError = meta.story({
  render: () => <LoadError error={null} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong: Unknown error');
    await expect(canvas.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  },
});
