export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV field (RFC 4180). Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR at
 * the start) gets a leading apostrophe: model names, flags and failure messages come from users.
 */
function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A header line and one line per row, CRLF-separated as RFC 4180 has it. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

export type ExportFormat = 'csv' | 'json';

export interface ExportFile {
  name: string;
  type: string;
  text: string;
}

/**
 * The file an export button hands over: `{stem}.csv` with the rows as `csv` writes them, or
 * `{stem}.json` with the rows as they are (the API's own objects).
 */
export function exportFile<Row>(
  format: ExportFormat,
  stem: string,
  rows: readonly Row[],
  csv: (rows: readonly Row[]) => string,
): ExportFile {
  return format === 'csv'
    ? { name: `${stem}.csv`, type: 'text/csv;charset=utf-8', text: csv(rows) }
    : { name: `${stem}.json`, type: 'application/json', text: `${JSON.stringify(rows, null, 2)}\n` };
}
