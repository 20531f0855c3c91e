import type { Progress } from './run.ts';

export interface ProgressView {
  update(p: Progress): void;
  /** Clears the bar (TTY) so that the table starts on a clean line. */
  finish(): void;
}

const BAR = 24;

function bar(fraction: number): string {
  const filled = Math.round(fraction * BAR);
  return `${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}`;
}

function line(p: Progress): string {
  const pct = p.total ? Math.floor((p.done / p.total) * 100) : 100;
  const rate = p.elapsedS > 0 ? p.done / p.elapsedS : 0;
  return `${p.phase === 'warmup' ? 'warm-up  ' : 'benchmark'} ${p.done}/${p.total} ${String(pct).padStart(3)}% · ${rate.toFixed(1)} req/s · ${p.failed} failed · ${p.elapsedS.toFixed(1)} s`;
}

/**
 * A live bar when stderr is a terminal; otherwise one plain line per tenth of the run, so that
 * CI logs and files stay readable. stdout is left to the results.
 */
export function createProgress(stream: NodeJS.WriteStream, quiet: boolean): ProgressView {
  if (quiet) return { update: () => {}, finish: () => {} };
  if (stream.isTTY) {
    let lastDraw = 0;
    let last: Progress | null = null;
    const draw = (p: Progress) => {
      const text = `${bar(p.total ? p.done / p.total : 1)} ${line(p)}`;
      // A pseudo-terminal without a size reports 0 columns.
      stream.write(`\r\x1b[2K${text.slice(0, Math.max(20, (stream.columns || 120) - 1))}`);
    };
    return {
      update(p) {
        last = p;
        const now = Date.now();
        if (now - lastDraw < 100 && p.done < p.total) return;
        lastDraw = now;
        draw(p);
      },
      finish() {
        if (last) stream.write('\r\x1b[2K');
      },
    };
  }
  let lastDecile = -1;
  let lastPhase: Progress['phase'] | null = null;
  return {
    update(p) {
      const decile = p.total ? Math.floor((p.done / p.total) * 10) : 10;
      if (p.phase === lastPhase && decile === lastDecile) return;
      lastPhase = p.phase;
      lastDecile = decile;
      stream.write(`${line(p)}\n`);
    },
    finish() {},
  };
}
