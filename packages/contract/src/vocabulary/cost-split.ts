/**
 * A benchmark's GPU cost split between its input and its output tokens, in $ per million of each.
 *
 * `cost_per_million_tokens` charges all the GPU time to the output tokens (GPU $/s over output
 * tokens/s). Hosted APIs instead price input and output tokens separately, per million of each
 * (e.g. https://openai.com/api/pricing/, https://www.anthropic.com/pricing), so a self-hosted
 * figure comparable to theirs needs the same split. We split the GPU time by phase: a request
 * spends its time to first token on the prompt (prefill, plus any queueing before it) and the
 * rest of its end-to-end latency producing output (decode). The prompt's share of the money is
 * `ttft_ms.mean / e2el_ms.mean` — the share of request-time spent before the first token — and the
 * two prices are that money over the input tokens and the rest over the output tokens. Batched
 * engines overlap phases across requests, so this is an estimate of where the time goes, not a
 * meter; its totals are exact: input price × input tokens + output price × output tokens is
 * cost_per_million_tokens × output tokens, the run's whole GPU bill.
 *
 * Null without a cost; input is null when the run sent no prompt tokens.
 */
export function splitCost(
  // BenchmarkMetrics' fields, spelled out: the vocabulary imports no schema.
  metrics: {
    ttft_ms: { mean: number };
    e2el_ms: { mean: number };
    total_input_tokens: number;
    total_output_tokens: number;
  },
  costPerMillionTokens: number | null,
): { input: number | null; output: number; prefillShare: number } | null {
  if (costPerMillionTokens === null || !Number.isFinite(costPerMillionTokens)) return null;
  const e2el = metrics.e2el_ms.mean;
  const prefillShare = e2el > 0 ? Math.min(1, Math.max(0, metrics.ttft_ms.mean / e2el)) : 0;
  const { total_input_tokens: input, total_output_tokens: output } = metrics;
  return {
    input: input > 0 ? (prefillShare * costPerMillionTokens * output) / input : null,
    output: (1 - prefillShare) * costPerMillionTokens,
    prefillShare,
  };
}
