import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SaturationWatch, growingTrend, spearman } from '../src/sweep/saturation.ts';
import { emulatorForTest, runCli, runCliReport } from './helpers.ts';

const ttftTest = { windowS: 2, minSamples: 20, minRise: 50 };

describe('the saturation test', () => {
  it('finds a TTFT that keeps growing, and not a flat one, a lone spike or a short run', () => {
    const growing = Array.from({ length: 60 }, (_, i) => [i * 0.1, 20 + i * 15 + (i % 3) * 10] as const);
    expect(growingTrend(growing, ttftTest)).toMatchObject({ samples: 60 });
    expect(growingTrend(growing, ttftTest)!.rank_correlation).toBeGreaterThan(0.95);

    const flat = Array.from({ length: 60 }, (_, i) => [i * 0.1, 20 + ((i * 7) % 11)] as const);
    expect(growingTrend(flat, ttftTest)).toBeNull();
    // One slow request at the end moves no median and barely the rank correlation.
    const spike = [...flat.slice(0, 59), [5.9, 5000] as const];
    expect(growingTrend(spike, ttftTest)).toBeNull();
    // Growing, but only for a second: not yet the window.
    expect(growingTrend(growing.slice(0, 10), { ...ttftTest, minSamples: 5 })).toBeNull();
    // A rise of a few ms doubles nothing that matters: below the absolute rise.
    const tiny = Array.from({ length: 60 }, (_, i) => [i * 0.1, 1 + i * 0.5] as const);
    expect(growingTrend(tiny, ttftTest)).toBeNull();
  });

  it('ranks ties as equals, so a constant series correlates with nothing', () => {
    expect(spearman([1, 2, 3, 4], [5, 5, 5, 5])).toBe(0);
    expect(spearman([1, 2, 3, 4], [1, 3, 2, 4])).toBeCloseTo(0.8, 6);
  });

  it('reads a growing waiting queue from the telemetry when TTFT says nothing', () => {
    const watch = new SaturationWatch(2);
    const queue: [number, number][] = [0, 1, 2, 3, 4].map((t) => [t, t * 10]);
    expect(watch.check(4, { 'vllm:num_requests_waiting': queue })).toMatchObject({ signal: 'queue', last_median: 40 });
    const steady = new SaturationWatch(2);
    expect(steady.check(4, { 'vllm:num_requests_waiting': queue.map(([t]) => [t, 3]) })).toBeNull();
  });
});

/** A rate sweep of one level against an engine that serves one request at a time (≈ 50 req/s at most). */
const oneLevel = (url: string, rate: number, requests: number) => [
  'sweep',
  '--base-url',
  url,
  '--over',
  'rate',
  '--start',
  String(rate),
  '--max',
  String(rate),
  '--num-requests',
  String(requests),
  '--warmup',
  '0',
  '--prompt-len',
  '8',
  '--output-len',
  '5',
  '--slo',
  'e2el_ms=60000',
  '--saturation-window',
  '0.5',
  '--quiet',
];

type Step = {
  level: number;
  passed: boolean;
  saturated: boolean;
  saturation: { signal: string; first_median: number; last_median: number } | null;
  metrics: { completed: number };
};

describe('sweep levels against a loopback engine', () => {
  it('stops a level whose TTFT keeps growing, marks it saturated with its evidence and fails it', async () => {
    const emulator = await emulatorForTest({ ttftMs: 8, itlMs: 2, maxConcurrency: 1 });
    const out = join(mkdtempSync(join(tmpdir(), 'mako-sat-')), 'out.json');
    const run = await runCli([...oneLevel(emulator.url, 150, 600), '--output', out]);
    // Exit 1: the only level failed, so nothing met the SLO.
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('SATURATED');
    expect(run.stderr).toMatch(/saturated, TTFT kept growing \([\d.]+ ms → [\d.]+ ms/);
    // Stopped early: far fewer than the level's 600 requests ever reached the engine.
    expect(emulator.stats.requests).toBeLessThan(400);
    const level = (JSON.parse(readFileSync(out, 'utf8')) as { steps: Step[] }).steps[0]!;
    expect(level).toMatchObject({ saturated: true, passed: false });
    expect(level.saturation?.signal).toBe('ttft');
    expect(level.saturation!.last_median).toBeGreaterThan(2 * level.saturation!.first_median);
    // Its figures cover the requests it sent, not the 600 it never sent.
    expect(level.metrics.completed).toBe(emulator.stats.requests);
  }, 60_000);

  it('leaves a level the engine keeps up with alone', async () => {
    const emulator = await emulatorForTest({ ttftMs: 8, itlMs: 2, maxConcurrency: 1 });
    const { report } = await runCliReport<{ steps: Step[] }>(oneLevel(emulator.url, 10, 40));
    expect(report.steps[0]).toMatchObject({ saturated: false, saturation: null, passed: true });
    expect(report.steps[0]!.metrics.completed).toBe(40);
  }, 60_000);
});
