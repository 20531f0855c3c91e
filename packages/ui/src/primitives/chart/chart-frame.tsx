import { Suspense, useId } from 'react';
import type { ReactNode } from 'react';
import { Skeleton } from '../skeleton';
import { VisuallyHidden } from '../visually-hidden';
import { Figure, FigureCaption, FigureSummary, FigureTitle, Legend, LegendItem, Plot } from './chart.styles';
import { LegendSwatch } from './legend-swatch';
import type { SwatchShape } from './legend-swatch';

/** One key of a chart's legend, drawn with the series' own shape. */
export interface LegendEntry {
  label: string;
  shape: SwatchShape;
  color: string;
  hollow?: boolean;
}

/** What a chart's caller may set about its figure; each chart has its own defaults. */
export interface ChartFigureOptions {
  title?: string;
  /** Show the title above the plot (otherwise it only names the figure). */
  showTitle?: boolean;
  height?: number;
}

/** The figure options of a chart of trials' objective values: the objective's name and number format. */
export interface ObjectiveChartOptions extends ChartFigureOptions {
  /** The objective's name with its unit, e.g. "Output tok/s". */
  metricLabel: string;
  /** Formats objective values on the axis, tooltip and summary (formatTokensPerSecond, formatMs …). */
  formatValue?: (value: number) => string;
}

/**
 * What ChartFrame takes about the figure: the caller's options, with the chart's own title and
 * height for what the caller left out. The title is only named for assistive technology unless
 * the caller asks to show it.
 */
export function chartFigure(options: ChartFigureOptions, defaults: { title: string; height: number }) {
  return {
    title: options.title ?? defaults.title,
    showTitle: options.showTitle ?? false,
    height: options.height ?? defaults.height,
  };
}

export interface ChartFrameProps {
  title: ReactNode;
  /** Shows the title above the plot; otherwise it names the figure for assistive technology only. */
  showTitle: boolean;
  /** One sentence with the numbers that matter, read instead of the picture. */
  summary: string;
  height: number;
  legend?: readonly LegendEntry[];
  children: ReactNode;
}

/**
 * The figure around a lazily loaded chart: caption and text summary render at once, the plot
 * shows a skeleton of the same height until recharts has loaded.
 */
export function ChartFrame({ title, showTitle, summary, height, legend, children }: ChartFrameProps) {
  const id = useId();
  return (
    <Figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <FigureCaption>
        {showTitle ? (
          <FigureTitle id={`${id}-title`}>{title}</FigureTitle>
        ) : (
          <VisuallyHidden id={`${id}-title`}>{title}</VisuallyHidden>
        )}
        <FigureSummary id={`${id}-summary`}>{summary}</FigureSummary>
      </FigureCaption>
      <Plot $height={height} aria-hidden="true" data-chart-plot="">
        <Suspense fallback={<Skeleton height={height} radius={8} />}>{children}</Suspense>
      </Plot>
      {legend ? (
        <Legend aria-label="Legend">
          {legend.map(({ label, ...swatch }) => (
            <LegendItem key={label}>
              <LegendSwatch {...swatch} />
              {label}
            </LegendItem>
          ))}
        </Legend>
      ) : null}
    </Figure>
  );
}
