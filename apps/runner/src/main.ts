import manifest from '../package.json' with { type: 'json' };
import { ApiError, NetworkError, ResponseSchemaError } from './api/client.ts';
import { EXIT, UsageError } from './cli/options.ts';
import { benchCommand, runBenchCommand } from './commands/bench.ts';
import type { Context } from './commands/context.ts';
import { runSweepCommand, sweepCommand } from './commands/sweep.ts';
import { runTuneCommand, tuneCommand } from './commands/tune.ts';
import { killAllEnginesNow } from './engine/registry.ts';

const COMMANDS = {
  bench: { spec: benchCommand, run: runBenchCommand },
  tune: { spec: tuneCommand, run: runTuneCommand },
  sweep: { spec: sweepCommand, run: runSweepCommand },
} as const;

/** Imported, not read from disk at run time, so that the bundled package (scripts/build.mjs) carries it inside. */
const VERSION = manifest.version;

function topHelp(): string {
  const rows = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(8)}${c.spec.summary}`);
  return [
    'Usage: mako-runner <command> [flags]',
    '',
    'Benchmarks OpenAI-compatible serving endpoints and runs MakoOptimize tuning sessions next to your GPUs.',
    '',
    'Commands:',
    ...rows,
    '',
    "Run 'mako-runner <command> --help' for a command's flags, 'mako-runner --version' for the version.",
    '',
    "Environment: MAKO_API_URL (your server's /api/v1; no default), MAKO_TOKEN (an API token from the Tokens page),",
    '             OPENAI_BASE_URL and OPENAI_API_KEY for the serving endpoint.',
    'Exit codes: 0 success, 1 failure, 2 bad command line, 130 interrupted (Ctrl-C), 143 terminated.',
  ].join('\n');
}

/** Runs one command line; returns the exit code. Never prints a token. */
export async function main(argv: readonly string[], ctx: Context): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    ctx.stdout.write(`${topHelp()}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    ctx.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS[name as keyof typeof COMMANDS];
  try {
    if (!command)
      throw new UsageError(
        `Unknown command '${name}'. Commands: ${Object.keys(COMMANDS).join(', ')}. Run 'mako-runner --help'.`,
      );
    return await command.run(rest, ctx);
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.stderr.write(`error: ${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof ApiError) {
      const hint = error.status === 401 ? ' (check MAKO_TOKEN: an API token from the Tokens page)' : '';
      ctx.stderr.write(`error: ${error.message}${hint}\n`);
      return EXIT.failure;
    }
    if (error instanceof NetworkError || error instanceof ResponseSchemaError) {
      ctx.stderr.write(`error: ${error.message}\n`);
      return EXIT.failure;
    }
    if (ctx.signal.aborted) return ctx.interruptedExit();
    ctx.stderr.write(`error: ${(error as Error).message}\n${ctx.env.MAKO_DEBUG ? `${(error as Error).stack}\n` : ''}`);
    return EXIT.failure;
  }
}

/**
 * Process entry: the first SIGINT/SIGTERM aborts the command, which stops its engine (whole process
 * group, TERM then KILL) and exits 130/143; a second one kills every engine group at once and exits.
 */
export async function run(): Promise<void> {
  const controller = new AbortController();
  let received: NodeJS.Signals | null = null;
  const exitFor = (signal: NodeJS.Signals | null) => (signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (received) {
        killAllEnginesNow();
        process.exit(exitFor(received));
      }
      received = signal;
      process.stderr.write(`\n${signal} received: stopping (again to force)…\n`);
      controller.abort(new Error(signal));
    });
  }
  process.on('exit', killAllEnginesNow);
  const code = await main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    signal: controller.signal,
    interruptedExit: () => exitFor(received),
  });
  process.exitCode = code;
}
