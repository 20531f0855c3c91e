/**
 * Design tokens. Colours live in CSS custom properties so that one stylesheet serves both modes
 * and portals (dialogs, toasts) rendered outside the React tree still pick them up.
 */
export type ThemeMode = 'light' | 'dark';

export interface ColorTokens {
  bg: string;
  surface: string;
  sunken: string;
  overlay: string;
  border: string;
  borderStrong: string;
  text: string;
  textMuted: string;
  textSubtle: string;
  accent: string;
  accentHover: string;
  accentFg: string;
  accentSubtle: string;
  accentText: string;
  success: string;
  successSubtle: string;
  warning: string;
  warningSubtle: string;
  danger: string;
  dangerHover: string;
  dangerFg: string;
  dangerSubtle: string;
  info: string;
  infoSubtle: string;
  neutralSubtle: string;
  focus: string;
  chart1: string;
  chart2: string;
  chart3: string;
  chart4: string;
  chart5: string;
  chart6: string;
  chartGrid: string;
}

/** Near-white surfaces with slate text; the accent is a mako blue-teal. Text pairs are ≥ 4.5:1. */
export const lightColors: ColorTokens = {
  bg: '#f6f8fa',
  surface: '#ffffff',
  sunken: '#eef2f6',
  overlay: 'rgba(13, 27, 42, 0.45)',
  border: '#dce3ea',
  borderStrong: '#b9c4d0',
  text: '#0d1b2a',
  textMuted: '#475669',
  textSubtle: '#5b6b7e',
  accent: '#0b7285',
  accentHover: '#095c6b',
  accentFg: '#ffffff',
  accentSubtle: '#e3f3f6',
  accentText: '#0a6373',
  success: '#166c3b',
  successSubtle: '#e6f4ec',
  warning: '#955a00',
  warningSubtle: '#fbf1de',
  danger: '#c0302f',
  dangerHover: '#a02524',
  dangerFg: '#ffffff',
  dangerSubtle: '#fcebea',
  info: '#2f5fb3',
  infoSubtle: '#e8eefa',
  neutralSubtle: '#edf0f4',
  focus: '#0b7285',
  chart1: '#0b7285',
  chart2: '#c2410c',
  chart3: '#6d28d9',
  chart4: '#15803d',
  chart5: '#b91c1c',
  chart6: '#a16207',
  chartGrid: '#e3e8ee',
};

/** A deep blue-grey rather than black, so long sessions stay easy on the eyes. */
export const darkColors: ColorTokens = {
  bg: '#0e1620',
  surface: '#152130',
  sunken: '#101a26',
  overlay: 'rgba(3, 8, 14, 0.65)',
  border: '#263546',
  borderStrong: '#3a4d62',
  text: '#e4ebf2',
  textMuted: '#a6b4c3',
  textSubtle: '#93a3b4',
  accent: '#3bb4c8',
  accentHover: '#5ec4d5',
  accentFg: '#051c22',
  accentSubtle: '#12313b',
  accentText: '#6cd0e0',
  success: '#56c98a',
  successSubtle: '#12301f',
  warning: '#e8b04e',
  warningSubtle: '#33280f',
  danger: '#f07a74',
  dangerHover: '#f59a95',
  dangerFg: '#1a0908',
  dangerSubtle: '#3a1a1b',
  info: '#86a9ec',
  infoSubtle: '#18263f',
  neutralSubtle: '#1d2a3a',
  focus: '#6cd0e0',
  chart1: '#3bb4c8',
  chart2: '#f59e5b',
  chart3: '#b69cf7',
  chart4: '#56c98a',
  chart5: '#f07a74',
  chart6: '#e8c15a',
  chartGrid: '#223141',
};

export const themes: Record<ThemeMode, ColorTokens> = { light: lightColors, dark: darkColors };

const kebab = (key: string) => key.replace(/[A-Z0-9]/g, (c) => `-${c.toLowerCase()}`);
const varName = (key: string) => `--mako-${kebab(key)}`;

/** Declarations for one mode, e.g. `--mako-accent: #0b7285;`. */
export function colorDeclarations(mode: ThemeMode): string {
  return Object.entries(themes[mode])
    .map(([key, value]) => `${varName(key)}: ${value};`)
    .join('\n');
}

/** `color.accent` is `var(--mako-accent)`: use these in styles so both modes share one stylesheet. */
export const color = Object.fromEntries(Object.keys(lightColors).map((key) => [key, `var(${varName(key)})`])) as {
  readonly [K in keyof ColorTokens]: string;
};

/** The 4 px grid: `space(3)` is 12px. */
export const space = (steps: number): string => `${steps * 4}px`;

export const radius = { sm: '4px', md: '6px', lg: '8px', full: '999px' } as const;

export const font = {
  sans: "'Inter', system-ui, -apple-system, 'Segoe UI', sans-serif",
  mono: "'JetBrains Mono', ui-monospace, 'SFMono-Regular', Menlo, monospace",
} as const;

export const fontSize = {
  xs: '12px',
  sm: '13px',
  md: '14px',
  lg: '16px',
  xl: '20px',
  xxl: '24px',
  display: '32px',
} as const;

export const fontWeight = { regular: 400, medium: 500, semibold: 600 } as const;

export const lineHeight = { tight: 1.25, normal: 1.5 } as const;

export const shadow = {
  /** Hairlines do most of the separating; shadows are reserved for floating layers. */
  popover: '0 8px 24px rgba(8, 18, 30, 0.18), 0 1px 2px rgba(8, 18, 30, 0.12)',
} as const;

export const motion = {
  fast: '120ms',
  base: '180ms',
  easing: 'cubic-bezier(0.2, 0, 0, 1)',
} as const;

/** Below this width the app shell hides its sidebar behind a menu button. */
export const NARROW_BREAKPOINT_PX = 768;

export const media = {
  narrow: `@media (max-width: ${NARROW_BREAKPOINT_PX - 0.02}px)`,
  wide: `@media (min-width: ${NARROW_BREAKPOINT_PX}px)`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;

export const zIndex = { sticky: 10, overlay: 40, dialog: 50, toast: 60 } as const;

/** A visible focus ring for every interactive element, in both modes. */
export const focusRing = `
  outline: 2px solid ${color.focus};
  outline-offset: 2px;
`;

/** Numbers line up in columns: monospace with tabular figures. */
export const numeric = `
  font-family: ${font.mono};
  font-variant-numeric: tabular-nums;
`;

/** Children in a column, `gap` grid steps apart: `stack(3)` spaces them 12px. */
export const stack = (gap: number): string => `
  display: flex;
  flex-direction: column;
  gap: ${space(gap)};
`;

/** Children in a row that wraps, centred on one line, `gap` grid steps apart (`columnGap` across, if given). */
export const wrappingRow = (gap: number, columnGap = gap): string => `
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(gap)} ${space(columnGap)};
`;

/** Two groups at the ends of a row, top-aligned; the second wraps below the first when they do not fit. */
export const splitRow = (gap: number): string => `
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${space(gap)};
`;

/** A list without bullets or indent, for lists laid out as rows, chips or cards. */
export const plainList = `
  margin: 0;
  padding: 0;
  list-style: none;
`;
