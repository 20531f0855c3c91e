import preview from '../../../../../.storybook/preview';
import { expect, waitFor, within } from 'storybook/test';
import { completeSweep, partialSweep, saturatedSweep, unmetSweep } from '@mako/fixtures';
import { SCREEN_CHART_TIMEOUT, expectPageTitle } from '../../../test/story-kit-screens';
import { SweepDetail } from './sweep-detail';

const meta = preview.meta({
  title: 'Screens/Sweep detail/SweepDetail',
  component: SweepDetail,
  args: {
    status: 'success' as const,
    sweep: completeSweep,
    benchmarkHref: ({ benchmarkId, settingId }) => `/single-benchmarks/${settingId}?benchmark=${benchmarkId}`,
  },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
});

type Canvas = ReturnType<typeof within>;

const findings = (canvas: Canvas) =>
  canvas.queryByRole('list', { name: 'Findings' })?.querySelectorAll('li') ??
  ([] as unknown as NodeListOf<HTMLLIElement>);
const levelRows = (canvas: Canvas) =>
  [...canvas.getByRole('table', { name: 'Sweep levels' }).querySelectorAll('tr')].filter(
    (row) => row.cells[0]?.tagName === 'TD',
  );
const verdictCells = (canvas: Canvas) => levelRows(canvas).map((row) => row.cells[1]?.textContent ?? '');

/** Every level is a point of the one chart, each marked by its outcome. */
async function expectPlotted(canvasElement: HTMLElement, points: number) {
  await waitFor(() => expect(canvasElement.querySelectorAll('.recharts-scatter-symbol')).toHaveLength(points), {
    timeout: SCREEN_CHART_TIMEOUT,
  });
  // The curve is drawn through the levels that were not saturated.
  await expect(canvasElement.querySelector('.recharts-line-curve')).not.toBeNull();
}

export const Complete = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPageTitle(canvas, 'Sweep of meta-llama/Llama-3.1-8B-Instruct');
    await expect(
      canvas.getByText('Highest load meeting the SLO: concurrency 48 (goodput 10.98 req/s, 2,688 output tok/s).'),
    ).toBeVisible();
    await expect([...findings(canvas)].map((li) => li.textContent)).toEqual([
      'concurrency 56 missed it.',
      'Throughput levels off from concurrency 48: higher loads add latency more than throughput.',
    ]);
    // The table runs in load order, whatever order the sweep tried the levels in.
    await expect(levelRows(canvas).map((row) => row.cells[0]?.textContent)).toEqual([
      '1',
      '2',
      '4',
      '8',
      '16',
      '32',
      '48',
      '56',
      '64',
    ]);
    await expect(verdictCells(canvas).filter((v) => v === 'Missed the SLO')).toHaveLength(2);
    // The first level links to its benchmark on its setting's page.
    const link = canvas.getByRole('link', { name: 'Benchmark at concurrency 1' });
    await expect(link.getAttribute('href')).toBe(
      `/single-benchmarks/${completeSweep.levels[0]!.setting_id}?benchmark=${completeSweep.levels[0]!.benchmark_id}`,
    );
    await expect(
      canvas.getByRole('figure', { name: 'Throughput against latency, level by level' }),
    ).toHaveAccessibleDescription(/9 levels from concurrency 1 to concurrency 64/);
    await expectPlotted(canvasElement, 9);
  },
});

export const WithSaturatedLevels = meta.story({
  args: { sweep: saturatedSweep },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^Highest load meeting the SLO: 40 req\/s/)).toBeVisible();
    await expect(
      canvas.getByText(
        "2 levels were saturated (64 req/s, 48 req/s): the engine's queue or TTFT kept growing, so the level was stopped early and counts as a miss.",
      ),
    ).toBeVisible();
    await expect(verdictCells(canvas).filter((v) => v === 'Saturated')).toHaveLength(2);
    const saturatedRow = levelRows(canvas).find((row) => row.cells[0]?.textContent === '64')!;
    await expect(saturatedRow.cells[8]).toHaveTextContent('not posted (saturated)');
    await expect(
      within(canvas.getByRole('list', { name: 'Legend' })).getByText('Saturated (stopped early)'),
    ).toBeVisible();
    await expectPlotted(canvasElement, 8);
  },
});

export const NoLevelMetTheSlo = meta.story({
  args: { sweep: unmetSweep },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No level met the SLO: even the lowest, concurrency 1, missed it.')).toBeVisible();
    await expect(verdictCells(canvas)).toEqual(['Missed the SLO']);
    await expect(canvas.getByText(/SLO E2E ≤ 1,500 ms/)).toBeVisible();
  },
});

export const InProgress = meta.story({
  args: { sweep: partialSweep },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/· not finished$/)).toBeVisible();
    await expect(
      canvas.getByText('Highest load meeting the SLO: concurrency 4 (goodput 3.43 req/s, 840 output tok/s).'),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        'This sweep has not finished (still running, or interrupted): the verdict covers its 3 levels so far.',
      ),
    ).toBeVisible();
    await expect(levelRows(canvas)).toHaveLength(3);
    await expectPlotted(canvasElement, 3);
  },
});

export const Loading = meta.story({
  args: { status: 'loading', sweep: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('table')).toBeNull();
  },
});
