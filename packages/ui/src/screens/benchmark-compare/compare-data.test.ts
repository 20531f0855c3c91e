import type { Benchmark } from '@mako/contract';
import { describe, expect, it } from 'vitest';
import { clientLimitedBenchmark } from '@mako/fixtures';
import { llamaH100Manual, llamaH100Trials, standaloneBenchmarks } from '../benchmark-common/benchmark-common.fixtures';
import {
  benchmarkExport,
  benchmarksToCsv,
  comparableFirst,
  flagRows,
  metricRows,
  notComparable,
  workloadRows,
} from './compare-data';

const [trial1, trial2] = llamaH100Trials as [Benchmark, Benchmark];
const other = standaloneBenchmarks[0]!;

describe('setup rows', () => {
  it('marks the values that differ from the first benchmark', () => {
    const rows = workloadRows([llamaH100Manual, trial1, other]);
    const model = rows.find((row) => row.label === 'Model')!;
    expect(model.differs).toEqual([false, false, true]);
    const hardware = rows.find((row) => row.label === 'Hardware')!;
    expect(hardware.values).toEqual(['1x H100', '1x H100', '8x H100']);
    expect(hardware.differs).toEqual([false, false, true]);
  });

  it('lists every flag any benchmark set, with — where one left it at its default', () => {
    const rows = flagRows([llamaH100Manual, trial1]);
    const names = rows.map((row) => row.label);
    expect(names).toEqual([
      ...new Set([...Object.keys(llamaH100Manual.runtime_options), ...Object.keys(trial1.runtime_options)]),
    ]);
    for (const row of rows) {
      const [a, b] = row.values;
      expect(row.differs[1]).toBe(a !== b);
    }
    expect(rows.some((row) => row.values.includes('—'))).toBe(true);
  });
});

describe('metric rows', () => {
  it('gives the change against the first benchmark and whether it is good news for that metric', () => {
    const rows = metricRows([llamaH100Manual, trial2]);
    const throughput = rows.find((row) => row.metric === 'output_throughput')!;
    const base = llamaH100Manual.metrics.output_throughput;
    const value = trial2.metrics.output_throughput;
    expect(throughput.cells[0]).toEqual({ value: base, change: null, verdict: null });
    expect(throughput.cells[1]!.change).toBeCloseTo((value - base) / base, 10);
    expect(throughput.cells[1]!.verdict).toBe(value > base ? 'better' : 'worse');

    const ttft = rows.find((row) => row.metric === 'ttft_ms.p99')!;
    const lower = trial2.metrics.ttft_ms.p99 < llamaH100Manual.metrics.ttft_ms.p99;
    // A latency that went down is better, though its change is negative.
    expect(ttft.cells[1]!.verdict).toBe(lower ? 'better' : 'worse');
  });

  it('calls a change under half a percent the same', () => {
    const twin: Benchmark = {
      ...llamaH100Manual,
      id: 'twin',
      metrics: { ...llamaH100Manual.metrics, output_throughput: llamaH100Manual.metrics.output_throughput * 1.004 },
    };
    const throughput = metricRows([llamaH100Manual, twin]).find((row) => row.metric === 'output_throughput')!;
    expect(throughput.cells[1]!.verdict).toBe('same');
  });
});

describe('runs that do not measure the server', () => {
  const failing = (completed: number, failed: number): Benchmark => ({
    ...trial1,
    id: `failing-${failed}`,
    metrics: { ...trial1.metrics, completed, failed },
  });

  it('calls a client-limited run, or one where over 5 % of requests failed, not comparable', () => {
    expect(notComparable(clientLimitedBenchmark)).toEqual({
      label: 'client-limited',
      reason: 'the client could not send the load on schedule, so its figures say nothing about the server',
    });
    expect(notComparable(failing(14, 66))).toMatchObject({
      label: 'server failed',
      reason: expect.stringMatching(/^66 of 80 requests failed/),
    });
    expect(notComparable(failing(95, 5))).toBeNull();
    expect(notComparable(llamaH100Manual)).toBeNull();
    expect(notComparable(trial1)).toBeNull();
  });

  it('never makes a run that is not comparable #1 while a comparable one is there', () => {
    const failed = failing(14, 66);
    expect(comparableFirst([clientLimitedBenchmark, llamaH100Manual, failed, trial2]).map((b) => b.id)).toEqual([
      llamaH100Manual.id,
      trial2.id,
      clientLimitedBenchmark.id,
      failed.id,
    ]);
  });

  it('gives it no change and no verdict against #1, only the reason', () => {
    const rows = metricRows([llamaH100Manual, clientLimitedBenchmark, trial2]);
    let explained = 0;
    for (const row of rows) {
      const [base, limited, valid] = row.cells;
      expect(limited).toMatchObject({ change: null, verdict: null });
      expect(valid!.notComparable).toBeUndefined();
      // Where there would be a change (both values known), the cell says why there is none.
      if (base!.value !== null && limited!.value !== null) {
        expect(limited!.notComparable).toBe('client-limited');
        explained++;
      }
    }
    expect(explained).toBeGreaterThan(10);
    const throughput = rows.find((row) => row.metric === 'output_throughput')!;
    expect(throughput.cells[1]!.value).toBe(clientLimitedBenchmark.metrics.output_throughput);
    expect(throughput.cells[2]!.verdict).not.toBeNull();
  });

  it('compares nothing against a #1 that is not comparable, when no run is', () => {
    const throughput = metricRows([clientLimitedBenchmark, failing(14, 66)]).find(
      (row) => row.metric === 'output_throughput',
    )!;
    expect(throughput.cells[1]).toMatchObject({ change: null, verdict: null, notComparable: 'server failed' });
    const ttft = metricRows([clientLimitedBenchmark, trial1]).find((row) => row.metric === 'ttft_ms.p99')!;
    expect(ttft.cells[1]).toMatchObject({ change: null, verdict: null, notComparable: '#1 client-limited' });
  });
});

describe('export', () => {
  it('writes one CSV row per benchmark under a header of every column', () => {
    const csv = benchmarksToCsv([llamaH100Manual, trial1]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    const header = lines[0]!.split(',');
    expect(header.slice(0, 3)).toEqual(['id', 'created_at', 'model']);
    expect(header).toContain('ttft_ms.p99');
    expect(header.at(-1)).toBe('runtime_options');
    expect(
      lines[1]!.startsWith(
        `${llamaH100Manual.id},${llamaH100Manual.created_at},${llamaH100Manual.setting.ml_model_name},`,
      ),
    ).toBe(true);
    // The flags are one quoted JSON field, quotes doubled.
    expect(lines[1]).toContain('"{""max_num_seqs"":256');
  });

  it('quotes separators and defuses spreadsheet formulas in text', () => {
    const hostile: Benchmark = {
      ...llamaH100Manual,
      setting: { ...llamaH100Manual.setting, ml_model_name: '=HYPERLINK("http://x","a,b")' },
    };
    const row = benchmarksToCsv([hostile]).split('\r\n')[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://x"",""a,b"")"`);
  });

  it('hands over JSON as the API objects, and names the file after its format', () => {
    const file = benchmarkExport([llamaH100Manual], 'json', 'benchmarks');
    expect(file.name).toBe('benchmarks.json');
    expect(JSON.parse(file.text)).toEqual([llamaH100Manual]);
    expect(benchmarkExport([llamaH100Manual], 'csv', 'x')).toMatchObject({
      name: 'x.csv',
      type: 'text/csv;charset=utf-8',
    });
  });
});
