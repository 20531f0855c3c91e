/** Display formats of UI.md "Formats". Every helper returns '—' for a missing or non-finite value. */

const MISSING = '—';
const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** USD with no decimals: 1234.5 → "$1,235". */
export function formatUsd(value: number | null | undefined): string {
  return isNumber(value) ? usd.format(value) : MISSING;
}

const threeSignificant = new Intl.NumberFormat('en-US', { minimumSignificantDigits: 3, maximumSignificantDigits: 3 });

/** Milliseconds to three significant figures: 12.345 → "12.3 ms", 1234 → "1,230 ms". */
export function formatMs(value: number | null | undefined): string {
  return isNumber(value) ? `${threeSignificant.format(value)} ms` : MISSING;
}

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export interface TokensPerSecondOptions {
  /** Append " tok/s" (the default); table cells with the unit in the header leave it off. */
  unit?: boolean;
}

/**
 * Throughput with thousands separators: 14930.4 → "14,930 tok/s". Per-user rates are often below
 * 100, where a decimal still carries information: 42.66 → "42.7 tok/s".
 */
export function formatTokensPerSecond(
  value: number | null | undefined,
  { unit = true }: TokensPerSecondOptions = {},
): string {
  if (!isNumber(value)) return MISSING;
  const digits = Math.abs(value) < 100 ? oneDecimal.format(value) : wholeNumber.format(value);
  return unit ? `${digits} tok/s` : digits;
}

/** Plain numbers with thousands separators and at most `maximumFractionDigits` decimals. */
export function formatNumber(value: number | null | undefined, maximumFractionDigits = 0): string {
  return isNumber(value) ? new Intl.NumberFormat('en-US', { maximumFractionDigits }).format(value) : MISSING;
}

/** A count with its noun, agreeing in number: "1 trial", "1,024 trials". Every screen counts this way. */
export const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

const percentMagnitude = (percent: number) =>
  Math.abs(percent) >= 10 ? wholeNumber.format(Math.abs(percent)) : oneDecimal.format(Math.abs(percent));

/** A relative change with its sign: 0.38 → "+38 %", -0.042 → "−4.2 %". */
export function formatPercentChange(fraction: number | null | undefined): string {
  if (!isNumber(fraction)) return MISSING;
  const percent = fraction * 100;
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return `${sign}${percentMagnitude(percent)} %`;
}

/**
 * A result against the engine defaults, in words that say which way the value moved: 0.38 better
 * on a throughput → "38 % higher than the defaults", 0.07 better on a latency → "7.0 % lower than
 * the defaults". A signed percentage ("+7.0 %") reads as worse for a metric where lower wins.
 * `gain` is the fraction by which the value is better (positive) or worse (negative).
 */
export function formatChangeVsDefaults(gain: number | null | undefined, direction: 'maximize' | 'minimize'): string {
  if (!isNumber(gain)) return MISSING;
  const percent = (direction === 'maximize' ? gain : -gain) * 100;
  if (percentMagnitude(percent) === percentMagnitude(0)) return 'Same as the defaults';
  return `${percentMagnitude(percent)} % ${percent > 0 ? 'higher' : 'lower'} than the defaults`;
}

export interface HardwareLike {
  count: number;
  name: string;
}

/** Always "{count}x {name}", e.g. "8x H100". */
export function formatHardware({ count, name }: HardwareLike): string {
  return `${count}x ${name}`;
}

const toDate = (value: Date | string | number): Date => (value instanceof Date ? value : new Date(value));

const RELATIVE_STEPS: ReadonlyArray<[limitSeconds: number, unitSeconds: number, unit: string]> = [
  [60 * 60, 60, 'min'],
  [24 * 60 * 60, 60 * 60, 'h'],
  [30 * 24 * 60 * 60, 24 * 60 * 60, 'd'],
  [365 * 24 * 60 * 60, 30 * 24 * 60 * 60, 'mo'],
  [Number.POSITIVE_INFINITY, 365 * 24 * 60 * 60, 'y'],
];

/**
 * "3 h ago", "in 5 min", "just now". Pass `now` for deterministic output (stories, tests); the
 * exact time belongs in a tooltip, see formatExactTime.
 */
export function formatRelativeTime(value: Date | string | number, now: Date | number = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return MISSING;
  const deltaSeconds = (date.getTime() - toDate(now).getTime()) / 1000;
  const seconds = Math.abs(deltaSeconds);
  if (seconds < 45) return 'just now';
  for (const [limit, unitSeconds, unit] of RELATIVE_STEPS) {
    if (seconds < limit) {
      const amount = Math.max(1, Math.round(seconds / unitSeconds));
      return deltaSeconds < 0 ? `${amount} ${unit} ago` : `in ${amount} ${unit}`;
    }
  }
  return MISSING;
}

/** The exact time for a tooltip, 24-hour with the zone: "Nov 21, 2026, 14:03:05 UTC". */
export function formatExactTime(value: Date | string | number, timeZone?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return MISSING;
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    timeZone,
  }).format(date);
}
