import { describe, expect, it } from 'vitest';
import {
  formatChangeVsDefaults,
  formatExactTime,
  formatHardware,
  formatMs,
  formatNumber,
  formatPercentChange,
  formatRelativeTime,
  formatTokensPerSecond,
  formatUsd,
  plural,
} from './format';

describe('formatUsd', () => {
  it('shows whole dollars with separators', () => {
    expect(formatUsd(1234.56)).toBe('$1,235');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(-49.5)).toBe('-$50');
  });
  it('shows a dash for missing values', () => {
    expect(formatUsd(null)).toBe('—');
    expect(formatUsd(Number.NaN)).toBe('—');
  });
});

describe('formatMs', () => {
  it('keeps three significant figures', () => {
    expect(formatMs(12.345)).toBe('12.3 ms');
    expect(formatMs(1234)).toBe('1,230 ms');
    expect(formatMs(0.12345)).toBe('0.123 ms');
    expect(formatMs(200)).toBe('200 ms');
    expect(formatMs(12)).toBe('12.0 ms');
  });
  it('shows a dash for missing values', () => {
    expect(formatMs(undefined)).toBe('—');
  });
});

describe('formatTokensPerSecond', () => {
  it('groups thousands', () => {
    expect(formatTokensPerSecond(14930.4)).toBe('14,930 tok/s');
    expect(formatTokensPerSecond(1250000)).toBe('1,250,000 tok/s');
  });
  it('keeps one decimal below 100 tok/s', () => {
    expect(formatTokensPerSecond(42.66)).toBe('42.7 tok/s');
  });
  it('can leave the unit off', () => {
    expect(formatTokensPerSecond(14930.4, { unit: false })).toBe('14,930');
  });
});

describe('formatNumber and formatPercentChange', () => {
  it('formats plain numbers', () => {
    expect(formatNumber(5000)).toBe('5,000');
    expect(formatNumber(3.14159, 2)).toBe('3.14');
  });
  it('signs relative changes', () => {
    expect(formatPercentChange(0.38)).toBe('+38 %');
    expect(formatPercentChange(-0.042)).toBe('−4.2 %');
    expect(formatPercentChange(0)).toBe('±0.0 %');
  });
});

describe('plural', () => {
  it('agrees the noun with the count, zero included', () => {
    expect(plural(1, 'trial', 'trials')).toBe('1 trial');
    expect(plural(0, 'trial', 'trials')).toBe('0 trials');
    expect(plural(1024, 'feasible trial', 'feasible trials')).toBe('1,024 feasible trials');
  });
});

describe('formatChangeVsDefaults', () => {
  it('says which way the value moved, whichever direction wins', () => {
    expect(formatChangeVsDefaults(0.38, 'maximize')).toBe('38 % higher than the defaults');
    expect(formatChangeVsDefaults(-0.042, 'maximize')).toBe('4.2 % lower than the defaults');
    // p99 TTFT 160 ms against 172 ms for the defaults: better, and lower.
    expect(formatChangeVsDefaults((172 - 160) / 172, 'minimize')).toBe('7.0 % lower than the defaults');
    expect(formatChangeVsDefaults(-0.12, 'minimize')).toBe('12 % higher than the defaults');
  });
  it('calls a change that rounds to nothing the same', () => {
    expect(formatChangeVsDefaults(0, 'minimize')).toBe('Same as the defaults');
    expect(formatChangeVsDefaults(0.0004, 'maximize')).toBe('Same as the defaults');
    expect(formatChangeVsDefaults(null, 'maximize')).toBe('—');
  });
});

describe('formatHardware', () => {
  it('is always {count}x {name}', () => {
    expect(formatHardware({ count: 8, name: 'H100' })).toBe('8x H100');
    expect(formatHardware({ count: 1, name: 'L4' })).toBe('1x L4');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('describes the past', () => {
    expect(formatRelativeTime('2026-11-21T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-11-21T11:55:00Z', now)).toBe('5 min ago');
    expect(formatRelativeTime('2026-11-21T09:00:00Z', now)).toBe('3 h ago');
    expect(formatRelativeTime('2026-11-18T12:00:00Z', now)).toBe('3 d ago');
    expect(formatRelativeTime('2026-08-21T12:00:00Z', now)).toBe('3 mo ago');
    expect(formatRelativeTime('2024-11-21T12:00:00Z', now)).toBe('2 y ago');
  });
  it('describes the future', () => {
    expect(formatRelativeTime('2026-11-21T12:10:00Z', now)).toBe('in 10 min');
  });
  it('gives the exact time for the tooltip', () => {
    expect(formatExactTime('2026-11-21T14:03:05Z', 'UTC')).toBe('Nov 21, 2026, 14:03:05 UTC');
  });
  it('shows a dash for an unparsable date', () => {
    expect(formatRelativeTime('not a date', now)).toBe('—');
    expect(formatExactTime('not a date')).toBe('—');
  });
});
