import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, onTestFinished } from 'vitest';
import { shellQuote } from '@mako/contract';
import type { BenchPlan } from '../src/bench/execute.ts';
import { charEstimate } from '../src/bench/tokens.ts';
import { startEmulator, type Emulator, type EmulatorOptions } from './emulator.ts';
import { startFakeApi, type FakeApi, type FakeApiOptions } from './fake-api.ts';

export const RUNNER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_DIR = join(RUNNER_DIR, '..', '..');
export const EMULATOR_CLI = join(RUNNER_DIR, 'test', 'emulator-cli.ts');
export const RUNNER_BIN = join(RUNNER_DIR, 'bin', 'mako-runner.js');
/** tsx's loader by absolute path, so the fake engine starts from any working directory. */
export const TSX_IMPORT = join(RUNNER_DIR, 'node_modules', 'tsx', 'dist', 'loader.mjs');

/**
 * `tune` on a session with the fake engine (started with `engineFlags`) as the engine: health checked
 * every 0.1 s and 5 s to stop, so that a test's trials stay short.
 */
export const tuneArgs = (sessionId: string, engineFlags: string) => [
  'tune',
  '--session',
  sessionId,
  '--engine-cmd',
  fakeEngineTemplate(engineFlags),
  '--health-interval',
  '0.1',
  '--stop-timeout',
  '5',
];

/** `bench` against an endpoint with random prompts of fixed lengths: where most CLI tests start. */
export const benchArgs = (url: string, run: { requests: number; promptLen: number; outputLen: number }) => [
  'bench',
  '--base-url',
  url,
  '--num-requests',
  String(run.requests),
  '--prompt-len',
  String(run.promptLen),
  '--output-len',
  String(run.outputLen),
];

/** A small `sweep` over concurrency (levels 1, 2, 4; 8 requests each, 8-token prompts, 4-token answers, a lax SLO). */
export const sweepArgs = (url: string) => [
  'sweep',
  '--base-url',
  url,
  '--over',
  'concurrency',
  '--start',
  '1',
  '--max',
  '4',
  '--num-requests',
  '8',
  '--prompt-len',
  '8',
  '--output-len',
  '4',
  '--slo',
  'e2el_ms=60000',
];

/** An engine command template that starts the emulator as a fake engine. */
export function fakeEngineTemplate(extra = ''): string {
  const loader = existsSync(TSX_IMPORT) ? TSX_IMPORT : 'tsx';
  return `${shellQuote(process.execPath)} --import ${shellQuote(loader)} ${shellQuote(EMULATOR_CLI)} --port {port} --host {host} --model {model} ${extra} {flags}`;
}

/** A quick run of 12 requests all at once against `url`, the emulator's model; change what a test is about. */
export const emulatorBenchPlan = (url: string, overrides: Partial<BenchPlan> = {}): BenchPlan => ({
  endpoint: { baseUrl: url, type: 'completions', model: 'mako/emulated-model', ignoreEos: false, timeoutMs: 10_000 },
  dataset: { kind: 'random', minPrompt: 20, maxPrompt: 40, minOutput: 10, maxOutput: 10, numPrefixes: 1, seed: 5 },
  numRequests: 12,
  warmup: 0,
  load: { rate: 'inf', burstiness: 1, maxConcurrency: null, seed: 5 },
  maxSeq: 1e9,
  slo: null,
  counter: charEstimate,
  ...overrides,
});

/** An emulated engine for the running test; it closes when the test ends, however it ends. */
export async function emulatorForTest(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await startEmulator(options);
  onTestFinished(() => emulator.close());
  return emulator;
}

/** A fake Mako API for the running test; it closes when the test ends, however it ends. */
export async function fakeApiForTest(options: FakeApiOptions): Promise<FakeApi> {
  const api = await startFakeApi(options);
  onTestFinished(() => api.close());
  return api;
}

export function pidAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs bin/mako-runner.js as a real process. */
export function startCli(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [RUNNER_BIN, ...args], {
    cwd: RUNNER_DIR,
    env: { ...process.env, MAKO_TOKEN: '', OPENAI_BASE_URL: '', OPENAI_API_KEY: '', MAKO_API_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out.stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (out.stderr += c));
  const done = new Promise<CliRun>((resolve) => child.once('close', (code) => resolve({ code, ...out })));
  return { child, out, done };
}

export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<CliRun> {
  const { child, done } = startCli(args, env);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return done.finally(() => clearTimeout(timer));
}

/**
 * Runs the CLI with `--output` to a fresh file, expects it to succeed without an error on stderr,
 * and returns the run with the JSON report it wrote.
 */
export async function runCliReport<Report>(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ run: CliRun; report: Report; output: string }> {
  const output = join(mkdtempSync(join(tmpdir(), 'mako-report-')), 'out.json');
  const run = await runCli([...args, '--output', output], env);
  expect(run.stderr).not.toMatch(/error/);
  expect(run.code).toBe(0);
  return { run, report: JSON.parse(readFileSync(output, 'utf8')) as Report, output };
}

/** A WordPiece tokenizer that spells words letter by letter: 3 tokens per three-letter word. */
export function letterTokenizerDir(): string {
  const vocab: Record<string, number> = { '[UNK]': 0 };
  for (const l of 'abcdefghijklmnopqrstuvwxyz') {
    vocab[l] = Object.keys(vocab).length;
    vocab[`##${l}`] = Object.keys(vocab).length;
  }
  const dir = mkdtempSync(join(tmpdir(), 'mako-tok-'));
  writeFileSync(
    join(dir, 'tokenizer.json'),
    JSON.stringify({
      version: '1.0',
      truncation: null,
      padding: null,
      added_tokens: [],
      normalizer: null,
      pre_tokenizer: { type: 'Whitespace' },
      post_processor: null,
      decoder: null,
      model: {
        type: 'WordPiece',
        vocab,
        unk_token: '[UNK]',
        continuing_subword_prefix: '##',
        max_input_chars_per_word: 100,
      },
    }),
  );
  return dir;
}

/** What the fake nvidia-smi prints for `--query-gpu=name`: two H100s. */
export const TWO_H100_NAMES = 'NVIDIA H100 80GB HBM3\\nNVIDIA H100 80GB HBM3\\n';

/**
 * A directory with an nvidia-smi to put first on PATH: it prints the given text (printf's escapes)
 * for the first `--query-gpu=<fields>` the command line matches, in the given order, and fails
 * for anything else.
 */
export function fakeNvidiaSmi(answers: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'mako-smi-'));
  const script = join(dir, 'nvidia-smi');
  const cases = Object.entries(answers).map(([fields, text]) => `  *--query-gpu=${fields}*) printf '${text}' ;;\n`);
  writeFileSync(script, `#!/bin/sh\ncase "$*" in\n${cases.join('')}  *) exit 1 ;;\nesac\n`);
  chmodSync(script, 0o755);
  return dir;
}
