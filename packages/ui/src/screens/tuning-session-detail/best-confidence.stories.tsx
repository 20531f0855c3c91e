import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { completeConfidence, completeConfirmedResults } from '@mako/fixtures';
import { COMPLETE_BEST, COMPLETE_RESULTS, COMPLETE_SESSION } from '../tuning-sessions/tuning-sessions.fixtures';
import type { Confidence } from '@mako/contract';
import { TuningSessionDetailScreen } from './tuning-session-detail';

/* The complete Qwen3 32B session (lowest p90 TPOT) as a session that re-measures its winner shows it. */

const confirming = (confidence: Confidence, status = COMPLETE_SESSION.status) => ({
  session: {
    ...COMPLETE_SESSION,
    status,
    best: COMPLETE_SESSION.best && { ...COMPLETE_SESSION.best, objective_value: confidence.spread.mean, confidence },
  },
  best: { ...COMPLETE_BEST, confidence },
});

/** The trials without their repeat runs (the repeats fixture measures the confirmed verdict). */
const plainResults = { data: COMPLETE_RESULTS, count: COMPLETE_RESULTS.length };

const meta = preview.meta({
  title: 'Screens/Tuning sessions/TuningSessionDetail confidence',
  component: TuningSessionDetailScreen,
  args: {
    status: 'success' as const,
    ...confirming(completeConfidence.confirmed),
    results: { data: completeConfirmedResults, count: completeConfirmedResults.length },
    resultsPage: { limit: 20, offset: 0 },
    pending: [],
    now: new Date('2025-11-05T09:00:00Z'),
    onResultsPageChange: fn(),
    onCopy: fn(),
  },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
});

const confidenceOf = (canvas: { getByRole: (role: string, options: { name: string }) => HTMLElement }) =>
  canvas.getByRole('group', { name: 'Confidence in the best' });

export const ConfirmedWinner = meta.story({
  play: async ({ canvas, step }) => {
    await step('the best is the mean of its runs, with its spread', async () => {
      const best = canvas.getByRole('region', { name: 'Best configuration' });
      await expect(best).toHaveTextContent('24.6 ms');
      await expect(confidenceOf(canvas)).toHaveTextContent('24.6 ms ± 0.745 ms (3 runs), from 24.3 ms to 24.9 ms');
    });
    await step('a winner clear of the runner-up is called confirmed, and the runner-up is named', async () => {
      await expect(confidenceOf(canvas)).toHaveTextContent(
        'Confirmed on repeat runs: clearly ahead of the runner-up, trial 2 at 28.0 ms ± 1.00 ms (3 runs).',
      );
      await expect(confidenceOf(canvas)).not.toHaveTextContent('Within noise');
    });
    await step('the repeat runs are rows of their trials, marked as re-measures', async () => {
      const rows = [...canvas.getByRole('table', { name: 'Trial results' }).querySelectorAll('tbody tr')];
      const remeasures = rows.filter((row) => row.textContent?.includes('Re-measure'));
      await expect(remeasures).toHaveLength(4);
      await expect(remeasures.map((row) => row.querySelector('td')?.textContent)).toEqual(['2', '2', '4', '4']);
    });
  },
});

export const WithinNoise = meta.story({
  args: { ...confirming(completeConfidence.withinNoise), results: plainResults },
  play: async ({ canvas, step }) => {
    await step('the best shows its mean and spread', async () => {
      await expect(canvas.getByRole('region', { name: 'Best configuration' })).toHaveTextContent('25.2 ms');
      await expect(confidenceOf(canvas)).toHaveTextContent('± 1.93 ms (3 runs)');
    });
    await step('no winner is declared inside the noise: a plain sentence names the runner-up', async () => {
      await expect(confidenceOf(canvas)).toHaveTextContent(
        'Within noise: the runner-up, trial 2 at 26.9 ms ± 2.21 ms (3 runs), measured about as well, so neither is declared the winner.',
      );
      await expect(confidenceOf(canvas)).not.toHaveTextContent('Confirmed');
    });
  },
});

export const NotYetRemeasured = meta.story({
  args: { ...confirming(completeConfidence.notRemeasured, 'running'), results: plainResults },
  play: async ({ canvas, step }) => {
    await step('one reading each: no spread is shown yet', async () => {
      await expect(canvas.getByRole('region', { name: 'Best so far' })).toHaveTextContent('24.6 ms');
      await expect(confidenceOf(canvas)).not.toHaveTextContent('±');
    });
    await step('the page says the best and the runner-up will be measured again', async () => {
      await expect(confidenceOf(canvas)).toHaveTextContent(
        'Not re-measured yet: once the search is over, the best and the runner-up are measured again',
      );
    });
  },
});
