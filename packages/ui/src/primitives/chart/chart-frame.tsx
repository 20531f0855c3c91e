import { Suspense, useId } from 'react';
import type { ReactNode } from 'react';
import { Skeleton } from '../skeleton';
import { VisuallyHidden } from '../visually-hidden';
import { Figure, FigureCaption, FigureSummary, FigureTitle, Plot } from './chart.styles';

export interface ChartFrameProps {
  title: ReactNode;
  /** Shows the title above the plot; otherwise it names the figure for assistive technology only. */
  showTitle: boolean;
  /** One sentence with the numbers that matter, read instead of the picture. */
  summary: string;
  height: number;
  legend?: ReactNode;
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
      {legend}
    </Figure>
  );
}
