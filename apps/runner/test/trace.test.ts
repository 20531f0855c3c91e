import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scheduleFor } from '../src/bench/arrivals.ts';
import { buildRequests, DatasetError, type DatasetSpec } from '../src/bench/datasets.ts';
import { executeBench, type BenchPlan } from '../src/bench/execute.ts';
import { charEstimate } from '../src/bench/tokens.ts';
import { readTrace, TRACE_BLOCK_TOKENS, traceRequests } from '../src/bench/trace.ts';
import { emulatorForTest, fakeApiForTest, fakeEngineTemplate, runCli, runCliReport } from './helpers.ts';

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const writeTrace = (lines: readonly (string | object)[]) => {
  const path = join(mkdtempSync(join(tmpdir(), 'mako-trace-')), 'trace.jsonl');
  writeFileSync(path, `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`);
  return path;
};
const spec = (path: string): DatasetSpec => ({
  kind: 'trace',
  path,
  minPrompt: 0,
  maxPrompt: 1e9,
  minOutput: 1,
  maxOutput: 1e9,
  numPrefixes: 1,
  seed: 1,
});

const TRACE = [
  { timestamp: 1000, input_length: 1100, output_length: 7, hash_ids: [1, 2, 3] },
  { timestamp: 1000, input_length: 600, output_length: 3, hash_ids: [1, 4] },
  { timestamp: 1250, input_length: 1100, output_length: 5, hash_ids: [1, 2, 9] },
  { timestamp: 1040, input_length: 300, output_length: 2 },
];

describe('trace dataset', () => {
  it('replays lines in timestamp order from time 0, with blocks shared where the hash ids are', () => {
    const entries = readTrace(writeTrace(TRACE));
    expect(entries.map((e) => [e.line, e.timestampMs])).toEqual([
      [1, 0],
      [2, 0],
      [4, 40],
      [3, 250],
    ]);
    const requests = traceRequests(entries, 1, charEstimate);
    const blocks = requests.map((r) => {
      const w = words(r.prompt);
      return Array.from({ length: Math.ceil(w.length / TRACE_BLOCK_TOKENS) }, (_, k) =>
        w.slice(k * TRACE_BLOCK_TOKENS, (k + 1) * TRACE_BLOCK_TOKENS).join(' '),
      );
    });
    expect(requests.map((r) => words(r.prompt).length)).toEqual([1100, 600, 300, 1100]);
    expect(requests.map((r) => r.promptTokens)).toEqual([1100, 600, 300, 1100]);
    expect(requests.map((r) => r.outputTokens)).toEqual([7, 3, 2, 5]);
    expect(requests.map((r) => r.atMs)).toEqual([0, 0, 40, 250]);
    const [a, b, c, d] = blocks as [string[], string[], string[], string[]];
    // Id 1 opens three prompts; id 2 is shared by lines 1 and 3; ids 3, 4, 9 and unlisted blocks are unique.
    expect(b[0]).toBe(a[0]);
    expect(d[0]).toBe(a[0]);
    expect(d[1]).toBe(a[1]);
    expect(d[2]).not.toBe(a[2]);
    expect(b[1]).not.toBe(a[1]);
    expect(c[0]).not.toBe(a[0]);
    expect(new Set([...a, b[1], c[0], d[2]]).size).toBe(6);
  });

  it('gives a shorter last block as the prefix of the full block with the same id', () => {
    const requests = traceRequests(
      readTrace(
        writeTrace([
          { timestamp: 0, input_length: 512, output_length: 1, hash_ids: [5] },
          { timestamp: 1, input_length: 100, output_length: 1, hash_ids: [5] },
        ]),
      ),
      3,
      charEstimate,
    );
    expect(words(requests[0]!.prompt).slice(0, 100)).toEqual(words(requests[1]!.prompt));
  });

  it('changes every block with the seed, so warm-up requests never pre-fill the measured ones', () => {
    const entries = readTrace(writeTrace(TRACE));
    const one = traceRequests(entries, 1, charEstimate);
    const two = traceRequests(entries, 2, charEstimate);
    expect(one).toEqual(traceRequests(entries, 1, charEstimate));
    expect(words(two[0]!.prompt).slice(0, 512)).not.toEqual(words(one[0]!.prompt).slice(0, 512));
  });

  it('names the line and field of a malformed line', () => {
    const ok = { timestamp: 0, input_length: 10, output_length: 1 };
    expect(() => readTrace(writeTrace([ok, '{"timestamp": 5, "input_length": 10']))).toThrow(
      /line 2 is not valid JSON/,
    );
    expect(() => readTrace(writeTrace([ok, '', { timestamp: 5, input_length: 0, output_length: 1 }]))).toThrow(
      /line 3: input_length: .*expected \{"timestamp"/,
    );
    expect(() => readTrace(writeTrace([{ timestamp: -1, input_length: 1, output_length: 1 }]))).toThrow(
      /line 1: timestamp/,
    );
    expect(() => readTrace(writeTrace([{ ...ok, hash_ids: [1, 'x'] }]))).toThrow(/line 1: hash_ids\.1/);
    expect(() => readTrace(writeTrace(['']))).toThrow(/has no requests/);
    expect(() => buildRequests(spec('/nonexistent/trace.jsonl'), 1, charEstimate)).toThrow(DatasetError);
  });

  it('takes the first --num-requests lines and scales the timestamps by the time scale', () => {
    const requests = buildRequests(spec(writeTrace(TRACE)), 3, charEstimate);
    expect(requests.map((r) => r.outputTokens)).toEqual([7, 3, 5]);
    const load = { rate: 'inf' as const, burstiness: 1, seed: 0 };
    expect([...scheduleFor(requests, { ...load, timeScale: 0.5 })]).toEqual([0, 0, 125]);
    expect([...scheduleFor(requests, { ...load, timeScale: 3 })]).toEqual([0, 0, 750]);
  });

  it('sends each line as one request with its max_tokens, in schedule order, and records the trace rate', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1 });
    const plan: BenchPlan = {
      endpoint: {
        baseUrl: emulator.url,
        type: 'completions',
        model: 'mako/emulated-model',
        ignoreEos: false,
        timeoutMs: 10_000,
      },
      dataset: spec(writeTrace(TRACE)),
      numRequests: 100,
      warmup: 0,
      load: { rate: 'inf', burstiness: 1, maxConcurrency: null, seed: 1, timeScale: 0.2 },
      maxSeq: 1e9,
      slo: null,
      counter: charEstimate,
    };
    const outcome = await executeBench(plan);
    expect(outcome.summary.metrics.completed).toBe(4);
    expect(outcome.summary.metrics.total_output_tokens).toBe(7 + 3 + 2 + 5);
    const starts = outcome.run.outcomes.map((o) => o.startMs);
    expect([...starts].sort((x, y) => x - y)).toEqual(starts);
    const sent = emulator.stats.bodies.map((b) => [words(String(b.prompt)).length, b.max_tokens]);
    expect(sent.sort((x, y) => (x[0] as number) - (y[0] as number) || (x[1] as number) - (y[1] as number))).toEqual([
      [300, 2],
      [600, 3],
      [1100, 5],
      [1100, 7],
    ]);
    // 4 requests over 250 ms × 0.2 = 50 ms.
    expect(outcome.workload).toMatchObject({ dataset: 'trace', num_requests: 4, request_rate: 80 });
  });

  it('bench --dataset trace from the command line, with --time-scale in the JSON', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1 });
    const output = join(mkdtempSync(join(tmpdir(), 'mako-trace-')), 'out.json');
    const args = ['bench', '--base-url', emulator.url, '--dataset', 'trace', '--quiet', '--output', output];
    const run = await runCli([...args, '--dataset-path', writeTrace(TRACE), '--time-scale', '0.1']);
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('trace timestamps × 0.1');
    const doc = JSON.parse(readFileSync(output, 'utf8')) as {
      load: { time_scale: number };
      metrics: { completed: number };
    };
    expect(doc.load.time_scale).toBe(0.1);
    expect(doc.metrics.completed).toBe(4);
    const bad = await runCli([...args, '--dataset-path', writeTrace([TRACE[0]!, '[1, 2]'])]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/line 2: the line: /);
    const noFile = await runCli(['bench', '--dataset', 'trace', '--base-url', emulator.url]);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('--dataset trace needs --dataset-path FILE');
    const lengths = await runCli([...args, '--dataset-path', 'x.jsonl', '--prompt-len', '5']);
    expect(lengths.code).toBe(2);
    expect(lengths.stderr).toContain('--prompt-len does not apply to --dataset trace');
  }, 60_000);

  it('sweep --over rate --dataset trace: each level replays the whole trace, the level its speed-up', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1 });
    const { run, report } = await runCliReport<{
      best: number;
      steps: { level: number; passed: boolean; metrics: { completed: number } }[];
    }>([
      'sweep',
      '--base-url',
      emulator.url,
      '--dataset',
      'trace',
      '--dataset-path',
      writeTrace(TRACE),
      '--time-scale',
      '0.2',
      '--over',
      'rate',
      '--start',
      '1',
      '--max',
      '4',
      '--slo',
      'e2el_ms=5000',
      '--quiet',
    ]);
    expect(report.steps.map((s) => [s.level, s.passed, s.metrics.completed])).toEqual([
      [1, true, 4],
      [2, true, 4],
      [4, true, 4],
    ]);
    expect(report.best).toBe(4);
    expect(run.stdout).toContain('Highest trace speed-up meeting the SLO: 4×');
  }, 60_000);

  it('tune: a trace session replays --dataset-path at --time-scale and posts its metrics', async () => {
    const token = 'mako_TestToken0123456789abcdefghijklmnop';
    const api = await fakeApiForTest({
      token,
      configs: [{ max_num_seqs: 8 }],
      workload: { dataset: 'trace', max_concurrency: null },
    });
    const base = [
      'tune',
      '--session',
      api.sessionId,
      '--health-interval',
      '0.1',
      '--warmup',
      '0',
      '--stop-timeout',
      '5',
    ];
    const env = { MAKO_TOKEN: token, MAKO_API_URL: api.url };
    const run = await runCli(
      [
        ...base,
        '--engine-cmd',
        fakeEngineTemplate('--ttft-ms 2 --itl-ms 1'),
        '--dataset-path',
        // All due at once: a schedule the client could miss on a loaded machine would leave the trial unposted.
        writeTrace(TRACE.map((line) => ({ ...line, timestamp: 0 }))),
        '--time-scale',
        '0.1',
      ],
      env,
      120_000,
    );
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    expect(api.results).toHaveLength(1);
    expect(api.results[0]!.metrics).toMatchObject({ completed: 4, total_output_tokens: 7 + 3 + 2 + 5 });
  }, 150_000);
});
