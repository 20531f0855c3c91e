import type { ReactNode } from 'react';
import { Scatter } from 'recharts';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { font } from '../../foundations/theme/design-tokens';
import type { ColorTokens } from '../../foundations/theme/design-tokens';
import { TooltipValue } from './chart.styles';

/*
 * What the lazily loaded recharts views share. Import it from the views only (not through
 * index.ts), so that it travels in their chunks and the first page never loads it.
 */

/** One axis of a point plot: its title and how its ticks read. */
export interface TitledAxis {
  title: string;
  format: (value: number) => string;
}

/** The axis props, labels and colours every chart view draws with. */
export function useChartAxes() {
  const { colors } = useUiTheme();
  const text = { fill: colors.textMuted, fontSize: 12 };
  const xAxis = { type: 'number' as const, tick: { ...text, fontFamily: font.mono }, stroke: colors.border };
  const yAxis = { ...xAxis, width: 72 };
  // From zero, so that the distance from the origin reads as the value.
  const fromZero: [number, string] = [0, 'auto'];
  return {
    colors,
    text,
    /** Spread on an XAxis; a YAxis takes `yAxis`, which leaves room for long tick labels. */
    xAxis,
    yAxis,
    /**
     * The XAxis and YAxis props of a plot of `x`/`y` points from zero, the x title centred under the
     * ticks and the y title turned to run up beside them (the chart takes `titledAxesChart`).
     */
    titledPointAxes: (x: TitledAxis, y: TitledAxis) => ({
      x: {
        ...xAxis,
        dataKey: 'x',
        tickFormatter: (value: number) => x.format(value),
        label: { ...text, value: x.title, position: 'insideBottom' as const, offset: -14 },
        domain: fromZero,
      },
      y: {
        ...yAxis,
        dataKey: 'y',
        tickFormatter: (value: number) => y.format(value),
        label: {
          ...text,
          value: y.title,
          angle: -90,
          position: 'insideLeft' as const,
          offset: 0,
          style: { textAnchor: 'middle' as const },
        },
        domain: fromZero,
      },
    }),
    /** An x-axis title tucked in at the right end, for charts with no bottom margin to spare. */
    labelAtEnd: (value: string) => ({ ...text, value, position: 'insideBottomRight' as const, offset: -4 }),
  };
}

// ChartFrame gives every plot its name and a text summary for assistive technology, so the
// views all leave recharts' own accessibility layer off.
/** Chart props for a plot whose axes carry titles below and beside (labelBelow, labelBeside). */
export const titledAxesChart = { margin: { top: 8, right: 16, bottom: 20, left: 16 }, accessibilityLayer: false };
/** Chart props for a plot whose only axis title sits at the end of the x axis (labelAtEnd). */
export const compactChart = { margin: { top: 8, right: 16, bottom: 8, left: 8 }, accessibilityLayer: false };

interface ShapeProps {
  cx?: number;
  cy?: number;
}

/** A Scatter shape: × for a trial that failed and so has no value. */
const crossShape = (color: string) =>
  function Cross({ cx = 0, cy = 0 }: ShapeProps) {
    return <path d={`M${cx - 4} ${cy - 4}l8 8M${cx + 4} ${cy - 4}l-8 8`} stroke={color} strokeWidth={2} />;
  };

/** A Scatter shape: ○ for a trial measured outside a constraint. */
const hollowShape = (color: string) =>
  function Hollow({ cx, cy }: ShapeProps) {
    return <circle cx={cx} cy={cy} r={4.5} fill="none" stroke={color} strokeWidth={1.5} />;
  };

/** The trials of one outcome: their points, the key of their y value if the chart's axis has none, their name. */
interface OutcomePoints {
  data: unknown[];
  dataKey?: string;
  name: string;
}

/**
 * The marks of trials by outcome, the same in every trial chart: a dot for a feasible trial, ○ for
 * one measured outside a constraint, × for one that failed. They go in the chart's children.
 */
export function outcomeScatters(
  colors: ColorTokens,
  feasibleOpacity: number,
  { feasible, infeasible, failed }: Record<'feasible' | 'infeasible' | 'failed', OutcomePoints>,
) {
  return [
    <Scatter
      key="feasible"
      {...feasible}
      fill={colors.chart1}
      fillOpacity={feasibleOpacity}
      shape="circle"
      isAnimationActive={false}
    />,
    <Scatter key="infeasible" {...infeasible} shape={hollowShape(colors.warning)} isAnimationActive={false} />,
    <Scatter key="failed" {...failed} shape={crossShape(colors.danger)} isAnimationActive={false} />,
  ];
}

/** A Tooltip's content: `render` draws the data point under the pointer; elsewhere it draws nothing. */
export function pointTooltip<T>(render: (point: T) => ReactNode) {
  return function PointTooltip({ active, payload }: { active?: boolean; payload?: readonly unknown[] }) {
    const point = active ? (payload?.[0] as { payload?: T } | undefined)?.payload : undefined;
    return point ? render(point) : null;
  };
}

/** One "name: value" line of a chart tooltip. */
export function TooltipRow({ label, value }: { label: ReactNode; value: string }) {
  return (
    <span>
      {label}: <TooltipValue>{value}</TooltipValue>
    </span>
  );
}
