import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as wait } from 'node:timers/promises';
import { renderFlags, shellQuote, type Failure, type Runtime, type RuntimeOptions } from '@mako/contract';
import { trackGroup, untrackGroup } from './registry.ts';

export class EngineTemplateError extends Error {}

/**
 * Fills a launch template: {model} (shell-quoted), {flags} (the configuration rendered as the
 * engine's CLI flags), {port} and {host}. Without a {port} placeholder `--host H --port P` is
 * appended to the flags, which vLLM, SGLang and trtllm-serve all accept.
 */
export function renderEngineCommand(
  template: string,
  options: { runtime: Runtime; model: string; config: RuntimeOptions; port: number; host: string },
): string {
  if (!template.includes('{flags}'))
    throw new EngineTemplateError(`The engine command template must contain {flags} (got: ${template})`);
  let flags = renderFlags(options.runtime, options.config).join(' ');
  if (!template.includes('{port}')) flags = `${flags} --host ${shellQuote(options.host)} --port ${options.port}`.trim();
  return template
    .replaceAll('{model}', shellQuote(options.model))
    .replaceAll('{flags}', flags)
    .replaceAll('{port}', String(options.port))
    .replaceAll('{host}', shellQuote(options.host))
    .trim();
}

/** A TCP port nobody listens on right now. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port')),
      );
    });
  });
}

/**
 * Whether any live (non-zombie) process is left in a process group. /proc tells zombies apart,
 * which kill(-pgid, 0) does not: an unreaped zombie would otherwise look like a live engine.
 */
export function groupAlive(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') return true;
  }
  return false;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const LOG_TAIL_BYTES = 256 * 1024;

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', finish);
      resolve();
    }
    signal?.addEventListener('abort', finish, { once: true });
  });
}

export type HealthResult = 'healthy' | 'exited' | 'timeout' | 'aborted';

/**
 * A serving engine started from a command line, in its own process group so that it, its shell and
 * every worker it forks can be signalled together and none survives the runner.
 */
export class Engine {
  readonly pgid: number;
  readonly exited: Promise<ExitInfo>;
  #exit: ExitInfo | null = null;
  #log = '';
  #stoppedByUs = false;
  readonly #file: WriteStream | null;
  readonly #child: ChildProcess;

  private constructor(child: ChildProcess, file: WriteStream | null) {
    this.#child = child;
    this.#file = file;
    if (child.pid === undefined) throw new Error('The engine command could not be started');
    this.pgid = child.pid;
    trackGroup(this.pgid);
    const append = (chunk: Buffer) => {
      this.#log += chunk.toString('utf8');
      if (this.#log.length > LOG_TAIL_BYTES) this.#log = this.#log.slice(-LOG_TAIL_BYTES / 2);
      file?.write(chunk);
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.#exit = { code, signal };
        resolve(this.#exit);
      });
    });
  }

  static start(command: string, options: { env: NodeJS.ProcessEnv; logFile?: string | undefined }): Engine {
    const file = options.logFile ? createWriteStream(options.logFile) : null;
    file?.write(`$ ${command}\n`);
    const child = spawn('/bin/sh', ['-c', command], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env,
    });
    return new Engine(child, file);
  }

  get exitInfo(): ExitInfo | null {
    return this.#exit;
  }

  get stoppedByUs(): boolean {
    return this.#stoppedByUs;
  }

  /** The last part of the engine's stdout and stderr. */
  get logs(): string {
    return this.#log;
  }

  /**
   * Polls GET /health (vLLM, SGLang and trtllm-serve have it), falling back to /v1/models for
   * servers without it, until the engine answers 200, exits, the timeout passes or the signal fires.
   */
  async waitHealthy(baseUrl: string, timeoutMs: number, signal: AbortSignal, pollMs = 1000): Promise<HealthResult> {
    const deadline = Date.now() + timeoutMs;
    let path = '/health';
    while (!signal.aborted) {
      if (this.#exit) return 'exited';
      try {
        const res = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.any([signal, AbortSignal.timeout(5000)]) });
        await res.body?.cancel();
        if (res.ok) return 'healthy';
        if (res.status === 404 && path === '/health') path = '/v1/models';
      } catch {
        // Not listening yet.
      }
      if (this.#exit) return 'exited';
      if (Date.now() >= deadline) return 'timeout';
      await Promise.race([delay(Math.min(pollMs, Math.max(0, deadline - Date.now())), signal), this.exited]);
    }
    return 'aborted';
  }

  /**
   * SIGTERM to the whole group, then SIGKILL to whatever is left after the grace period. Resolves
   * once no live process of the group remains (or after a last bounded wait).
   */
  async stop(graceMs: number): Promise<void> {
    this.#stoppedByUs = true;
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-this.pgid, signal);
      } catch {
        // The group is already gone.
      }
    };
    const waitGone = async (ms: number) => {
      const until = Date.now() + ms;
      while (groupAlive(this.pgid) && Date.now() < until) await delay(50);
      return !groupAlive(this.pgid);
    };
    if (groupAlive(this.pgid)) {
      signalGroup('SIGTERM');
      if (!(await waitGone(graceMs))) {
        signalGroup('SIGKILL');
        await waitGone(5000);
      }
    }
    // Unreferenced: a timer left over from this race must not hold the process open.
    await Promise.race([this.exited, wait(1000, undefined, { ref: false })]);
    untrackGroup(this.pgid);
    this.#child.stdout?.destroy();
    this.#child.stderr?.destroy();
    await new Promise<void>((resolve) => (this.#file ? this.#file.end(resolve) : resolve()));
  }
}

const OOM_PATTERNS = [
  /torch\.(?:cuda\.)?OutOfMemoryError[^\n]*/,
  /CUDA out of memory[^\n]*/i,
  /HIP out of memory[^\n]*/i,
  /CUDA error: out of memory[^\n]*/i,
  /No available memory for the cache blocks[^\n]*/,
  /Not enough memory[^\n]*KV cache[^\n]*/i,
  /insufficient[^\n]*KV cache[^\n]*/i,
  /[^\n]*larger than the maximum number of tokens that can be stored in KV cache[^\n]*/,
  /RuntimeError: [^\n]*out of memory[^\n]*/i,
];

const INVALID_PATTERNS = [
  /error: unrecognized arguments[^\n]*/,
  /error: argument [^\n]*/,
  /error: the following arguments are required[^\n]*/,
];

function tail(text: string, lines: number, chars: number): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n').slice(-chars);
}

/** Lines that say something failed, as engines (vLLM, SGLang, Python) print them. */
const ERROR_LINE =
  /\b(?:\w*error|\w*exception|failed|failure|fatal|abort(?:ed)?|assert\w*|must|needs?|invalid|not supported|unsupported|cannot|can't)\b/i;
/** Wrappers that point elsewhere for the cause: never the headline. */
const WRAPPER_LINE =
  /see root cause above|^traceback \(most recent call last\)|^\s*file "|enginecore failed to start|^\s*raise /i;

/**
 * The engine's last error lines, oldest first (at most `count`): what a user needs to see about
 * why it exited, e.g. "ValueError: fp8 KV cache needs block_size >= 16", without the stack frames
 * and the "see root cause above" wrappers that engines print after the cause.
 */
export function lastErrorLines(logs: string, count = 3): string[] {
  const found: string[] = [];
  const lines = logs.split('\n');
  for (let i = lines.length - 1; i >= 0 && found.length < count; i--) {
    const line = (lines[i] as string).trim();
    if (!line || WRAPPER_LINE.test(line) || !ERROR_LINE.test(line)) continue;
    if (!found.includes(line)) found.unshift(line.slice(0, 500));
  }
  return found;
}

/** The last `count` non-empty lines of a log, as the user should see why a command failed. */
export function tailLines(logs: string, count: number): string[] {
  return logs
    .split('\n')
    .map((l) => l.trimEnd())
    .filter(Boolean)
    .slice(-count)
    .map((l) => l.slice(0, 500));
}

/**
 * How an engine failed to start, comparable between configurations: the shell's "cannot run"
 * codes (126 not executable, 127 not found) alone, else the exit status and the last error line
 * with its numbers masked (timestamps, pids and ports differ between two starts of the same fault).
 */
export function startupSignature(logs: string, exit: ExitInfo | null): string {
  if (exit?.code === 126 || exit?.code === 127) return `exit ${exit.code}`;
  const line = lastErrorLines(logs, 1)[0] ?? tailLines(logs, 1)[0] ?? '';
  return `${describeExit(exit)}: ${line.replace(/\d+/g, '#')}`;
}

export function describeExit(exit: ExitInfo | null): string {
  if (!exit) return 'still running';
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}

/**
 * What went wrong, from the engine's logs and exit status: out-of-memory messages (CUDA, HIP,
 * KV-cache sizing, the kernel's OOM killer) → oom; argument errors → invalid; no health in time →
 * timeout; any other exit or an engine that stopped answering → crash.
 */
export function classifyFailure(
  logs: string,
  exit: ExitInfo | null,
  phase: 'startup' | 'health-timeout' | 'benchmark',
): Failure {
  for (const pattern of OOM_PATTERNS) {
    const m = pattern.exec(logs);
    if (m) return { kind: 'oom', message: `${m[0].trim()} (${describeExit(exit)})`.slice(0, 4000) };
  }
  if (exit?.signal === 'SIGKILL')
    return {
      kind: 'oom',
      message: `The engine was killed by SIGKILL, most likely by the kernel's out-of-memory killer\n${tail(logs, 20, 2000)}`,
    };
  for (const pattern of INVALID_PATTERNS) {
    const m = pattern.exec(logs);
    if (m && exit && exit.code !== 0)
      return { kind: 'invalid', message: `${m[0].trim()} (${describeExit(exit)})`.slice(0, 4000) };
  }
  if (phase === 'health-timeout' && !exit)
    return {
      kind: 'timeout',
      message: `The engine did not become healthy in time\n${tail(logs, 20, 2000)}`.slice(0, 4000),
    };
  const what =
    phase === 'benchmark' ? 'The engine failed during the benchmark' : 'The engine exited before it became healthy';
  const errors = lastErrorLines(logs);
  const cause = errors[errors.length - 1];
  // The cause leads (the first line is what lists show); the other error lines and the log's tail follow.
  const message = [
    `${what} (${describeExit(exit)})${cause ? `: ${cause}` : ''}`,
    ...(errors.length > 1 ? ['Last error lines:', ...errors] : []),
    'Log tail:',
    tail(logs, 30, 2500),
  ].join('\n');
  return { kind: 'crash', message: message.slice(0, 4000) };
}
