import { infeasiblePlan, plan, plannerOptions } from '@mako/fixtures';
import preview from '../../../../../.storybook/preview';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { ENGINE_FLAG_LISTS } from '../tuning-sessions/tuning-sessions.fixtures';
import { darkThemeStory, failedLoadStory, phoneStory, stubClipboard } from '../../../test/story-kit';
import { textsOf } from '../../../test/story-kit-parts';
import { PlannerScreen } from './planner-screen';

const LLAMA = 'meta-llama/Llama-3.1-8B-Instruct';

const meta = preview.meta({
  title: 'Screens/Planner',
  component: PlannerScreen,
  args: {
    models: plannerOptions.models,
    initialRequest: {
      model: LLAMA,
      workload: { input_len: 1024, output_len: 256 },
      slo: { percentile: 'p99' as const, ttft_ms: 1000, tpot_ms: 50 },
    },
    status: 'success' as const,
    plan,
    runtimes: ENGINE_FLAG_LISTS,
    onPlan: fn(),
    onCreate: fn(),
    onRetry: fn(),
    onCopyCommand: fn(),
  },
  beforeEach: stubClipboard,
});

const feasibleRows = (canvasElement: HTMLElement) =>
  [
    ...within(canvasElement).getByRole('table', { name: 'Candidates that meet the SLO' }).querySelectorAll('tbody tr'),
  ].map((row) => textsOf([...row.querySelectorAll('td')]).filter((_cell, i) => i !== 2));

export const Idle = meta.story({
  args: { status: 'idle', plan: undefined, initialRequest: undefined },
  play: async ({ canvas, args, userEvent, step }) => {
    await step('the empty form says what the planner does, with sensible first values', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Capacity planner' })).toBeVisible();
      await expect(canvas.getByRole('heading', { name: 'Plan before you measure' })).toBeVisible();
      await expect(canvas.getByRole('combobox', { name: 'Model' })).toHaveValue(plannerOptions.models[0]);
      await expect(canvas.getByRole('textbox', { name: 'Prompt tokens' })).toHaveValue('1024');
      await expect(canvas.getByRole('textbox', { name: 'TTFT at most (ms)' })).toHaveValue('1000');
    });
    await step('Plan sends the request the contract takes', async () => {
      await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Model' }), LLAMA);
      await userEvent.clear(canvas.getByRole('textbox', { name: 'TPOT at most (ms)' }));
      await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Percentile' }), 'p50');
      await userEvent.click(canvas.getByRole('button', { name: 'Plan' }));
      await expect(args.onPlan).toHaveBeenCalledWith({
        model: LLAMA,
        workload: { input_len: 1024, output_len: 256 },
        slo: { percentile: 'p50', ttft_ms: 1000 },
        weight_dtype: 'bf16',
      });
    });
  },
});

export const InvalidForm = meta.story({
  args: { status: 'idle', plan: undefined },
  play: async ({ canvas, args, userEvent, step }) => {
    await step('bad lengths and no SLO bound are named beside their fields, and nothing is sent', async () => {
      await userEvent.clear(canvas.getByRole('textbox', { name: 'Prompt tokens' }));
      await userEvent.type(canvas.getByRole('textbox', { name: 'Prompt tokens' }), '12.5');
      await userEvent.clear(canvas.getByRole('textbox', { name: 'TTFT at most (ms)' }));
      await userEvent.clear(canvas.getByRole('textbox', { name: 'TPOT at most (ms)' }));
      await userEvent.click(canvas.getByRole('button', { name: 'Plan' }));
      await expect(canvas.getByRole('textbox', { name: 'Prompt tokens' })).toHaveAccessibleDescription(
        'A whole number of tokens, at least 1',
      );
      await expect(canvas.getByRole('textbox', { name: 'TTFT at most (ms)' })).toHaveAccessibleDescription(
        'Give a TTFT bound, a TPOT bound or both',
      );
      await expect(args.onPlan).not.toHaveBeenCalled();
    });
    await step("a stored benchmark's workload is planned by its id", async () => {
      await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Workload' }), 'benchmark');
      await userEvent.type(canvas.getByRole('textbox', { name: 'Benchmark id' }), 'b-42');
      await userEvent.type(canvas.getByRole('textbox', { name: 'TTFT at most (ms)' }), '800');
      await userEvent.click(canvas.getByRole('button', { name: 'Plan' }));
      await expect(args.onPlan).toHaveBeenCalledWith({
        model: LLAMA,
        benchmark_id: 'b-42',
        slo: { percentile: 'p99', ttft_ms: 800 },
        weight_dtype: 'bf16',
      });
    });
  },
});

export const Loading = meta.story({
  args: { status: 'loading', plan: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Planning');
    await expect(canvas.getByRole('button', { name: 'Plan' })).toHaveAttribute('aria-busy', 'true');
  },
});

export const Results = meta.story({
  tags: ['visual'],
  parameters: { visual: { fullPage: true } },
  play: async ({ canvas, canvasElement, step }) => {
    await step('feasible candidates, cheapest first, each figure with its error band', async () => {
      await expect(canvas.getByRole('heading', { name: '5 candidates meet the SLO, cheapest first' })).toBeVisible();
      await expect(feasibleRows(canvasElement)).toEqual([
        [
          '1',
          '1x B200 · TensorRT-LLM',
          '72',
          '28.08 req/s',
          '7,189±11 %',
          '108',
          '919 ms±22 %',
          '9.89 ms±27 %',
          '$0.23±11 %',
        ],
        ['2', '2x H100 · vLLM', '64', '22.62 req/s', '2,895±25 %', '98.1', '933 ms±21 %', '10.9 ms±30 %', '$0.29±25 %'],
        [
          '3',
          '1x H100 · SGLang',
          '36',
          '11.2 req/s',
          '2,860±19 %',
          '95.3',
          '951 ms±21 %',
          '11.1 ms±27 %',
          '$0.29±19 %',
        ],
        ['4', '1x H100 · vLLM', '36', '10.91 req/s', '2,793±25 %', '85.2', '969 ms±21 %', '12.4 ms±30 %', '$0.30±25 %'],
        ['5', '8x H100 · vLLM', '176', '62.83 req/s', '2,011±25 %', '116', '962 ms±21 %', '9.80 ms±30 %', '$0.41±25 %'],
      ]);
      await expect(canvas.getAllByText('±25 %')[0]).toHaveAttribute(
        'title',
        'Median error of 92 held-out vLLM predictions; 9 in 10 within ±60 %',
      );
    });
    await step('capacity is explained as requests in flight', async () => {
      await expect(canvas.getByText(/Capacity is the most requests in flight at once/)).toBeVisible();
    });
    await step('infeasible candidates stay, with the reason in words', async () => {
      const rows = [
        ...canvas
          .getByRole('table', { name: 'Candidates that cannot serve this workload under the SLO' })
          .querySelectorAll('tbody tr'),
      ].map((row) => textsOf([...row.querySelectorAll('td')]));
      await expect(rows).toEqual([
        ['1x L4 · vLLM', 'SLO not met even by one request at a time: p99 TPOT 64.5 ms > 50 ms'],
        [
          '1x L4 · SGLang',
          'oom: CUDA out of memory: activations and CUDA graphs need 4.7 GB but mem_fraction_static=0.88 leaves 2.9 GB; lower --mem-fraction-static or --chunked-prefill-size',
        ],
        ['1x MI300X · TensorRT-LLM', 'TensorRT-LLM runs on NVIDIA GPUs only'],
      ]);
    });
  },
});

export const TuneThis = meta.story({
  play: async ({ canvas, args, userEvent, step }) => {
    await step('"Tune this" opens the new-session dialog with the candidate filled in', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Tune this: 2x H100 · vLLM' }));
      const form = within(await screen.findByRole('dialog', { name: 'New tuning session' }));
      await expect(form.getByRole('textbox', { name: 'Model' })).toHaveValue(LLAMA);
      await expect(form.getByRole('textbox', { name: 'Hardware' })).toHaveValue('H100');
      await expect(form.getByRole('textbox', { name: 'GPU count' })).toHaveValue('2');
      await expect(form.getByRole('combobox', { name: 'Runtime' })).toHaveValue('vllm');
      await expect(form.getByRole('textbox', { name: 'Min prompt tokens' })).toHaveValue('1024');
      await expect(form.getByRole('textbox', { name: 'Max concurrency' })).toHaveValue('64');
    });
    await step('creating it hands the session to the page', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await waitFor(() => expect(args.onCreate).toHaveBeenCalledTimes(1));
      const [request] = (args.onCreate as ReturnType<typeof fn>).mock.calls[0] as [
        { session: { setting: { ml_model_name: string; hardware_config: unknown; software: { runtime: string } } } },
      ];
      await expect(request.session.setting.ml_model_name).toBe(LLAMA);
      await expect(request.session.setting.hardware_config).toEqual({ name: 'H100', count: 2 });
      await expect(request.session.setting.software.runtime).toBe('vllm');
    });
  },
});

export const BenchmarkThis = meta.story({
  play: async ({ canvas, args, userEvent, step }) => {
    await step('"Benchmark this" gives the serve command and the runner command at the planned capacity', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Benchmark this: 1x B200 · TensorRT-LLM' }));
      const card = canvas.getByRole('region', { name: 'Benchmark 1x B200 · TensorRT-LLM' });
      const serve = within(card).getByRole('textbox', { name: '1. Serve the model with TensorRT-LLM' });
      await expect(serve).toHaveTextContent(`trtllm-serve ${LLAMA}`);
      const bench = within(card).getByRole('textbox', {
        name: '2. Measure it at the planned capacity and upload the result',
      });
      await expect(bench).toHaveTextContent('--runtime tensorrt-llm');
      await expect(bench).toHaveTextContent('--max-concurrency 72');
      await expect(bench).toHaveTextContent('--prompt-len 1024');
      await expect(bench).toHaveTextContent("--hardware '1x B200'");
      await userEvent.click(within(card).getAllByRole('button', { name: 'Copy' })[1] as HTMLElement);
      await expect(args.onCopyCommand).toHaveBeenCalledWith(expect.stringContaining('mako-runner bench'));
    });
  },
});

export const NoFeasibleCandidate = meta.story({
  tags: ['visual'],
  args: { plan: infeasiblePlan },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No candidate meets this SLO' })).toBeVisible();
    await expect(canvas.getByText(/Loosen the SLO, shorten the prompts, or try FP8 weights/)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Not feasible (8)' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Tune this/ })).toBeNull();
  },
});

export const ErrorState = meta.story({
  ...failedLoadStory({
    status: 'error',
    plan: undefined,
    error: {
      statusText: 'Unprocessable Entity',
      detail: "Unknown model 'org/nope': the planner knows meta-llama/Llama-3.1-8B-Instruct, Qwen/Qwen3-8B",
    },
  }),
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkThemeStory((canvas) => canvas.getByRole('table', { name: 'Candidates that meet the SLO' })),
});

export const Mobile = meta.story({
  ...phoneStory((canvas) => canvas.getByRole('button', { name: 'Plan' })),
});
