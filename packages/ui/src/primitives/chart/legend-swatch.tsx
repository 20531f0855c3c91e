import type { SymbolType } from 'recharts';

export type SwatchShape = SymbolType | 'line' | 'dashed';

/** A legend key drawn with the same shape as the series, so series differ by more than hue. */
export function LegendSwatch({
  shape,
  color,
  hollow = false,
}: {
  shape: SwatchShape;
  color: string;
  hollow?: boolean;
}) {
  const fill = hollow ? 'none' : color;
  return (
    <svg width={14} height={14} viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      {shape === 'line' ? <path d="M1 7h12" stroke={color} strokeWidth={2.5} /> : null}
      {shape === 'dashed' ? <path d="M1 7h12" stroke={color} strokeWidth={2} strokeDasharray="3 2" /> : null}
      {shape === 'circle' ? <circle cx={7} cy={7} r={4.5} fill={fill} stroke={color} strokeWidth={1.5} /> : null}
      {shape === 'square' ? (
        <rect x={2.5} y={2.5} width={9} height={9} fill={fill} stroke={color} strokeWidth={1.5} />
      ) : null}
      {shape === 'triangle' ? <path d="M7 2 12 11.5H2Z" fill={fill} stroke={color} strokeWidth={1.5} /> : null}
      {shape === 'diamond' ? (
        <path d="M7 1.5 12.5 7 7 12.5 1.5 7Z" fill={fill} stroke={color} strokeWidth={1.5} />
      ) : null}
      {shape === 'cross' ? <path d="M3 3l8 8M11 3l-8 8" stroke={color} strokeWidth={2} /> : null}
      {shape === 'star' ? (
        <path
          d="M7 1.5l1.6 3.5 3.8.4-2.9 2.5.9 3.7L7 9.7l-3.4 1.9.9-3.7L1.6 5.4l3.8-.4Z"
          fill={fill}
          stroke={color}
          strokeWidth={1}
        />
      ) : null}
      {shape === 'wye' ? <path d="M7 7V12M7 7 2.5 4M7 7l4.5-3" stroke={color} strokeWidth={2} /> : null}
    </svg>
  );
}
