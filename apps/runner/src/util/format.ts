const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Milliseconds with three significant figures (the product's latency format). */
export function ms(value: number): string {
  if (value === 0) return '0';
  if (Math.abs(value) >= 1000) return int.format(value);
  return Number(value.toPrecision(3)).toString();
}

/** Throughputs with thousands separators; small rates keep two decimals. */
export function perSecond(value: number): string {
  return value >= 100 ? int.format(value) : value.toFixed(2);
}

export function pct(fraction: number): string {
  return `${(fraction * 100).toFixed(1)} %`;
}

/** Left-aligned first column, right-aligned numbers (tabular). */
export function table(header: readonly string[], rows: readonly (readonly string[])[], minWidth = 0): string {
  const widths = header.map((h, i) => Math.max(minWidth, h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [fmt(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}
