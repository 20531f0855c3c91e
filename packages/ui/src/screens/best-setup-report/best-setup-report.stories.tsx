import type { Benchmark } from '@mako/contract';
import preview from '../../../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { withPrediction, withoutPrediction } from '@mako/fixtures';
import {
  VLLM_DEFAULTS,
  bestSetupReport,
  llamaH100Manual,
  llamaH100Setting,
  llamaH100Trials,
} from '../benchmark-common/benchmark-common.fixtures';
import { darkThemeStory, failedLoadStory, phoneStory, stubClipboard } from '../../../test/story-kit';
import { expectCopies, textsOf } from '../../../test/story-kit-parts';
import { FIXTURE_CLOCK, retryAndCopyArgs } from '../../../test/story-kit-benchmarks';
import { expectOffers } from '../../../test/story-kit-screens';
import { BestSetupReport } from './best-setup-report';
import type { BestBenchmarkReportView } from './best-setup-report';

const LLAMA = 'meta-llama/Llama-3.1-8B-Instruct';
const trial3 = llamaH100Trials[1] as Benchmark;

/*
 * The report as the API answers it: each row carries the model's prediction. The model reads the
 * winner's throughput 10 % high and the defaults run's 5 % high; three other benchmarks of the
 * setting correct both.
 */
const reportWithPredictions: BestBenchmarkReportView = {
  ...bestSetupReport,
  best: withPrediction(bestSetupReport.best, 1.1, 3),
  baseline: withPrediction(bestSetupReport.baseline!, 1.05, 3),
};

const meta = preview.meta({
  title: 'Screens/Best-setup report',
  component: BestSetupReport,
  args: {
    models: [LLAMA, 'meta-llama/Llama-3.3-70B-Instruct', 'Qwen/Qwen3-32B'],
    hardware: ['A100-80GB', 'H100', 'L40S', 'MI300X'],
    selection: { model_name: LLAMA, hardware_name: 'H100', objective: 'output_throughput' as const },
    status: 'success' as const,
    report: reportWithPredictions,
    runtimeDefaults: VLLM_DEFAULTS,
    onChange: fn(),
    onOpenSetting: fn(),
    ...retryAndCopyArgs(),
    ...FIXTURE_CLOCK,
  },
  beforeEach: stubClipboard,
});

const optionRows = (canvasElement: HTMLElement) =>
  [
    ...within(canvasElement)
      .getByRole('table', { name: 'Runtime options of the best setup' })
      .querySelectorAll('tbody tr'),
  ].map((row) => textsOf([...row.querySelectorAll('td')]));

export const Full = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    await step('one card names the winner: model on {count}x {hardware}, engine, candidates considered', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Best-setup report' })).toBeVisible();
      const card = canvas.getByRole('region', { name: `Best setup for ${LLAMA} on 1x H100` });
      await expect(card).toHaveTextContent('vLLM 0.11.0 · chosen from 7 benchmarked configurations');
    });
    await step('the objective, with the gain over the engine defaults in words', async () => {
      const headline = canvas.getByText('Output tok/s', { selector: 'dt' }).closest('dl') as HTMLElement;
      await expect(headline).toHaveTextContent('5,241 tok/s');
      await expect(headline).toHaveTextContent('19 % higher than the defaults');
      await expect(canvas.getByText('Engine defaults measured 4,398 tok/s on the same setting.')).toBeVisible();
    });
    await step('the winning configuration against the defaults run, changes marked in words', async () => {
      await expect(optionRows(canvasElement)).toEqual([
        ['max_num_seqs', '512', '256', 'Changed'],
        ['max_num_batched_tokens', '32768', '8192', 'Changed'],
        ['gpu_memory_utilization', '0.92', '0.9', 'Changed'],
        ['enable_chunked_prefill', 'true', 'true', 'Same'],
        ['kv_cache_dtype', 'fp8', 'auto', 'Changed'],
      ]);
    });
    await step('each row says it was measured, with the corrected prediction beside it', async () => {
      const table = canvas.getByRole('table', { name: /Whether each row was measured or predicted/ });
      await expect(
        [...table.querySelectorAll('tbody tr')].map((row) => textsOf([...row.querySelectorAll('td')])),
      ).toEqual([
        // 5,241 × 1.1 corrected by 1.1^(-3/6): 5,241 × 1.1^0.5 = 5,497; measured 4.7 % below it.
        ['This setup', 'Measured', '5,241 tok/s', '5,497 tok/s', '−4.7 %'],
        ['Engine defaults run', 'Measured', '4,398 tok/s', '4,507 tok/s', '−2.4 %'],
      ]);
    });
    await step('the launch command to copy', async () => {
      await expect(canvas.getByRole('textbox', { name: 'Serve it with vLLM 0.11.0' })).toHaveTextContent(
        bestSetupReport.launch_command,
      );
    });
    await step('its other metrics, each in its unit', async () => {
      await expect(canvas.getByText('p99 TTFT', { selector: 'dt' }).nextElementSibling).toHaveTextContent('813 ms');
      await expect(canvas.getByText('Output tok/s per GPU', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        '5,241 tok/s',
      );
      await expect(canvas.getByText('Cost per 1M tokens', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        '$0.13',
      );
      await expect(canvas.queryByText('Output tok/s', { selector: 'dt' })).toBeInTheDocument();
    });
  },
});

export const CopyAndOpen = meta.story({
  args: { settingHref: (id: string) => `/single-benchmarks/${id}` },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('Copy puts the launch command on the clipboard', async () => {
      await expectCopies(canvas, userEvent, bestSetupReport.launch_command, args.onCopyCommand);
    });
    await step('the setting behind the winner opens', async () => {
      const link = canvas.getByRole('link', { name: 'All benchmarks of this setting' });
      await expect(link).toHaveAttribute('href', `/single-benchmarks/${llamaH100Setting.id}`);
      await userEvent.click(link);
      await expect(args.onOpenSetting).toHaveBeenCalledWith(llamaH100Setting.id);
    });
  },
});

export const ChangeTheSelection = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('each select reports the whole selection', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Hardware'), 'A100-80GB');
      await expect(args.onChange).toHaveBeenLastCalledWith({
        model_name: LLAMA,
        hardware_name: 'A100-80GB',
        objective: 'output_throughput',
      });
      await userEvent.selectOptions(canvas.getByLabelText('Objective'), 'ttft_ms.p99');
      await expect(args.onChange).toHaveBeenLastCalledWith({
        model_name: LLAMA,
        hardware_name: 'H100',
        objective: 'ttft_ms.p99',
      });
      await userEvent.selectOptions(canvas.getByLabelText('Model'), 'Qwen/Qwen3-32B');
      await expect(args.onChange).toHaveBeenLastCalledWith({
        model_name: 'Qwen/Qwen3-32B',
        hardware_name: 'H100',
        objective: 'output_throughput',
      });
      await expect(args.onChange).toHaveBeenCalledTimes(3);
    });
    await step('objectives say which way is better', () =>
      expectOffers(canvas.getByLabelText('Objective'), ['p99 TTFT (lowest wins)', 'Goodput (req/s) (highest wins)']),
    );
  },
});

const latencyReport: BestBenchmarkReportView = {
  objective: 'ttft_ms.p99',
  direction: 'minimize',
  best: trial3,
  baseline: llamaH100Manual,
  improvement_pct: 10.5,
  launch_command:
    'vllm serve meta-llama/Llama-3.1-8B-Instruct --max-num-seqs 128 --max-num-batched-tokens 4096 --gpu-memory-utilization 0.88 --enable-chunked-prefill --kv-cache-dtype fp8',
  candidates: 7,
};

export const LatencyObjective = meta.story({
  args: { selection: { model_name: LLAMA, hardware_name: 'H100', objective: 'ttft_ms.p99' }, report: latencyReport },
  play: async ({ canvas, step }) => {
    await step('a latency objective: lower is better, and the gain reads as a cut', async () => {
      const headline = canvas.getByText('p99 TTFT', { selector: 'dt' }).closest('dl') as HTMLElement;
      await expect(headline).toHaveTextContent('352 ms');
      await expect(headline).toHaveTextContent('11 % lower than the defaults');
      await expect(canvas.getByText('Engine defaults measured 393 ms on the same setting.')).toBeVisible();
    });
  },
});

/** Demo rows were modelled, not measured: the report says so and compares nothing. */
export const DemoRows = meta.story({
  args: {
    report: {
      ...bestSetupReport,
      best: { ...bestSetupReport.best, demo: true },
      baseline: withoutPrediction(bestSetupReport.baseline!, 'The performance model does not know the GPU H100 NVL.'),
    },
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: /Whether each row was measured or predicted/ });
    await expect(
      [...table.querySelectorAll('tbody tr')].map((row) => textsOf([...row.querySelectorAll('td')])),
    ).toEqual([
      ['This setup', 'Predicted', '5,241 tok/s', '—', '—'],
      ['Engine defaults run', 'Measured', '4,398 tok/s', '—', '—'],
    ]);
    await expect(canvas.getByText(/This is demo data: the performance model produced these figures/)).toBeVisible();
    await expect(canvas.getByText(/The model gives no prediction of Output tok\/s for a measured row/)).toBeVisible();
    await expect(canvas.getByText(/^Modelled/)).toBeVisible();
  },
});

export const DefaultsAreBest = meta.story({
  args: { report: { ...bestSetupReport, best: llamaH100Manual, improvement_pct: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Same as the defaults')).toBeVisible();
    await expect(
      canvas.getByText("The engine's defaults are already the best measured setup (4,398 tok/s)."),
    ).toBeVisible();
  },
});

export const NoDefaultBaseline = meta.story({
  tags: ['visual'],
  args: { report: { ...bestSetupReport, baseline: null, improvement_pct: null } },
  play: async ({ canvas, canvasElement, step }) => {
    await step('without a defaults run there is no gain, and the screen says why', async () => {
      await expect(canvas.queryByText(/than the defaults|Same as the defaults/)).not.toBeInTheDocument();
      await expect(
        canvas.getByText(/No benchmark of the engine's default flags exists for this setting/),
      ).toBeVisible();
    });
    await step('the configuration is listed on its own', async () => {
      const table = canvas.getByRole('table', { name: 'Runtime options of the best setup' });
      await expect(textsOf(within(table).getAllByRole('columnheader'))).toEqual(['Flag', 'This setup']);
      await expect(optionRows(canvasElement)[0]).toEqual(['max_num_seqs', '512']);
    });
  },
});

export const Idle = meta.story({
  args: {
    selection: { model_name: LLAMA, hardware_name: '', objective: 'output_throughput' },
    status: 'idle',
    report: undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Choose a model, hardware and objective' })).toBeVisible();
    await expect(canvas.getByLabelText('Hardware')).toHaveValue('');
  },
});

export const Loading = meta.story({
  args: { status: 'loading', report: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the best setup');
    await expect(canvas.getByLabelText('Model')).toBeEnabled();
  },
});

export const Empty = meta.story({
  tags: ['visual'],
  args: {
    selection: { model_name: 'Qwen/Qwen3-32B', hardware_name: 'L40S', objective: 'output_throughput' },
    report: null,
  },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('nothing benchmarked for the selection: say so, with the runner command for it', async () => {
      await expect(
        canvas.getByRole('heading', { name: 'Nothing benchmarked for Qwen/Qwen3-32B on L40S yet' }),
      ).toBeVisible();
      await expect(canvas.getByRole('textbox', { name: 'Run this command' })).toHaveTextContent(
        "MAKO_TOKEN=mako_… mako-runner bench --base-url http://127.0.0.1:8000 --model Qwen/Qwen3-32B --request-rate 10 --num-requests 500 --prompt-len 1024 --output-len 256 --hardware '1x L40S' --post",
      );
    });
    await step('the command copies', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
      await expect(args.onCopyCommand).toHaveBeenCalledWith(expect.stringContaining("--hardware '1x L40S'"));
      await userEvent.tab();
      await expect(await canvas.findByRole('button', { name: 'Copy' }, { timeout: 4000 })).toBeVisible();
    });
  },
});

export const ErrorState = meta.story({
  tags: ['visual'],
  ...failedLoadStory({
    status: 'error',
    report: undefined,
    error: { statusText: 'Service Unavailable', detail: null },
  }),
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkThemeStory((canvas) => canvas.getByText('19 % higher than the defaults')),
});

export const Mobile = meta.story({
  tags: ['visual'],
  ...phoneStory((canvas) => canvas.getByRole('button', { name: 'Copy' })),
});
