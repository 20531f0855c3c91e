import type { SymbolType } from 'recharts';
import type { ColorTokens } from '../../foundations/theme/design-tokens';

const SHAPES: SymbolType[] = ['circle', 'square', 'triangle', 'diamond', 'star', 'wye'];

export interface GroupStyle {
  name: string;
  color: string;
  shape: SymbolType;
}

/** One colour and one shape per group (hardware), in first-seen order, so groups differ by shape too. */
export function groupStyles(points: ReadonlyArray<{ group: string }>, colors: ColorTokens): GroupStyle[] {
  const palette = [colors.chart1, colors.chart2, colors.chart3, colors.chart4, colors.chart5, colors.chart6];
  const names = [...new Set(points.map((point) => point.group))];
  return names.map((name, index) => ({
    name,
    color: palette[index % palette.length] ?? colors.chart1,
    shape: SHAPES[index % SHAPES.length] ?? 'circle',
  }));
}
