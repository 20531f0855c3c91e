import preview from '../../../../../.storybook/preview';
import { lazy } from 'react';
import type { ComponentType } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { color } from '../../foundations/theme/design-tokens';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { withMaxWidth } from '../../../test/story-kit';
import { ChartFrame } from './chart-frame';
import type { LegendEntry } from './chart-frame';
import { Legend, LegendItem } from './chart.styles';
import { LegendSwatch } from './legend-swatch';
import type { SwatchShape } from './legend-swatch';

/** Best-so-far output tok/s after each trial: what a chart would draw inside the frame. */
const BEST_SO_FAR = [4413, 4413, 4413, 4931, 5241, 5241, 5241, 5241, 5603];

/** A hand-drawn stand-in for the recharts view a real chart loads lazily: the frame is what is tested here. */
function SamplePlot({ values = BEST_SO_FAR }: { values?: readonly number[] }) {
  const { colors } = useUiTheme();
  const top = Math.max(...values, 1);
  const points = values
    .map((value, i) => `${(i / Math.max(values.length - 1, 1)) * 400},${200 - (value / top) * 180}`)
    .join(' ');
  return (
    <svg width="100%" height="100%" viewBox="0 0 400 200" preserveAspectRatio="none" data-sample-plot="">
      <path d="M0 199.5H400M0 100H400M0 0.5H400" stroke={colors.chartGrid} />
      {values.length > 0 ? <polyline points={points} fill="none" stroke={colors.accent} strokeWidth={2.5} /> : null}
    </svg>
  );
}

/** The theme's colours as CSS variables: legend entries are plain data, outside React. */
const SAMPLE_LEGEND: readonly LegendEntry[] = [
  { label: 'Best output tok/s so far', shape: 'line', color: color.accent },
  { label: 'Infeasible', shape: 'circle', color: color.warning, hollow: true },
  { label: 'Failed', shape: 'cross', color: color.danger },
];

const SUMMARY = 'Best output tok/s: 5,603 after 9 trials; 0 infeasible, 0 failed.';
const HEIGHT = 220;

const meta = preview.meta({
  title: 'Charts/ChartFrame',
  component: ChartFrame,
  args: {
    title: 'Progress of max output tok/s',
    showTitle: true,
    summary: SUMMARY,
    height: HEIGHT,
    legend: SAMPLE_LEGEND,
    children: <SamplePlot />,
  },
  decorators: [withMaxWidth(560)],
});

const plotOf = (canvasElement: HTMLElement) => {
  const plot = canvasElement.querySelector<HTMLElement>('[data-chart-plot]');
  if (!plot) throw new Error('The frame has no plot area');
  return plot;
};

/** The skeleton that holds the plot's place: a block as tall as the plot, the plot's only child. */
const skeletonOf = (plot: HTMLElement) =>
  plot.firstElementChild?.tagName === 'SPAN' ? (plot.firstElementChild as HTMLElement) : null;

export const Drawn = meta.story({
  tags: ['visual'],
  play: async ({ canvas, canvasElement, step }) => {
    const figure = canvas.getByRole('figure', { name: 'Progress of max output tok/s' });
    await step('the title shows above the plot and names the figure', async () => {
      await expect(canvas.getByText('Progress of max output tok/s')).toBeVisible();
    });
    await step(
      'the summary sentence is shown and describes the figure, for those who cannot see the plot',
      async () => {
        await expect(canvas.getByText(SUMMARY)).toBeVisible();
        await expect(figure).toHaveAccessibleDescription(SUMMARY);
      },
    );
    await step('the picture itself is hidden from assistive technology, at the height asked for', async () => {
      const plot = plotOf(canvasElement);
      await expect(plot).toHaveAttribute('aria-hidden', 'true');
      await expect(plot.getBoundingClientRect().height).toBe(HEIGHT);
      await expect(plot.querySelector('[data-sample-plot] polyline')).not.toBeNull();
    });
    await step('the legend follows the plot', async () => {
      const legend = canvas.getByRole('list', { name: 'Legend' });
      await expect(within(legend).getAllByRole('listitem')).toHaveLength(3);
      await expect(legend.getBoundingClientRect().top).toBeGreaterThanOrEqual(
        plotOf(canvasElement).getBoundingClientRect().bottom,
      );
    });
  },
});

/** Recharts has not arrived yet (the lazy chunk never resolves here). */
const NeverLoads = lazy(() => new Promise<{ default: ComponentType }>(() => undefined));

export const Loading = meta.story({
  args: { children: <NeverLoads /> },
  play: async ({ canvas, canvasElement, step }) => {
    await step('caption and summary are there at once', async () => {
      await expect(canvas.getByRole('figure', { name: 'Progress of max output tok/s' })).toHaveAccessibleDescription(
        SUMMARY,
      );
      await expect(canvas.getByText(SUMMARY)).toBeVisible();
    });
    await step('a skeleton as tall as the plot holds its place, so nothing jumps when it arrives', async () => {
      const skeleton = skeletonOf(plotOf(canvasElement));
      await expect(skeleton).not.toBeNull();
      await expect(skeleton?.getBoundingClientRect().height).toBe(HEIGHT);
      await expect(plotOf(canvasElement).querySelector('svg')).toBeNull();
    });
  },
});

let releasePlot: () => void = () => undefined;
let DeferredPlot = NeverLoads;

export const LoadsThenDraws = meta.story({
  beforeEach: () => {
    // A fresh lazy chunk per run, resolved by the play function when it chooses.
    const chunk = new Promise<{ default: ComponentType }>((resolve) => {
      releasePlot = () => resolve({ default: SamplePlot as ComponentType });
    });
    DeferredPlot = lazy(() => chunk);
  },
  render: (args) => (
    <ChartFrame {...args}>
      <DeferredPlot />
    </ChartFrame>
  ),
  play: async ({ canvasElement, step }) => {
    const plot = plotOf(canvasElement);
    await step('while the chart code loads, the skeleton shows', async () => {
      await expect(skeletonOf(plot)).not.toBeNull();
    });
    await step('once it has loaded, the plot replaces the skeleton at the same height', async () => {
      releasePlot();
      await waitFor(() => expect(plot.querySelector('[data-sample-plot]')).not.toBeNull());
      await expect(skeletonOf(plot)).toBeNull();
      await expect(plot.getBoundingClientRect().height).toBe(HEIGHT);
    });
  },
});

const EMPTY_SUMMARY = 'No feasible trial yet after 0 trials; 0 infeasible, 0 failed.';

export const Empty = meta.story({
  args: { summary: EMPTY_SUMMARY, legend: undefined, children: <SamplePlot values={[]} /> },
  play: async ({ canvas, canvasElement, step }) => {
    await step('the summary says there is nothing to plot yet', async () => {
      await expect(canvas.getByText(EMPTY_SUMMARY)).toBeVisible();
      await expect(canvas.getByRole('figure')).toHaveAccessibleDescription(EMPTY_SUMMARY);
    });
    await step('the empty plot keeps its height and there is no legend to explain', async () => {
      await expect(plotOf(canvasElement).getBoundingClientRect().height).toBe(HEIGHT);
      await expect(canvas.queryByRole('list', { name: 'Legend' })).not.toBeInTheDocument();
    });
  },
});

export const TitleForScreenReadersOnly = meta.story({
  args: { showTitle: false },
  play: async ({ canvas, step }) => {
    await step('the figure is still named by the title', async () => {
      await expect(canvas.getByRole('figure', { name: 'Progress of max output tok/s' })).toBeInTheDocument();
    });
    await step('but the title takes no room: the card around it already says it', async () => {
      const title = canvas.getByText('Progress of max output tok/s').getBoundingClientRect();
      await expect(title.width).toBeLessThanOrEqual(1);
      await expect(canvas.getByText(SUMMARY)).toBeVisible();
    });
  },
});

const SHAPES: readonly SwatchShape[] = [
  'line',
  'dashed',
  'circle',
  'square',
  'triangle',
  'diamond',
  'cross',
  'star',
  'wye',
];

function AllSwatches() {
  const { colors } = useUiTheme();
  return (
    <Legend aria-label="Swatches">
      {SHAPES.map((shape) => (
        <LegendItem key={shape}>
          <LegendSwatch shape={shape} color={colors.chart2} />
          {shape}
        </LegendItem>
      ))}
      <LegendItem>
        <LegendSwatch shape="circle" color={colors.chart2} hollow />
        hollow circle
      </LegendItem>
    </Legend>
  );
}

export const LegendShapes = meta.story({
  render: () => <AllSwatches />,
  play: async ({ canvas, step }) => {
    const items = within(canvas.getByRole('list', { name: 'Swatches' })).getAllByRole('listitem');
    await step('every series shape has its own drawing, so series differ by more than hue', async () => {
      const drawings = items.slice(0, SHAPES.length).map((item) => item.querySelector('svg')?.innerHTML);
      await expect(new Set(drawings).size).toBe(SHAPES.length);
      for (const drawing of drawings) await expect(drawing).not.toBe('');
    });
    await step('swatches are decorative: the words next to them are what is read', async () => {
      for (const item of items) await expect(item.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
      await expect(items[0]).toHaveTextContent(/^line$/);
    });
    await step('a hollow marker is outlined, not filled', async () => {
      const hollow = items[items.length - 1]?.querySelector('circle');
      await expect(hollow).toHaveAttribute('fill', 'none');
      await expect(items[2]?.querySelector('circle')).not.toHaveAttribute('fill', 'none');
    });
  },
});
