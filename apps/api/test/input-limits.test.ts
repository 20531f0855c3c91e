import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  MAX_RUNTIME_OPTIONS,
  MAX_RUNTIME_OPTIONS_CHARS,
  MAX_TELEMETRY_SAMPLES,
  type RuntimeOptions,
} from '@mako/contract';
import { benchmark, setting, telemetry } from './fixtures.ts';
import { call, detailOf, ok, signUp, startServer, type TestServer } from './helpers.ts';

/** What the anonymous page of 30 of the largest benchmarks the limits allow may weigh (the probe saw 29.3 MB). */
const PAGE_BUDGET_BYTES = 400 * 1024;

let ts: TestServer;
beforeAll(async () => {
  ts = await startServer();
});
afterAll(async () => {
  await ts.close();
});

/** `count` flags named flag_0000… with `valueLength`-character string values. */
function flags(count: number, valueLength: number): RuntimeOptions {
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`flag_${String(i).padStart(4, '0')}`, 'v'.repeat(valueLength)]),
  );
}

/** The largest flags the limits allow: long names, long values, JSON just under the bound. */
function largestFlags(): RuntimeOptions {
  const options: RuntimeOptions = {};
  for (let i = 0; JSON.stringify({ ...options, [`f${i}`]: '' }).length < MAX_RUNTIME_OPTIONS_CHARS; i++) {
    const name = `flag_${String(i).padStart(3, '0')}_${'x'.repeat(50)}`;
    const room = MAX_RUNTIME_OPTIONS_CHARS - JSON.stringify({ ...options, [name]: '' }).length;
    if (room <= 0) break;
    options[name] = 'v'.repeat(Math.min(256, room));
  }
  return options;
}

async function anonymousFirstPageBytes(model: string): Promise<number> {
  const answer = await fetch(`${ts.baseUrl}${API_PREFIX}/benchmarks/all?model_name=${encodeURIComponent(model)}`);
  expect(answer.status).toBe(200);
  return (await answer.arrayBuffer()).byteLength;
}

describe('engine flags (runtime_options)', () => {
  it('keep the anonymous search page small whatever one account posts', async () => {
    const { token } = await signUp(ts);
    const model = 'org/flag-flood';
    const flooded = benchmark({ published: true, setting: setting({ ml_model_name: model }), runtime_options: {} });
    // The probe's benchmarks: 3,600 flags of 256 characters (a 979 KB body each).
    for (let i = 0; i < 5; i++)
      await call(ts, 'createBenchmark', { token, body: { ...flooded, runtime_options: flags(3600, 256) } });
    // And as large as the limits allow, notes included.
    const largest = largestFlags();
    for (let i = 0; i < 30; i++)
      await ok(ts, 'createBenchmark', {
        token,
        body: { ...flooded, runtime_options: largest, notes: 'n'.repeat(4000) },
      });
    const bytes = await anonymousFirstPageBytes(model);
    console.info(`anonymous first page after the flood: ${(bytes / 1024).toFixed(0)} KiB`);
    // 30 rows of at most 4 KiB of flags, 4,000 characters of notes and about 2 KB of setting and metrics.
    expect(bytes).toBeLessThan(PAGE_BUDGET_BYTES);
  });

  it('are refused with a 422 naming the field beyond the number of flags an engine has', async () => {
    const { token } = await signUp(ts);
    const answer = await call(ts, 'createBenchmark', {
      token,
      body: benchmark({ runtime_options: flags(MAX_RUNTIME_OPTIONS + 1, 1) }),
    });
    expect(answer.status).toBe(422);
    expect(detailOf(answer.body)).toEqual([
      expect.objectContaining({ loc: ['body', 'runtime_options'], msg: `At most ${MAX_RUNTIME_OPTIONS} engine flags` }),
    ]);
    // Exactly at the limit is fine, and nothing was stored for the refused one.
    await ok(ts, 'createBenchmark', { token, body: benchmark({ runtime_options: flags(MAX_RUNTIME_OPTIONS, 1) }) });
    const mine = await ok(ts, 'searchBenchmarks', { token, query: { model_name: setting().ml_model_name } });
    expect(mine.data.map((b) => Object.keys(b.runtime_options).length)).toEqual([MAX_RUNTIME_OPTIONS]);
  });

  it('are refused with a 422 naming the field beyond their size', async () => {
    const { token } = await signUp(ts);
    const answer = await call(ts, 'createBenchmark', { token, body: benchmark({ runtime_options: flags(20, 256) }) });
    expect(answer.status).toBe(422);
    expect(detailOf(answer.body)).toEqual([
      expect.objectContaining({
        loc: ['body', 'runtime_options'],
        msg: `Engine flags must take at most ${MAX_RUNTIME_OPTIONS_CHARS} characters as JSON`,
      }),
    ]);
  });
});

describe('the other open fields', () => {
  it('are bounded too, with a 422 naming the field', async () => {
    const { token } = await signUp(ts);
    const tooLongNotes = await call(ts, 'createBenchmark', { token, body: benchmark({ notes: 'n'.repeat(4001) }) });
    expect(tooLongNotes.status).toBe(422);
    expect(detailOf(tooLongNotes.body)).toEqual([expect.objectContaining({ loc: ['body', 'notes'] })]);

    const tooManySamples = await call(ts, 'createBenchmark', {
      token,
      body: benchmark({ telemetry: telemetry(MAX_TELEMETRY_SAMPLES + 1) }),
    });
    expect(tooManySamples.status).toBe(422);
    expect(detailOf(tooManySamples.body)).toEqual([expect.objectContaining({ loc: ['body', 'telemetry', 'samples'] })]);

    const longSurvey = await call(ts, 'submitSurvey', {
      body: { role: 'other', serving_engines: [], gpus_in_production: 'none', biggest_pain: 'p'.repeat(2001) },
    });
    expect(longSurvey.status).toBe(422);
    expect(detailOf(longSurvey.body)).toEqual([expect.objectContaining({ loc: ['body', 'biggest_pain'] })]);
  });
});
