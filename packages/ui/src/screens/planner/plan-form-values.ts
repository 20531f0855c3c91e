import type { PlanRequestData } from './planner-format';

/** The planner form's fields as typed: text until the request is built. */
export interface FormValues {
  model: string;
  source: 'lengths' | 'benchmark';
  inputLen: string;
  outputLen: string;
  benchmarkId: string;
  percentile: 'p50' | 'p99';
  ttftMs: string;
  tpotMs: string;
  weightDtype: 'bf16' | 'fp8';
}

export type FormErrors = Partial<Record<keyof FormValues, string>>;

/** The form's first values: the request's, or a 1024 → 256 token workload under p99 1 s TTFT and 50 ms TPOT. */
export function initialForm(request: PlanRequestData | undefined, models: readonly string[]): FormValues {
  return {
    model: request?.model ?? models[0] ?? '',
    source: request?.benchmark_id ? 'benchmark' : 'lengths',
    inputLen: String(request?.workload?.input_len ?? 1024),
    outputLen: String(request?.workload?.output_len ?? 256),
    benchmarkId: request?.benchmark_id ?? '',
    percentile: request?.slo.percentile ?? 'p99',
    ttftMs: request?.slo.ttft_ms === undefined && request ? '' : String(request?.slo.ttft_ms ?? 1000),
    tpotMs: request?.slo.tpot_ms === undefined && request ? '' : String(request?.slo.tpot_ms ?? 50),
    weightDtype: request?.weight_dtype ?? 'bf16',
  };
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : null);
const positive = (text: string) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n > 0 ? n : null;
};

/** The request, or what is wrong with each field; mirrors the contract's PlanRequest rules. */
export function toRequest(v: FormValues): { request: PlanRequestData } | { errors: FormErrors } {
  const errors: FormErrors = {};
  if (!v.model) errors.model = 'Choose a model';
  const input = wholeNumber(v.inputLen);
  const output = wholeNumber(v.outputLen);
  if (v.source === 'lengths') {
    if (!input || input < 1) errors.inputLen = 'A whole number of tokens, at least 1';
    if (!output || output < 1) errors.outputLen = 'A whole number of tokens, at least 1';
  } else if (!v.benchmarkId.trim()) errors.benchmarkId = 'Paste the id of a benchmark you can see';
  const ttft = v.ttftMs.trim() === '' ? undefined : positive(v.ttftMs);
  const tpot = v.tpotMs.trim() === '' ? undefined : positive(v.tpotMs);
  if (ttft === null) errors.ttftMs = 'A number of milliseconds above 0';
  if (tpot === null) errors.tpotMs = 'A number of milliseconds above 0';
  if (ttft === undefined && tpot === undefined) errors.ttftMs = 'Give a TTFT bound, a TPOT bound or both';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      model: v.model,
      ...(v.source === 'lengths'
        ? { workload: { input_len: input!, output_len: output! } }
        : { benchmark_id: v.benchmarkId.trim() }),
      slo: {
        percentile: v.percentile,
        ...(ttft ? { ttft_ms: ttft } : {}),
        ...(tpot ? { tpot_ms: tpot } : {}),
      },
      weight_dtype: v.weightDtype,
    },
  };
}
