import type { Slo } from '@mako/contract';
import { parseSlo } from '../../setting.ts';
import type { OptionSpec } from '../options.ts';

/** The SLO the results are judged by, and where they are written. */
export const resultOptions = {
  slo: {
    kind: 'string',
    group: 'Results',
    value: 'SLO',
    help: 'Goodput targets in ms, e.g. ttft_ms=200,tpot_ms=50,e2el_ms=8000: requests/s that met every one (vLLM --goodput).',
  },
  output: { kind: 'string', group: 'Results', value: 'FILE', help: 'Write the results as JSON to FILE.' },
  'save-requests': {
    kind: 'boolean',
    group: 'Results',
    help: 'Include every request (lengths, latencies, errors) in the --output file.',
  },
  quiet: { kind: 'boolean', group: 'Results', help: 'No progress on stderr.' },
} as const satisfies Record<string, OptionSpec>;

export function resolveSlo(text: string | undefined): Slo | null {
  return text === undefined ? null : parseSlo(text);
}
