/**
 * The emulator as a stand-alone fake engine, for the tune tests and the arrival benchmark:
 *   node --import tsx test/emulator-cli.ts --port 8123 --model m --ttft-ms 20 --itl-ms 2 {engine flags}
 * Engine flags it does not know are ignored, as the tuner passes the whole configuration. It acts on:
 *   --max-num-seqs N            requests decoded at once (the rest queue)
 *   --reasoning-tokens N        chat: the first N tokens stream as delta.reasoning
 *   --gpu-memory-utilization X  with --oom-above Y: X > Y fails at startup with a CUDA OOM traceback
 *   --fail-startup oom|crash|hang, --startup-ms N, --no-usage, --fail-every N, --drop-every N
 *   --crash-cause TEXT          with --fail-startup crash: logs "ValueError: TEXT" before vLLM's wrapper line
 *   --crash-above N             --fail-startup crash only when --max-num-seqs is above N (a configuration's fault,
 *                               so the engine's defaults start)
 *   --spawn-worker              forks a child (like a tensor-parallel worker) in the same process group
 *   --pid-file FILE             appends this process's pid (and the worker's) to FILE
 *   --ignore-sigterm            survives SIGTERM, so only SIGKILL stops it
 *   --stats-file FILE           on SIGTERM appends one JSON line of what it saw (generation requests, prefix-cache
 *                               resets), as a tune trial's engine is gone before the test could ask it
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { startEmulator } from './emulator.ts';

function parse(argv: string[]): Map<string, string | true> {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (i + 1 < argv.length && !(argv[i + 1] as string).startsWith('--'))
      flags.set(arg.slice(2), argv[++i] as string);
    else flags.set(arg.slice(2), true);
  }
  return flags;
}

const flags = parse(process.argv.slice(2));
const num = (name: string): number | undefined => {
  const v = flags.get(name);
  return typeof v === 'string' ? Number(v) : undefined;
};
const log = (line: string) => process.stdout.write(`INFO ${new Date().toISOString()} ${line}\n`);

const pidFile = flags.get('pid-file');
if (typeof pidFile === 'string') appendFileSync(pidFile, `${process.pid}\n`);
if (flags.has('spawn-worker')) {
  const worker = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  if (typeof pidFile === 'string' && worker.pid) appendFileSync(pidFile, `${worker.pid}\n`);
}
if (flags.has('ignore-sigterm')) process.on('SIGTERM', () => log('SIGTERM ignored'));

log(`fake engine args: ${process.argv.slice(2).join(' ')}`);
const startupMs = num('startup-ms') ?? 0;
const failure = flags.get('fail-startup');
const memory = num('gpu-memory-utilization');
const oomAbove = num('oom-above');

await new Promise((resolve) => setTimeout(resolve, startupMs));

if (failure === 'oom' || (memory !== undefined && oomAbove !== undefined && memory > oomAbove)) {
  process.stderr.write(
    [
      'ERROR [core.py:700] EngineCore failed to start.',
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3/site-packages/vllm/worker/gpu_worker.py", line 230, in determine_available_memory',
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.50 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.21 GiB is free.',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
const crashAbove = num('crash-above');
const configCrash = crashAbove === undefined || (num('max-num-seqs') ?? 0) > crashAbove;
if (failure === 'crash' && configCrash) {
  const cause = flags.get('crash-cause');
  // vLLM's shape: the cause, then a wrapper that points back at it as the last line.
  if (typeof cause === 'string')
    process.stderr.write(
      [
        'ERROR [core.py:700] EngineCore failed to start.',
        'Traceback (most recent call last):',
        '  File "/usr/lib/python3/site-packages/vllm/engine/arg_utils.py", line 1210, in create_engine_config',
        `ValueError: ${cause}`,
        '',
      ].join('\n'),
    );
  process.stderr.write('RuntimeError: Engine core initialization failed. See root cause above.\n');
  process.exit(3);
}
if (failure === 'hang') {
  log('loading weights…');
  setInterval(() => {}, 1000);
} else {
  const emulator = await startEmulator({
    port: num('port') ?? 8000,
    host: typeof flags.get('host') === 'string' ? (flags.get('host') as string) : '127.0.0.1',
    ...(typeof flags.get('model') === 'string' ? { model: flags.get('model') as string } : {}),
    ...(num('ttft-ms') !== undefined ? { ttftMs: num('ttft-ms') } : {}),
    ...(num('itl-ms') !== undefined ? { itlMs: num('itl-ms') } : {}),
    ...(num('tokens-per-chunk') !== undefined ? { tokensPerChunk: num('tokens-per-chunk') } : {}),
    ...(num('reasoning-tokens') !== undefined ? { reasoningTokens: num('reasoning-tokens') } : {}),
    ...(num('max-num-seqs') !== undefined ? { maxConcurrency: num('max-num-seqs') } : {}),
    ...(num('fail-every') !== undefined ? { failEvery: num('fail-every') } : {}),
    ...(num('drop-every') !== undefined ? { dropEvery: num('drop-every') } : {}),
    ...(flags.has('no-usage') ? { usage: false } : {}),
  });
  log(`Uvicorn running on ${emulator.url} (Press CTRL+C to quit)`);
  if (!flags.has('ignore-sigterm'))
    process.on('SIGTERM', () => {
      log('Shutting down');
      const statsFile = flags.get('stats-file');
      if (typeof statsFile === 'string')
        appendFileSync(
          statsFile,
          `${JSON.stringify({ requests: emulator.stats.requests, cacheResets: emulator.stats.cacheResets })}\n`,
        );
      void emulator.close().then(() => process.exit(0));
    });
}
