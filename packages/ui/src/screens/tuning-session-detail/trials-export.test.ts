import { describe, expect, it } from 'vitest';
import { FAILED_RESULTS, LONG_RUN } from './tuning-session-detail.fixtures';
import { trialsExport, trialsToCsv } from './trials-export';

const lines = (csv: string) => csv.trimEnd().split('\r\n');

describe('trialsToCsv', () => {
  it('writes one row per trial in trial order, with a column per flag any trial set', () => {
    const trials = [...LONG_RUN.results].reverse();
    const [header, ...rows] = lines(trialsToCsv(trials));
    const columns = header!.split(',');
    expect(columns.slice(0, 6)).toEqual([
      'trial',
      'status',
      'objective_value',
      'failure_kind',
      'failure_message',
      'created_at',
    ]);
    expect(columns).toContain('ttft_ms.p99');
    const flags = new Set(LONG_RUN.results.flatMap((trial) => Object.keys(trial.config)));
    expect(columns.filter((column) => column.startsWith('param.'))).toEqual([...flags].map((flag) => `param.${flag}`));
    expect(rows).toHaveLength(LONG_RUN.results.length);
    expect(rows.map((row) => Number(row.split(',')[0]))).toEqual(
      LONG_RUN.results.map((trial) => trial.trial_number).sort((a, b) => a - b),
    );
  });

  it('keeps a failed trial: its kind and message, no metrics', () => {
    const failed = FAILED_RESULTS.find((trial) => trial.failure)!;
    const csv = trialsToCsv([failed]);
    const row = lines(csv)[1]!;
    expect(row.startsWith(`${failed.trial_number},${failed.failure!.kind},,${failed.failure!.kind},`)).toBe(true);
    // The message is one quoted field even with commas in it.
    expect(csv).toContain(
      failed.failure!.message.includes(',') ? `"${failed.failure!.message}"` : failed.failure!.message,
    );
  });

  it('hands JSON over as the API objects', () => {
    const file = trialsExport(LONG_RUN.results, 'json', 'trials');
    expect(file.name).toBe('trials.json');
    expect(JSON.parse(file.text)).toEqual(LONG_RUN.results);
  });
});
