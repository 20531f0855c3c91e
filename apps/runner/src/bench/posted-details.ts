import type { BenchmarkMetrics, LatencyStats } from '@mako/contract';
import type { EnergyReport } from './energy.ts';

/** Reasoning, prefix cache and energy: the JSON output has them all, the posted metrics what the contract keeps (withDetails). */
export interface DetailMetrics {
  /** Time to the first answer token, after any reasoning (AIPerf's time to first output token). */
  ttfot_ms: LatencyStats | null;
  reasoning_tokens: number;
  answer_tokens: number;
  /** Prompt tokens the engine reported served from its prefix cache (usage's cached_tokens); null when none reported it. */
  cached_prompt_tokens: number | null;
  /** cached_prompt_tokens over the prompt tokens of the requests that reported it, 0–1. */
  prefix_cache_hit_rate: number | null;
  /** The engine's own hit rate over the run, from /metrics (vLLM's counters, SGLang's or trtllm-serve's rate). */
  engine_prefix_cache_hit_rate: number | null;
  energy: EnergyReport | null;
}

/**
 * The contract's metrics with the run's reasoning, prefix-cache and energy measurements, so that
 * bench, sweep and tune post them alike. Only what was measured is set: an absent field is "not
 * measured", which the server keeps apart from a zero.
 */
export function withDetails(metrics: BenchmarkMetrics, details: DetailMetrics): BenchmarkMetrics {
  const out: BenchmarkMetrics = {
    ...metrics,
    reasoning_tokens: details.reasoning_tokens,
    answer_tokens: details.answer_tokens,
  };
  if (details.ttfot_ms) out.ttfot_ms = details.ttfot_ms;
  if (details.cached_prompt_tokens !== null) out.cached_prompt_tokens = details.cached_prompt_tokens;
  if (details.prefix_cache_hit_rate !== null) out.prefix_cache_hit_rate = details.prefix_cache_hit_rate;
  if (details.engine_prefix_cache_hit_rate !== null)
    out.engine_prefix_cache_hit_rate = details.engine_prefix_cache_hit_rate;
  const energy = details.energy;
  if (energy && energy.joules_per_output_token !== null && energy.joules_per_request !== null)
    out.energy = {
      joules_per_output_token: energy.joules_per_output_token,
      joules_per_request: energy.joules_per_request,
      source: energy.source,
    };
  return out;
}
