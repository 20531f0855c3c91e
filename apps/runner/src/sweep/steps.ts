import type { BenchmarkMetrics, SweepLevelInput } from '@mako/contract';
import type { CacheResetResult } from '../bench/cache-reset.ts';
import { ms, pct, perSecond } from '../util/format.ts';
import type { SaturationEvidence } from './saturation.ts';

/** One load level as the sweep measured it: its row in the table, the JSON and the stored sweep. */
export interface StepRecord {
  step: number;
  level: number;
  passed: boolean;
  /** Share of sent requests that completed and met every SLO. */
  slo_met: number;
  metrics: BenchmarkMetrics;
  errors: Record<string, number>;
  /** The client fell behind its schedule at this level: the verdict is about the client as much as the server. */
  client_limited: boolean;
  client_limited_reasons: string[];
  /** Stopped early: the engine's queue or TTFT kept growing, so its figures are not a normal point. */
  saturated: boolean;
  saturation: SaturationEvidence | null;
  prefix_cache_reset: CacheResetResult | null;
  /** The level's benchmark when it was posted. */
  benchmark_id: string | null;
}

/** A step as a level of the stored sweep (headline figures only: the benchmark has the rest). */
export function sweepLevel(s: StepRecord): SweepLevelInput {
  const m = s.metrics;
  return {
    load: s.level,
    benchmark_id: s.benchmark_id,
    passed: s.passed,
    saturated: s.saturated,
    saturation: s.saturation,
    client_limited: s.client_limited,
    slo_met: s.slo_met,
    completed: m.completed,
    failed: m.failed,
    request_throughput: m.request_throughput,
    output_throughput: m.output_throughput,
    goodput: m.goodput?.request_throughput ?? 0,
    ttft_p99_ms: m.ttft_ms.p99,
    tpot_p99_ms: m.tpot_ms.p99,
    e2el_p99_ms: m.e2el_ms.p99,
  };
}

export function stepRow(s: StepRecord): string[] {
  const m = s.metrics;
  return [
    String(s.step),
    String(s.level),
    s.saturated ? 'SATURATED' : s.passed ? 'pass' : 'FAIL',
    pct(s.slo_met),
    perSecond(m.goodput?.request_throughput ?? 0),
    perSecond(m.request_throughput),
    perSecond(m.output_throughput),
    ms(m.ttft_ms.p99),
    ms(m.tpot_ms.p99),
    ms(m.e2el_ms.p99),
    String(m.failed),
  ];
}

export const STEP_HEADER = [
  'step',
  'level',
  'verdict',
  'SLO met',
  'goodput/s',
  'req/s',
  'out tok/s',
  'TTFT p99',
  'TPOT p99',
  'E2E p99',
  'failed',
];

/** An aborted level's figures: nothing completed. */
export function emptyMetrics(): BenchmarkMetrics {
  const zero = { mean: 0, p50: 0, p90: 0, p95: 0, p99: 0 };
  return {
    completed: 0,
    failed: 0,
    duration_s: 0,
    total_input_tokens: 0,
    total_output_tokens: 0,
    request_throughput: 0,
    input_throughput: 0,
    output_throughput: 0,
    total_token_throughput: 0,
    ttft_ms: zero,
    tpot_ms: zero,
    itl_ms: zero,
    e2el_ms: zero,
    goodput: null,
  };
}
