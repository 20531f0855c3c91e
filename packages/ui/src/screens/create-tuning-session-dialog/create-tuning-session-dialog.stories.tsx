import { DATASET_KINDS, engineFlagList } from '@mako/contract/vocabulary';
import preview from '../../../../../.storybook/preview';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { Button } from '../../primitives/button';
import { ENGINE_FLAG_LISTS } from '../tuning-sessions/tuning-sessions.fixtures';
import type { EngineFlagList } from '@mako/contract';
import { expectBusy, expectInvalid } from '../../../test/story-kit-parts';
import { CreateTuningSessionDialog } from './create-tuning-session-dialog';
import { FORM_MESSAGES } from './session-form';

const FORBIDDEN = 'User is not allowed to create new tuning session';

const meta = preview.meta({
  title: 'Screens/Tuning sessions/CreateTuningSessionDialog',
  component: CreateTuningSessionDialog,
  args: {
    runtimes: ENGINE_FLAG_LISTS,
    onCreate: fn(),
    onOpenChange: fn(),
    trigger: <Button>New tuning session</Button>,
  },
});

const dialog = () => screen.findByRole('dialog', { name: 'New tuning session' });

/** A runtime with two options keeps the search-space checks short. */
const vllm = engineFlagList('vllm');
const SMALL_FLAG_LISTS: EngineFlagList[] = [
  {
    ...vllm,
    versions: ['0.11.0'],
    options: vllm.options.filter((option) => ['tensor_parallel_size', 'max_num_seqs'].includes(option.name)),
  },
];

const DEFAULT_WORKLOAD = {
  dataset: 'random',
  num_requests: 1000,
  request_rate: 'inf',
  burstiness: 1,
  max_concurrency: 64,
  max_seq_length: 2048,
  output_len: 128,
  min_prompt: 1024,
  max_prompt: 1024,
  min_output: 128,
  max_output: 128,
};

/** vLLM options the dialog proposes for search that the stories below leave as proposed. */
const UNEDITED_OPTIONS = [
  { kind: 'int', name: 'max_num_batched_tokens', low: 512, high: 65536, log: true },
  { kind: 'float', name: 'gpu_memory_utilization', low: 0.5, high: 0.98, step: 0.01 },
  { kind: 'bool', name: 'enable_chunked_prefill' },
  { kind: 'bool', name: 'enable_prefix_caching' },
];
const KV_CACHE_DTYPE = {
  kind: 'categorical',
  name: 'kv_cache_dtype',
  choices: ['auto', 'fp8', 'fp8_e4m3', 'fp8_e5m2'],
};

export const FillAndCreate = meta.story({
  play: async ({ canvas, args, step, userEvent }) => {
    await step('the trigger opens the dialog with the model field first', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'New tuning session' }));
      await waitFor(async () => expect(within(await dialog()).getByRole('textbox', { name: 'Model' })).toHaveFocus());
      await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    });
    const form = within(await dialog());
    await step("the dataset offers the kinds the runner generates, the contract's list", async () => {
      const options = within(form.getByRole('combobox', { name: 'Dataset' })).getAllByRole('option');
      await expect(options.map((option) => option.textContent)).toEqual([...DATASET_KINDS]);
      await expect(options.map((option) => option.textContent)).toEqual(
        expect.arrayContaining(['trace', 'multi-turn']),
      );
    });
    await step('model, hardware, runtime and a name', async () => {
      await userEvent.paste('meta-llama/Llama-3.1-8B-Instruct');
      await userEvent.type(form.getByRole('textbox', { name: 'Hardware' }), 'H100');
      await userEvent.clear(form.getByRole('textbox', { name: 'GPU count' }));
      await userEvent.type(form.getByRole('textbox', { name: 'GPU count' }), '2');
      await expect(form.getByRole('combobox', { name: 'Runtime' })).toHaveValue('vllm');
      await userEvent.selectOptions(form.getByRole('combobox', { name: 'Version' }), '0.10.2');
      await userEvent.click(form.getByRole('textbox', { name: /Session name/ }));
      await userEvent.paste('Llama 8B throughput');
    });
    await step('a rate-limited workload without a concurrency cap', async () => {
      await userEvent.clear(form.getByRole('textbox', { name: 'Request rate' }));
      await userEvent.type(form.getByRole('textbox', { name: 'Request rate' }), '12.5');
      await userEvent.clear(form.getByRole('textbox', { name: 'Max concurrency' }));
    });
    await step('a p99 TTFT constraint', async () => {
      await userEvent.click(form.getByRole('button', { name: 'Add constraint' }));
      await expect(form.getByRole('combobox', { name: 'Constraint 1 metric' })).toHaveValue('ttft_ms.p99');
      await expect(form.getByRole('combobox', { name: 'Constraint 1 comparison' })).toHaveValue('<=');
      await userEvent.type(form.getByRole('textbox', { name: 'Constraint 1 value' }), '500');
    });
    await step('Create session sends the contract-shaped body and the name once', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await expect(args.onCreate).toHaveBeenCalledTimes(1);
      await expect(args.onCreate).toHaveBeenCalledWith({
        name: 'Llama 8B throughput',
        session: {
          setting: {
            ml_model_name: 'meta-llama/Llama-3.1-8B-Instruct',
            hardware_config: { name: 'H100', count: 2 },
            software: { runtime: 'vllm', version: '0.10.2' },
            workload: { ...DEFAULT_WORKLOAD, request_rate: 12.5, max_concurrency: null },
          },
          objective: { metric: 'output_throughput', direction: 'maximize' },
          constraints: [{ metric: 'ttft_ms.p99', op: '<=', value: 500 }],
          // The engine's tunable options; tensor parallelism follows the two GPUs.
          search_space: {
            parameters: [
              { kind: 'categorical', name: 'tensor_parallel_size', choices: [1, 2] },
              { kind: 'int', name: 'max_num_seqs', low: 8, high: 1024, log: true },
              ...UNEDITED_OPTIONS,
              { kind: 'categorical', name: 'block_size', choices: [8, 16, 32] },
              KV_CACHE_DTYPE,
              { kind: 'bool', name: 'async_scheduling' },
            ],
            rules: [],
          },
          budget: { max_trials: 24, max_parallel: 1 },
        },
      });
    });
  },
});

export const EditSearchSpaceAndBudget = meta.story({
  args: {
    open: true,
    trigger: undefined,
    defaultValues: { model: 'meta-llama/Llama-3.1-8B-Instruct', hardwareName: 'H100', hardwareCount: '4' },
  },
  play: async ({ args, step, userEvent }) => {
    const form = within(await dialog());
    await step('tensor parallelism offers the sizes that fit on four GPUs', async () => {
      const tp = form.getByRole('group', { name: 'tensor_parallel_size values' });
      await expect(within(tp).getByRole('checkbox', { name: '4' })).toBeChecked();
      await expect(within(tp).getByRole('checkbox', { name: '8' })).not.toBeChecked();
      await userEvent.click(within(tp).getByRole('checkbox', { name: '1' }));
    });
    await step('bounds are editable; options can be left out or added', async () => {
      await userEvent.clear(form.getByRole('textbox', { name: 'max_num_seqs low' }));
      await userEvent.type(form.getByRole('textbox', { name: 'max_num_seqs low' }), '64');
      await userEvent.clear(form.getByRole('textbox', { name: 'max_num_seqs high' }));
      await userEvent.type(form.getByRole('textbox', { name: 'max_num_seqs high' }), '512');
      await userEvent.click(form.getByRole('checkbox', { name: 'block_size' }));
      await userEvent.click(form.getByRole('checkbox', { name: 'enforce_eager' }));
      await expect(form.queryByRole('group', { name: 'block_size values' })).not.toBeInTheDocument();
    });
    await step('the budget', async () => {
      await userEvent.clear(form.getByRole('textbox', { name: 'Max trials' }));
      await userEvent.type(form.getByRole('textbox', { name: 'Max trials' }), '40');
      await userEvent.clear(form.getByRole('textbox', { name: 'Max parallel' }));
      await userEvent.type(form.getByRole('textbox', { name: 'Max parallel' }), '2');
    });
    await step('the search space and budget reach onCreate as edited', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await expect(args.onCreate).toHaveBeenCalledTimes(1);
      await expect(args.onCreate).toHaveBeenCalledWith({
        session: expect.objectContaining({
          search_space: {
            parameters: [
              { kind: 'categorical', name: 'tensor_parallel_size', choices: [2, 4] },
              { kind: 'int', name: 'max_num_seqs', low: 64, high: 512, log: true },
              ...UNEDITED_OPTIONS,
              KV_CACHE_DTYPE,
              { kind: 'bool', name: 'enforce_eager' },
              { kind: 'bool', name: 'async_scheduling' },
            ],
            rules: [],
          },
          budget: { max_trials: 40, max_parallel: 2 },
        }),
      });
    });
  },
});

export const Validation = meta.story({
  tags: ['visual'],
  parameters: { visual: { fullPage: true } },
  args: { open: true, trigger: undefined },
  play: async ({ args, step, userEvent }) => {
    const form = within(await dialog());
    const model = form.getByRole('textbox', { name: 'Model' });
    await step('nothing is flagged before the user has done anything', async () => {
      await expect(form.queryByText(FORM_MESSAGES.modelRequired)).not.toBeInTheDocument();
    });
    await step('submitting an empty form names each missing field and focuses the first', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await expect(args.onCreate).not.toHaveBeenCalled();
      await expect(form.getByText(FORM_MESSAGES.modelRequired)).toBeVisible();
      await expect(form.getByText(FORM_MESSAGES.hardwareRequired)).toBeVisible();
      await expectInvalid(model, FORM_MESSAGES.modelRequired);
      await waitFor(() => expect(model).toHaveFocus());
    });
    await step('fixing a field clears its message as the user types', async () => {
      await userEvent.type(model, 'Qwen/Qwen3-32B');
      await expect(form.queryByText(FORM_MESSAGES.modelRequired)).not.toBeInTheDocument();
      await expect(model).not.toHaveAttribute('aria-invalid');
    });
    await step('the GPU count must be at least 1', async () => {
      const count = form.getByRole('textbox', { name: 'GPU count' });
      await userEvent.clear(count);
      await userEvent.type(count, '0');
      await expect(count).toHaveAccessibleDescription(FORM_MESSAGES.countMin);
    });
  },
});

export const ValidationOfRanges = meta.story({
  args: { open: true, trigger: undefined },
  play: async ({ args, step, userEvent }) => {
    const form = within(await dialog());
    // Fields are checked when left, then again as they are corrected.
    await step('a prompt range that runs backwards is refused', async () => {
      const minPrompt = form.getByRole('textbox', { name: 'Min prompt tokens' });
      await userEvent.clear(minPrompt);
      await userEvent.type(minPrompt, '4096');
      await userEvent.tab();
      await expect(minPrompt).toHaveAccessibleDescription(FORM_MESSAGES.minPrompt);
    });
    await step('the request rate takes a positive number or inf', async () => {
      const rate = form.getByRole('textbox', { name: 'Request rate' });
      await userEvent.clear(rate);
      await userEvent.type(rate, 'fast');
      await userEvent.tab();
      await expect(form.getByText(FORM_MESSAGES.requestRate)).toBeVisible();
      await userEvent.clear(rate);
      await userEvent.type(rate, 'inf');
      await expect(form.queryByText(FORM_MESSAGES.requestRate)).not.toBeInTheDocument();
    });
    await step('search bounds: low ≤ high, inside the engine range', async () => {
      const low = form.getByRole('textbox', { name: 'max_num_seqs low' });
      const high = form.getByRole('textbox', { name: 'max_num_seqs high' });
      await userEvent.clear(high);
      await userEvent.type(high, '100');
      await userEvent.clear(low);
      await userEvent.type(low, '200');
      await userEvent.tab();
      await expect(low).toHaveAccessibleDescription(/Low must not exceed high/);
      await userEvent.clear(low);
      await userEvent.type(low, '4');
      await expect(low).toHaveAccessibleDescription(/Must be between 8 and 1,024/);
    });
    await step('the budget: parallel trials cannot exceed the trial budget', async () => {
      const parallel = form.getByRole('textbox', { name: 'Max parallel' });
      await userEvent.clear(parallel);
      await userEvent.type(parallel, '30');
      await userEvent.tab();
      await expect(parallel).toHaveAccessibleDescription(/Max parallel must not exceed max trials/);
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
  },
});

export const SearchSpace = meta.story({
  tags: ['visual'],
  parameters: { visual: { fullPage: true } },
  args: { open: true, trigger: undefined, defaultValues: { hardwareCount: '2' } },
  play: async ({ step }) => {
    const form = within(await dialog());
    await step('every vLLM option is listed with its flag and default; the tunable ones are checked', async () => {
      const options = form.getByRole('list', { name: 'vLLM options' });
      await expect(within(options).getAllByRole('checkbox', { checked: true }).length).toBeGreaterThan(9);
      await expect(within(options).getByRole('checkbox', { name: 'max_num_seqs' })).toHaveAccessibleDescription(
        'Maximum sequences scheduled in one iteration.',
      );
      await expect(options).toHaveTextContent('--max-num-seqs · default 256');
      await expect(within(options).getByRole('checkbox', { name: 'swap_space' })).not.toBeChecked();
      form.getByRole('checkbox', { name: 'max_num_seqs' }).scrollIntoView({ block: 'start' });
    });
  },
});

export const SearchSpaceChecks = meta.story({
  args: { open: true, trigger: undefined, runtimes: SMALL_FLAG_LISTS },
  play: async ({ args, step, userEvent }) => {
    const form = within(await dialog());
    await userEvent.type(form.getByRole('textbox', { name: 'Model' }), 'meta-llama/Llama-3.1-8B-Instruct');
    await userEvent.type(form.getByRole('textbox', { name: 'Hardware' }), 'H100');
    const tp = form.getByRole('group', { name: 'tensor_parallel_size values' });
    await step('with one GPU only tensor parallel size 1 is offered by default', async () => {
      await expect(within(tp).getByRole('checkbox', { name: '1' })).toBeChecked();
      await expect(within(tp).getByRole('checkbox', { name: '2' })).not.toBeChecked();
    });
    await step('choosing a size above the GPU count is explained', async () => {
      await userEvent.click(within(tp).getByRole('checkbox', { name: '4' }));
      await expect(tp).toHaveAccessibleDescription('Choose sizes up to the GPU count (1)');
      await userEvent.click(within(tp).getByRole('checkbox', { name: '4' }));
      await expect(within(tp).queryByText(/GPU count/)).not.toBeInTheDocument();
    });
    await step('a categorical option needs at least one value', async () => {
      await userEvent.click(within(tp).getByRole('checkbox', { name: '1' }));
      await expect(tp).toHaveAccessibleDescription(FORM_MESSAGES.choicesRequired);
      await userEvent.click(within(tp).getByRole('checkbox', { name: '1' }));
    });
    await step('an empty search space is refused', async () => {
      await userEvent.click(form.getByRole('checkbox', { name: 'tensor_parallel_size' }));
      await userEvent.click(form.getByRole('checkbox', { name: 'max_num_seqs' }));
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await expect(form.getByText(FORM_MESSAGES.searchSpaceEmpty)).toBeVisible();
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
    await step('one option is enough', async () => {
      await userEvent.click(form.getByRole('checkbox', { name: 'max_num_seqs' }));
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await expect(args.onCreate).toHaveBeenCalledTimes(1);
      const [request] = (args.onCreate as ReturnType<typeof fn>).mock.calls[0] as [
        { session: { search_space: unknown } },
      ];
      await expect(request.session.search_space).toEqual({
        parameters: [{ kind: 'int', name: 'max_num_seqs', low: 8, high: 1024, log: true }],
        rules: [],
      });
    });
  },
});

export const SwitchRuntimeAndRules = meta.story({
  args: {
    open: true,
    trigger: undefined,
    searchSpaceRules: fn(({ parameters }: { parameters: readonly string[] }) =>
      parameters.includes('tp_size')
        ? [{ left: 'tp_size', op: '<=' as const, right: { setting: 'gpu_count' as const } }]
        : [],
    ),
  },
  play: async ({ args, step, userEvent }) => {
    const form = within(await dialog());
    await step('SGLang brings its own versions and options', async () => {
      await userEvent.selectOptions(form.getByRole('combobox', { name: 'Runtime' }), 'sglang');
      await expect(form.getByRole('combobox', { name: 'Version' })).toHaveValue('0.5.3');
      await expect(form.getByRole('list', { name: 'SGLang options' })).toBeVisible();
      await expect(form.getByRole('checkbox', { name: 'mem_fraction_static' })).toBeChecked();
      await expect(form.getByRole('checkbox', { name: 'attention_backend' })).not.toBeChecked();
      await expect(form.queryByRole('checkbox', { name: 'max_num_seqs' })).not.toBeInTheDocument();
    });
    await step('a latency objective turns the direction to minimise; constraints can be removed', async () => {
      await userEvent.selectOptions(form.getByRole('combobox', { name: 'Objective metric' }), 'tpot_ms.p90');
      await expect(form.getByRole('combobox', { name: 'Direction' })).toHaveValue('minimize');
      await userEvent.click(form.getByRole('button', { name: 'Add constraint' }));
      await userEvent.click(form.getByRole('button', { name: 'Add constraint' }));
      await expect(form.getAllByRole('listitem').filter((item) => item.closest('ol'))).toHaveLength(2);
      await userEvent.click(form.getByRole('button', { name: 'Remove constraint 2' }));
      await expect(form.queryByRole('textbox', { name: 'Constraint 2 value' })).not.toBeInTheDocument();
      await userEvent.selectOptions(
        form.getByRole('combobox', { name: 'Constraint 1 metric' }),
        'output_throughput_per_user',
      );
      await userEvent.selectOptions(form.getByRole('combobox', { name: 'Constraint 1 comparison' }), '>=');
      await userEvent.type(form.getByRole('textbox', { name: 'Constraint 1 value' }), '20');
    });
    await step('the app supplies the engine rules for the chosen parameters', async () => {
      await userEvent.type(form.getByRole('textbox', { name: 'Model' }), 'Qwen/Qwen3-32B');
      await userEvent.type(form.getByRole('textbox', { name: 'Hardware' }), 'H100');
      await userEvent.clear(form.getByRole('textbox', { name: 'GPU count' }));
      await userEvent.type(form.getByRole('textbox', { name: 'GPU count' }), '2');
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await expect(args.searchSpaceRules).toHaveBeenCalledWith(
        expect.objectContaining({ runtime: 'sglang', gpuCount: 2, parameters: expect.arrayContaining(['tp_size']) }),
      );
      await expect(args.onCreate).toHaveBeenCalledWith({
        session: expect.objectContaining({
          objective: { metric: 'tpot_ms.p90', direction: 'minimize' },
          constraints: [{ metric: 'output_throughput_per_user', op: '>=', value: 20 }],
          search_space: expect.objectContaining({
            rules: [{ left: 'tp_size', op: '<=', right: { setting: 'gpu_count' } }],
          }),
        }),
      });
    });
  },
});

const FILLED = { model: 'meta-llama/Llama-3.1-8B-Instruct', hardwareName: 'H100' };

export const MoreObjectives = meta.story({
  tags: ['visual'],
  parameters: { visual: { fullPage: true } },
  args: { open: true, trigger: undefined, defaultValues: FILLED },
  play: async ({ args, step, userEvent }) => {
    const form = within(await dialog());
    const add = form.getByRole('button', { name: 'Add an objective' });
    const confirm = form.getByRole('checkbox', { name: 'Re-measure the best and the runner-up' });
    await step('a second objective suggests a trade-off metric in its natural direction', async () => {
      await userEvent.click(add);
      await expect(form.getByRole('combobox', { name: 'Objective 2 metric' })).toHaveValue(
        'output_throughput_per_user',
      );
      await expect(form.getByRole('combobox', { name: 'Objective 2 direction' })).toHaveValue('maximize');
      await expect(form.getByText(/finds the trade-off front instead of one best/)).toBeVisible();
    });
    await step('a third one is the last: cost, minimised', async () => {
      await userEvent.click(add);
      await expect(form.getByRole('combobox', { name: 'Objective 3 metric' })).toHaveValue('output_throughput_per_gpu');
      await userEvent.selectOptions(
        form.getByRole('combobox', { name: 'Objective 3 metric' }),
        'cost_per_million_tokens',
      );
      await expect(form.getByRole('combobox', { name: 'Objective 3 direction' })).toHaveValue('minimize');
      await expect(add).toBeDisabled();
    });
    await step('a front has no single best: re-measuring is off and says why', async () => {
      await expect(confirm).toBeDisabled();
      await expect(confirm).toHaveAccessibleDescription(/a front has none/);
      await expect(form.getByRole('textbox', { name: /Repeats/ })).toBeDisabled();
    });
    await step('a metric named twice is flagged on its field and nothing is sent', async () => {
      const second = form.getByRole('combobox', { name: 'Objective 2 metric' });
      await userEvent.selectOptions(second, 'output_throughput');
      await expect(second).toHaveAccessibleDescription(FORM_MESSAGES.objectiveTwice);
      await expect(second).toHaveAttribute('aria-invalid', 'true');
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await expect(args.onCreate).not.toHaveBeenCalled();
      await userEvent.selectOptions(second, 'tpot_ms.p99');
      await expect(second).not.toHaveAttribute('aria-invalid');
      await expect(form.getByRole('combobox', { name: 'Objective 2 direction' })).toHaveValue('minimize');
    });
    await step('the baseline keeps a clash in view: the third names p99 TPOT again', async () => {
      const third = form.getByRole('combobox', { name: 'Objective 3 metric' });
      await userEvent.selectOptions(third, 'tpot_ms.p99');
      await expect(third).toHaveAccessibleDescription(FORM_MESSAGES.objectiveTwice);
      form.getByText('Objective and constraints').scrollIntoView({ block: 'start' });
    });
  },
});

export const RemoveAnObjective = meta.story({
  args: { open: true, trigger: undefined, defaultValues: FILLED },
  play: async ({ args, step, userEvent }) => {
    const form = within(await dialog());
    const add = form.getByRole('button', { name: 'Add an objective' });
    await step('three objectives, then the second is removed', async () => {
      await userEvent.click(add);
      await userEvent.click(add);
      await userEvent.click(form.getByRole('button', { name: 'Remove objective 2' }));
      await expect(form.getAllByRole('combobox', { name: /^Objective \d metric$/ })).toHaveLength(1);
      await expect(form.getByRole('combobox', { name: 'Objective 2 metric' })).toHaveValue('output_throughput_per_gpu');
      await expect(add).toBeEnabled();
    });
    await step('the request names both objectives, the first one first, and no confirm', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await expect(args.onCreate).toHaveBeenCalledTimes(1);
      const [request] = (args.onCreate as ReturnType<typeof fn>).mock.calls[0] as [
        { session: Record<string, unknown> },
      ];
      await expect(request.session.objective).toEqual({ metric: 'output_throughput', direction: 'maximize' });
      await expect(request.session.objectives).toEqual([
        { metric: 'output_throughput', direction: 'maximize' },
        { metric: 'output_throughput_per_gpu', direction: 'maximize' },
      ]);
      await expect(request.session).not.toHaveProperty('confirm');
    });
    await step('removing the last extra objective makes it a single-objective session again', async () => {
      await userEvent.click(form.getByRole('button', { name: 'Remove objective 2' }));
      await expect(form.queryByRole('list', { name: 'More objectives' })).not.toBeInTheDocument();
      await expect(form.getByRole('checkbox', { name: 'Re-measure the best and the runner-up' })).toBeEnabled();
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      const [request] = (args.onCreate as ReturnType<typeof fn>).mock.calls[1] as [
        { session: Record<string, unknown> },
      ];
      await expect(request.session).not.toHaveProperty('objectives');
    });
  },
});

export const ConfirmTheWinner = meta.story({
  args: { open: true, trigger: undefined, defaultValues: FILLED },
  play: async ({ args, step, userEvent }) => {
    const form = within(await dialog());
    const confirm = form.getByRole('checkbox', { name: 'Re-measure the best and the runner-up' });
    const repeats = form.getByRole('textbox', { name: /Repeats/ });
    await step('off by default; checking it opens the repeats, 2 to start with', async () => {
      await expect(confirm).not.toBeChecked();
      await expect(repeats).toBeDisabled();
      await userEvent.click(confirm);
      await expect(repeats).toBeEnabled();
      await expect(repeats).toHaveValue('2');
    });
    await step('repeats run from 1 to 5', async () => {
      await userEvent.clear(repeats);
      await userEvent.type(repeats, '6');
      await userEvent.tab();
      await expect(repeats).toHaveAccessibleDescription(new RegExp(FORM_MESSAGES.confirmRepeats));
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await expect(args.onCreate).not.toHaveBeenCalled();
      await userEvent.clear(repeats);
      await userEvent.type(repeats, '3');
    });
    await step('the request asks for three repeats each', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
      await expect(args.onCreate).toHaveBeenCalledWith({
        session: expect.objectContaining({
          objective: { metric: 'output_throughput', direction: 'maximize' },
          confirm: { repeats: 3 },
        }),
      });
      const [request] = (args.onCreate as ReturnType<typeof fn>).mock.calls[0] as [
        { session: Record<string, unknown> },
      ];
      await expect(request.session).not.toHaveProperty('objectives');
    });
    await step('adding an objective turns it off, with the reason', async () => {
      await userEvent.click(form.getByRole('button', { name: 'Add an objective' }));
      await expect(confirm).not.toBeChecked();
      await expect(confirm).toBeDisabled();
      await expect(confirm).toHaveAccessibleDescription(
        'Only a single-objective session has one best to re-measure; a front has none.',
      );
    });
  },
});

export const Forbidden = meta.story({
  tags: ['visual'],
  parameters: { visual: { fullPage: true } },
  args: {
    open: true,
    trigger: undefined,
    error: FORBIDDEN,
    defaultValues: { model: 'meta-llama/Llama-3.1-8B-Instruct', hardwareName: 'H100' },
  },
  play: async ({ step }) => {
    const form = within(await dialog());
    await step('the 403 is shown in the dialog, word for word, and the form keeps its input', async () => {
      await expect(form.getByRole('alert')).toHaveTextContent(FORBIDDEN);
      await expect(form.getByRole('textbox', { name: 'Model' })).toHaveValue('meta-llama/Llama-3.1-8B-Instruct');
      await expect(screen.getByRole('button', { name: 'Create session' })).toBeEnabled();
    });
  },
});

export const Creating = meta.story({
  args: {
    open: true,
    trigger: undefined,
    busy: true,
    defaultValues: { model: 'meta-llama/Llama-3.1-8B-Instruct', hardwareName: 'H100' },
  },
  play: async ({ args, step, userEvent }) => {
    await dialog();
    await step('the submit button spins and cannot send twice', async () => {
      await expectBusy(screen.getByRole('button', { name: 'Create session' }), userEvent, args.onCreate);
    });
  },
});

export const Cancel = meta.story({
  args: { open: true, trigger: undefined },
  play: async ({ args, userEvent }) => {
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
});

export const RuntimesLoading = meta.story({
  args: { open: true, trigger: undefined, runtimes: undefined },
  play: async () => {
    const form = within(await dialog());
    await expect(form.getByRole('status')).toHaveTextContent('Loading the supported runtimes');
    await expect(screen.getByRole('button', { name: 'Create session' })).toBeDisabled();
  },
});

export const RuntimesFailed = meta.story({
  args: { open: true, trigger: undefined, runtimes: undefined, runtimesError: 'Something went wrong: Bad Gateway' },
  play: async () => {
    const form = within(await dialog());
    await expect(form.getByRole('alert')).toHaveTextContent('Something went wrong: Bad Gateway');
    await expect(screen.getByRole('button', { name: 'Create session' })).toBeDisabled();
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark' },
  parameters: { visual: { fullPage: true } },
  args: { open: true, trigger: undefined },
  play: async ({ userEvent }) => {
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
    await expect(screen.getByText(FORM_MESSAGES.modelRequired)).toBeVisible();
  },
});

export const Mobile = meta.story({
  tags: ['visual'],
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  parameters: { visual: { fullPage: true } },
  args: { open: true, trigger: undefined },
  play: async () => {
    const box = (await dialog()).getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(375);
    const model = screen.getByRole('textbox', { name: 'Model' }).getBoundingClientRect();
    await expect(model.right).toBeLessThanOrEqual(box.right);
  },
});
