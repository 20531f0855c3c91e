import preview from '../../../../../.storybook/preview';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FIXTURE_NOW } from '../benchmark-common/benchmark-common.fixtures';
import type { TuningResult, TuningSession } from '@mako/contract';
import { TWO } from '../pareto-front/pareto-front.fixtures';
import { LONG_RUN } from '../tuning-session-detail/tuning-session-detail.fixtures';
import { TuningSessionDetailScreen } from '../tuning-session-detail';
import type { TuningInsightsView } from '../tuning-insights';
import { tuningSessionTitle } from '../tuning-common/tuning-format';
import { stubClipboard } from '../../../test/story-kit';
import { PublicPage } from './share-pages';
import { expectNoOwnerControls } from './share-pages.plays';

/*
 * A shared session's public page shows what its owner's page shows, read-only: why the best wins
 * (flag importance, failure regions, the slices) and, for a multi-objective session, its Pareto front.
 */

const meta = preview.meta({
  title: 'Screens/Share pages/Session insights',
  parameters: { padded: false },
  beforeEach: stubClipboard,
});

/** The long vLLM run, finished: 34 trials, its OOMs where many sequences meet large batches. */
const finished: TuningSession = {
  ...LONG_RUN.session,
  status: 'complete',
  counts: { ...LONG_RUN.session.counts, pending: 0 },
};
const trials = LONG_RUN.results;

/** Where the failure model puts the OOMs: at least this many sequences and batched tokens. */
const OOM_REGION = { max_num_seqs: 256, max_num_batched_tokens: 12288 };
const inOomRegion = (trial: TuningResult) =>
  Object.entries(OOM_REGION).every(([flag, low]) => Number(trial.config[flag]) >= low);

/** As the server's tuner would explain the long run; the region's counts are the trials' own. */
const insights: TuningInsightsView = {
  importance: Object.entries({
    max_num_seqs: 0.44,
    gpu_memory_utilization: 0.23,
    max_num_batched_tokens: 0.16,
    kv_cache_dtype: 0.11,
    enable_chunked_prefill: 0.06,
  }).map(([flag, importance]) => ({ flag, importance })),
  failure_regions: [
    {
      kind: 'oom',
      conditions: Object.entries(OOM_REGION).map(([flag, value]) => ({ flag, op: '>=' as const, value })),
      failed: trials.filter((trial) => inOomRegion(trial) && trial.failure?.kind === 'oom').length,
      trials: trials.filter(inOomRegion).length,
    },
  ],
  trials_fitted: trials.filter((trial) => trial.failure === null).length,
};

const publicSession = (session: TuningSession, sessionTrials: readonly TuningResult[], view?: TuningInsightsView) => (
  <PublicPage title={tuningSessionTitle(session.setting)}>
    <TuningSessionDetailScreen
      status="success"
      readOnly
      showTitle={false}
      session={session}
      results={{ data: sessionTrials.slice(0, 20), count: sessionTrials.length }}
      trials={sessionTrials}
      {...(view ? { insights: view } : {})}
      onExport={fn()}
      now={FIXTURE_NOW}
    />
  </PublicPage>
);

export const PublicSessionInsights = meta.story({
  tags: ['visual'],
  render: () => publicSession(finished, trials, insights),
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('why the best wins, as the owner sees it: the flags ranked and where the runs fail', async () => {
      await expect(canvas.getByRole('heading', { name: 'Why it wins', level: 2 })).toBeVisible();
      const rows = within(canvas.getByRole('list', { name: 'Flag importance' })).getAllByRole('listitem');
      await expect(rows.map((row) => row.textContent)).toEqual([
        'max_num_seqs44 %',
        'gpu_memory_utilization23 %',
        'max_num_batched_tokens16 %',
        'kv_cache_dtype11 %',
        'enable_chunked_prefill6 %',
      ]);
      await expect(
        canvas.getByText(`From the tuner's models, fitted on ${insights.trials_fitted} trials.`),
      ).toBeVisible();
      const [region] = within(canvas.getByRole('list', { name: 'Failure regions' })).getAllByRole('listitem');
      await expect(region).toHaveTextContent(/max_num_seqs/);
      await expect(region).toHaveTextContent(/max_num_batched_tokens/);
      await expect(region).toHaveTextContent(`${insights.failure_regions[0]!.failed} of`);
    });
    await step('a visitor can turn the slice view to another flag', async () => {
      const flag = canvas.getByLabelText('Flag');
      await expect(flag).toHaveValue('max_num_seqs');
      await userEvent.selectOptions(flag, 'kv_cache_dtype');
      await expect(flag).toHaveValue('kv_cache_dtype');
      // Back to the top, where the sticky header belongs in the screenshot.
      flag.blur();
      window.scrollTo(0, 0);
    });
    await step('nothing only the owner may do', async () => {
      await expectNoOwnerControls(canvasElement);
      await expect(canvas.queryByText(/mako-runner tune/)).toBeNull();
    });
  },
});

/** The front's point best on the primary objective (per GPU): the session's best, as the server reports it. */
const bestOnFront = [...TWO.front].sort((a, b) => (b.values[0] ?? 0) - (a.values[0] ?? 0))[0]!;
const frontSession: TuningSession = {
  ...finished,
  constraints: [],
  objective: TWO.objectives[0]!,
  objectives: TWO.objectives,
  pareto_front: TWO.front,
  counts: {
    evaluated: TWO.trials.length,
    pending: 0,
    failed: TWO.trials.filter((trial) => trial.failure !== null).length,
  },
  budget: { ...finished.budget, max_trials: TWO.trials.length },
  best: {
    result_id: bestOnFront.result_id,
    trial_number: bestOnFront.trial_number,
    config: bestOnFront.config,
    objective_value: bestOnFront.values[0]!,
  },
  default_objective_value: TWO.trials[0]?.objective_value ?? null,
};

export const PublicMultiObjectiveSession = meta.story({
  tags: ['visual'],
  render: () => publicSession(frontSession, TWO.trials),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Pareto front', level: 2 })).toBeVisible();
    const points = within(canvas.getByRole('list', { name: 'Pareto front points' })).getAllByRole('button');
    await expect(points).toHaveLength(TWO.front.length);
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('.recharts-scatter-symbol').length).toBeGreaterThan(TWO.front.length),
    );
    await expectNoOwnerControls(canvasElement);
  },
});
