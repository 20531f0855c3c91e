import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * A Python baseline (bench/tpe.py, bench/pareto.py) as a child process speaking JSON lines: the
 * spec goes in first, then the script writes a message per proposal and reads one per result.
 */
export class AskTellProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: AsyncIterator<string>;

  constructor(python: string, script: string, spec: unknown, label: string) {
    // -B: no __pycache__ beside the scripts (pareto.py imports tpe.py).
    this.child = spawn(python, ['-B', script]);
    this.child.stderr.on('data', (d: Buffer) => process.stderr.write(`[${label}] ${d.toString()}`));
    this.lines = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
    this.write(spec);
  }

  write(message: unknown): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  /** The next message; the script's own error message (e.g. optuna missing) is thrown. */
  async read(): Promise<Record<string, unknown>> {
    const line = await this.lines.next();
    if (line.done) throw new Error('the Python process ended unexpectedly');
    const msg = JSON.parse(line.value) as Record<string, unknown>;
    if (typeof msg.error === 'string') throw new Error(msg.error);
    return msg;
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
  }
}
