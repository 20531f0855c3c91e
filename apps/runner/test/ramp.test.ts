import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rampSchedule, rampValue, slotOpenings } from '../src/bench/arrivals.ts';
import { benchArgs, emulatorForTest, runCli, runCliReport } from './helpers.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const gaps = (offsets: Float64Array) => Array.from(offsets, (t, i) => t - (i === 0 ? 0 : (offsets[i - 1] as number)));

describe('ramp-up', () => {
  it('moves the rate from start to end over the requests, linearly or geometrically', () => {
    expect(rampValue('linear', 2, 10, 0.5)).toBe(6);
    expect(rampValue('exponential', 2, 32, 0.5)).toBeCloseTo(8, 10);
    // Nearly regular gaps (burstiness 100), so the local rate is readable from a few gaps.
    const offsets = rampSchedule({
      count: 201,
      strategy: 'linear',
      startRps: 10,
      endRps: 100,
      burstiness: 100,
      seed: 1,
    });
    const g = gaps(offsets);
    // The median gap of an 11-request window is 1/rate at the window's centre, within the few % regular gamma gaps spread.
    const near = (gap: number, rate: number) => expect(Math.abs(gap * rate - 1000) / 1000).toBeLessThan(0.08);
    near(median(g.slice(0, 11)), rampValue('linear', 10, 100, 5 / 200));
    near(median(g.slice(95, 106)), 55);
    near(median(g.slice(-11)), rampValue('linear', 10, 100, 195 / 200));
    const exp = gaps(
      rampSchedule({ count: 201, strategy: 'exponential', startRps: 10, endRps: 1000, burstiness: 100, seed: 1 }),
    );
    near(median(exp.slice(95, 106)), 100);
    near(median(exp.slice(-11)), rampValue('exponential', 10, 1000, 195 / 200));
    expect(rampSchedule({ count: 50, strategy: 'linear', startRps: 1, endRps: 5, burstiness: 1, seed: 3 })).toEqual(
      rampSchedule({ count: 50, strategy: 'linear', startRps: 1, endRps: 5, burstiness: 1, seed: 3 }),
    );
  });

  it('opens concurrency slots from 1 to the cap over the duration', () => {
    expect(slotOpenings(5, 'linear', 2)).toEqual([0, 500, 1000, 1500, 2000]);
    const exp = slotOpenings(4, 'exponential', 2);
    expect(exp[0]).toBe(0);
    expect(exp[1]).toBeCloseTo(1000, 6);
    expect(exp[3]).toBeCloseTo(2000, 6);
    expect(slotOpenings(1, 'linear', 5)).toEqual([0]);
  });

  it('bench: a concurrency ramp holds the cap at 1 at first and records the ramp', async () => {
    const emulator = await emulatorForTest({ ttftMs: 5, itlMs: 1 });
    const base = benchArgs(emulator.url, { requests: 12, promptLen: 8, outputLen: 4 });
    // A ramp far longer than the run: only the first slot ever opens, so nothing runs in parallel.
    const {
      run,
      report: doc,
      output,
    } = await runCliReport<{ load: { ramp_up: unknown }; metrics: { completed: number } }>([
      ...base,
      '--max-concurrency',
      '8',
      '--ramp-up-strategy',
      'linear',
      '--ramp-up-duration',
      '600',
      '--quiet',
    ]);
    expect(run.stdout).toContain('max concurrency 8 (ramped linear from 1 over 600 s)');
    expect(emulator.stats.maxActive).toBe(1);
    expect(doc.load.ramp_up).toEqual({ strategy: 'linear', duration_s: 600 });
    expect(doc.metrics.completed).toBe(12);

    const rate = await runCli([
      ...base,
      '--ramp-up-strategy',
      'exponential',
      '--ramp-up-start-rps',
      '50',
      '--ramp-up-end-rps',
      '400',
      '--quiet',
      '--output',
      output,
    ]);
    expect(rate.code).toBe(0);
    expect(rate.stdout).toContain('rate ramped exponential from 50 to 400 req/s');
    expect(JSON.parse(readFileSync(output, 'utf8'))).toMatchObject({
      load: { ramp_up: { strategy: 'exponential', start_rps: 50, end_rps: 400 } },
      workload: { request_rate: expect.any(Number) },
    });
  }, 60_000);

  it('rejects incomplete or mixed ramp flags', async () => {
    const cases: [string[], string][] = [
      [['--ramp-up-duration', '5'], 'need --ramp-up-strategy'],
      [
        ['--ramp-up-strategy', 'linear'],
        'needs --ramp-up-start-rps and --ramp-up-end-rps (rate) or --ramp-up-duration',
      ],
      [
        ['--ramp-up-strategy', 'linear', '--ramp-up-start-rps', '1'],
        'needs both --ramp-up-start-rps and --ramp-up-end-rps',
      ],
      [['--ramp-up-strategy', 'linear', '--ramp-up-duration', '5'], 'give it with --max-concurrency N'],
      [
        [
          '--ramp-up-strategy',
          'linear',
          '--ramp-up-duration',
          '5',
          '--ramp-up-start-rps',
          '1',
          '--ramp-up-end-rps',
          '2',
        ],
        'not both',
      ],
    ];
    for (const [flags, message] of cases) {
      const run = await runCli(['bench', ...flags]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
    }
  }, 60_000);
});
