import type { Benchmark } from '@mako/contract';
import { describe, expect, it } from 'vitest';
import { llamaH100Manual, llamaH100Trials, standaloneBenchmarks } from '../benchmark-common/benchmark-common.fixtures';
import { benchmarkExport, benchmarksToCsv, flagRows, metricRows, workloadRows } from './compare-data';

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
