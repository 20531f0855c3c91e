import type { BenchmarkMetrics, LatencyStats, MeanCi } from '@mako/contract';
import { ms, pct, perSecond, table } from '../util/format.ts';
import type { TurnStats } from './execute.ts';
import type { DetailMetrics } from './posted-details.ts';
import type { Summary, TokenSource } from './metrics.ts';
import type { ClientOverhead } from './run.ts';

export interface ReportContext {
  title: string;
  loadLine: string;
  summary: Summary;
  overhead: ClientOverhead;
  inputSource: string;
  perTurn?: TurnStats[] | null;
  serverFailure?: string | null;
  details?: DetailMetrics;
}

function detailLines(d: DetailMetrics): string[] {
  const lines: string[] = [];
  if (d.ttfot_ms && d.reasoning_tokens > 0)
    lines.push(
      `Reasoning    first answer token (TTFOT) p50 ${ms(d.ttfot_ms.p50)} ms, p99 ${ms(d.ttfot_ms.p99)} ms · ${d.reasoning_tokens.toLocaleString('en-US')} reasoning and ${d.answer_tokens.toLocaleString('en-US')} answer tokens`,
    );
  if (d.prefix_cache_hit_rate !== null || d.engine_prefix_cache_hit_rate !== null)
    lines.push(
      `Prefix cache ${d.prefix_cache_hit_rate === null ? '' : `${pct(d.prefix_cache_hit_rate)} of prompt tokens cached (${(d.cached_prompt_tokens ?? 0).toLocaleString('en-US')})`}${d.prefix_cache_hit_rate !== null && d.engine_prefix_cache_hit_rate !== null ? ' · ' : ''}${d.engine_prefix_cache_hit_rate === null ? '' : `engine's hit rate ${pct(d.engine_prefix_cache_hit_rate)}`}`,
    );
  if (d.energy)
    lines.push(
      `Energy       ${d.energy.joules.toFixed(0)} J over ${d.energy.window_s.toFixed(1)} s (${d.energy.source}) · ${d.energy.joules_per_output_token === null ? '–' : d.energy.joules_per_output_token.toFixed(3)} J/output token · ${d.energy.joules_per_request === null ? '–' : d.energy.joules_per_request.toFixed(1)} J/request`,
    );
  return lines;
}

function latencyRow(name: string, s: LatencyStats): string[] {
  return [name, ms(s.mean), ms(s.p50), ms(s.p90), ms(s.p95), ms(s.p99)];
}

export function describeErrors(errors: Record<string, number>): string {
  const parts = Object.entries(errors)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${kind} ${n}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

export function describeTokenSources(sources: Partial<Record<TokenSource, number>>): string {
  const entries = Object.entries(sources);
  if (entries.length === 0) return 'no completed requests';
  return entries.map(([source, n]) => `${source} ${n}`).join(', ');
}

export function formatSlo(metrics: BenchmarkMetrics): string {
  const slo = metrics.goodput?.slo ?? {};
  return Object.entries(slo)
    .map(([k, v]) => `${k} ≤ ${v}`)
    .join(', ');
}

/** The human-readable result printed on stdout after a run. */
export function formatReport(ctx: ReportContext): string {
  const m = ctx.summary.metrics;
  const lines = [
    ctx.title,
    ctx.loadLine,
    '',
    `Requests     ${m.completed} completed · ${m.failed} failed${describeErrors(ctx.summary.errors)}`,
    `Duration     ${m.duration_s.toFixed(2)} s`,
    `Throughput   ${perSecond(m.request_throughput)} req/s · output ${perSecond(m.output_throughput)} tok/s · input ${perSecond(m.input_throughput)} tok/s · total ${perSecond(m.total_token_throughput)} tok/s`,
    `Tokens       ${m.total_input_tokens.toLocaleString('en-US')} in · ${m.total_output_tokens.toLocaleString('en-US')} out · output counted by ${describeTokenSources(ctx.summary.tokenSources)} · input by ${ctx.inputSource}`,
  ];
  if (m.goodput)
    lines.push(
      `Goodput      ${perSecond(m.goodput.request_throughput)} req/s · ${pct(m.goodput.attainment)} of completed requests met ${formatSlo(m)}`,
    );
  if (ctx.details) lines.push(...detailLines(ctx.details));
  lines.push(
    '',
    table(
      ['Latency (ms)', 'mean', 'p50', 'p90', 'p95', 'p99'],
      [
        latencyRow('TTFT', m.ttft_ms),
        latencyRow('TPOT', m.tpot_ms),
        latencyRow('ITL', m.itl_ms),
        latencyRow('E2E', m.e2el_ms),
      ],
    ),
    '',
    `Client       send lag p50 ${ms(ctx.overhead.schedule_lag_ms.p50)} ms, p99 ${ms(ctx.overhead.schedule_lag_ms.p99)} ms · socket write p50 ${ms(ctx.overhead.write_ms.p50)} ms · ${ctx.overhead.parse_us_per_event.toFixed(1)} µs per event${
      ctx.overhead.achieved_rate === null
        ? ''
        : ` · achieved ${perSecond(ctx.overhead.achieved_rate)} of ${perSecond(ctx.overhead.target_rate ?? 0)} req/s`
    } · CPU ${ctx.overhead.cpu_pct.toFixed(0)} % of a core`,
  );
  if (ctx.perTurn?.length)
    lines.push(
      '',
      table(
        ['Turn', 'sent', 'done', 'prompt tok', 'TTFT mean', 'p50', 'p99'],
        ctx.perTurn.map((t) => [
          String(t.turn),
          String(t.sent),
          String(t.completed),
          String(Math.round(t.mean_prompt_tokens)),
          ms(t.ttft_ms.mean),
          ms(t.ttft_ms.p50),
          ms(t.ttft_ms.p99),
        ]),
      ),
    );
  if (ctx.serverFailure) lines.push(`SERVER FAILED: ${ctx.serverFailure}.`);
  if (ctx.overhead.client_limited)
    lines.push(
      `CLIENT-LIMITED: ${ctx.overhead.client_limited_reasons.join('; ')}. The client, not the server, set the pace: these figures do not measure the server at the load asked for.`,
    );
  return lines.join('\n');
}

/** The metrics worth comparing across repeats, in the order the table shows them. */
const AGGREGATE_ROWS: readonly [string, string][] = [
  ['metrics.request_throughput', 'Requests/s'],
  ['metrics.output_throughput', 'Output tok/s'],
  ['metrics.total_token_throughput', 'Total tok/s'],
  ['metrics.goodput.request_throughput', 'Goodput req/s'],
  ['metrics.goodput.attainment', 'SLO attainment'],
  ['metrics.ttft_ms.mean', 'TTFT mean ms'],
  ['metrics.ttft_ms.p50', 'TTFT p50 ms'],
  ['metrics.ttft_ms.p99', 'TTFT p99 ms'],
  ['metrics.tpot_ms.mean', 'TPOT mean ms'],
  ['metrics.tpot_ms.p99', 'TPOT p99 ms'],
  ['metrics.itl_ms.p50', 'ITL p50 ms'],
  ['metrics.itl_ms.p99', 'ITL p99 ms'],
  ['metrics.e2el_ms.mean', 'E2E mean ms'],
  ['metrics.e2el_ms.p99', 'E2E p99 ms'],
  ['metrics.failed', 'Failed'],
  ['client_overhead.schedule_lag_ms.p99', 'Send lag p99 ms'],
  ['client_overhead.cpu_pct', 'Client CPU %'],
];

/** Mean ± 95 % CI over repeated runs; every other field is in the JSON summary. */
export function formatAggregate(aggregate: Record<string, MeanCi>, runs: number): string {
  const value = (x: number) => (Math.abs(x) >= 100 ? perSecond(x) : ms(x));
  const rows = AGGREGATE_ROWS.flatMap(([path, label]) => {
    const a = aggregate[path];
    if (!a) return [];
    return [
      [
        label,
        value(a.mean),
        a.ci95 === null ? '–' : `± ${value(a.ci95)}`,
        value(Math.min(...a.values)),
        value(Math.max(...a.values)),
      ],
    ];
  });
  return [
    `Over ${runs} runs: mean and 95 % confidence interval (Student t, ${runs - 1} degrees of freedom)`,
    table(['Metric', 'mean', '95 % CI', 'min', 'max'], rows),
  ].join('\n');
}
