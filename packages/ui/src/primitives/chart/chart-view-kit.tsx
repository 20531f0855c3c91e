import type { ReactNode } from 'react';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { font } from '../../foundations/theme/design-tokens';
import { TooltipValue } from './chart.styles';

/*
 * What the lazily loaded recharts views share. Import it from the views only (not through
 * index.ts), so that it travels in their chunks and the first page never loads it.
 */

/** The axis props, labels and colours every chart view draws with. */
export function useChartAxes() {
  const { colors } = useUiTheme();
  const text = { fill: colors.textMuted, fontSize: 12 };
  const xAxis = { type: 'number' as const, tick: { ...text, fontFamily: font.mono }, stroke: colors.border };
  return {
    colors,
    text,
    /** Spread on an XAxis; a YAxis takes `yAxis`, which leaves room for long tick labels. */
    xAxis,
    yAxis: { ...xAxis, width: 72 },
    /** An x-axis title centred under the ticks; the chart needs a bottom margin of 20. */
    labelBelow: (value: string) => ({ ...text, value, position: 'insideBottom' as const, offset: -14 }),
    /** A y-axis title turned to run up beside the ticks. */
    labelBeside: (value: string) => ({
      ...text,
      value,
      angle: -90,
      position: 'insideLeft' as const,
      offset: 0,
      style: { textAnchor: 'middle' as const },
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
export const crossShape = (color: string) =>
  function Cross({ cx = 0, cy = 0 }: ShapeProps) {
    return <path d={`M${cx - 4} ${cy - 4}l8 8M${cx + 4} ${cy - 4}l-8 8`} stroke={color} strokeWidth={2} />;
  };

/** A Scatter shape: ○ for a trial measured outside a constraint. */
export const hollowShape = (color: string) =>
  function Hollow({ cx, cy }: ShapeProps) {
    return <circle cx={cx} cy={cy} r={4.5} fill="none" stroke={color} strokeWidth={1.5} />;
  };

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
