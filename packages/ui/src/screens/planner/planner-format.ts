import type { PlanCandidate, PlanErrorBand, PlanRequest, PlanResult, Runtime, Workload } from '@mako/contract';
import { launchCommand } from '@mako/contract/vocabulary';
import { formatHardware } from '../../foundations/format/format';
import { formatRuntime } from '../benchmark-common/benchmark-data';
import { benchRunnerCommand } from '../benchmark-common/runner-commands';
import type { TuningSessionFormValues } from '../create-tuning-session-dialog';

/** The page's title (apps/web's TITLES.planner says the same). */
export const PLANNER_TITLE = 'Capacity planner';

export type PlanData = PlanResult;
export type PlanCandidateData = PlanCandidate;
export type PlanRequestData = PlanRequest;

/** "vLLM", "TensorRT-LLM". */
export const runtimeName = (runtime: string) => formatRuntime({ runtime, version: '' }).trimEnd();

/** "2x H100 · vLLM": how a candidate is named in buttons and headings. */
export const candidateName = (c: Pick<PlanCandidate, 'gpu' | 'gpu_count' | 'runtime'>) =>
  `${formatHardware({ count: c.gpu_count, name: c.gpu })} · ${runtimeName(c.runtime)}`;

/** "±14 %": half of the calibration's held-out predictions were closer than this. */
export const formatBand = (band: PlanErrorBand) => `±${Math.round(band.median_abs_error * 100)} %`;

/** Where a band comes from, for its tooltip: "held-out error of 92 vLLM predictions". */
export function bandSource(band: PlanErrorBand): string {
  const [kind, group] = band.basis.split(':') as [string, string | undefined];
  const of =
    kind === 'engine' && group
      ? `${runtimeName(group)} predictions`
      : kind === 'gpu_family' && group
        ? `predictions on ${group[0]?.toUpperCase()}${group.slice(1)} GPUs`
        : 'predictions';
  return `Median error of ${band.points} held-out ${of}; 9 in 10 within ±${Math.round(band.p90_abs_error * 100)} %`;
}

const TP_FLAG: Record<Runtime, string> = { vllm: 'tensor_parallel_size', sglang: 'tp_size', 'tensorrt-llm': 'tp_size' };

/** The workload a candidate was planned at: fixed lengths, its capacity in flight, sent closed-loop. */
export function candidateWorkload(plan: PlanResult, c: PlanCandidate): Workload {
  const { input_len, output_len } = plan.workload;
  const concurrency = c.max_concurrency ?? 1;
  return {
    dataset: 'random',
    // Enough requests for several waves at that concurrency, as the planner simulated them.
    num_requests: Math.max(200, concurrency * 8),
    request_rate: 'inf',
    burstiness: 1,
    max_concurrency: concurrency,
    max_seq_length: input_len + output_len,
    output_len,
    min_prompt: input_len,
    max_prompt: input_len,
    min_output: output_len,
    max_output: output_len,
  };
}

/** How to measure a candidate: serve it with the engine's defaults, then run the benchmark against it. */
export function benchmarkCommands(plan: PlanResult, c: PlanCandidate): { serve: string; bench: string } {
  return {
    serve: launchCommand(c.runtime, plan.model, c.gpu_count > 1 ? { [TP_FLAG[c.runtime]]: c.gpu_count } : {}),
    bench: benchRunnerCommand({
      model: plan.model,
      hardware: formatHardware({ count: c.gpu_count, name: c.gpu }),
      runtime: c.runtime,
      workload: candidateWorkload(plan, c),
    }),
  };
}

/** The new-session dialog's fields for a candidate: its model, GPU, count and engine, and the planned workload. */
export function tuneDefaults(
  plan: PlanResult,
  c: PlanCandidate,
): Partial<Omit<TuningSessionFormValues, 'params' | 'constraints' | 'extraObjectives'>> {
  const w = candidateWorkload(plan, c);
  return {
    name: `${plan.model.split('/').pop() ?? plan.model} on ${candidateName(c)}`,
    model: plan.model,
    hardwareName: c.gpu,
    hardwareCount: String(c.gpu_count),
    runtime: c.runtime,
    dataset: 'random',
    numRequests: String(w.num_requests),
    requestRate: 'inf',
    maxConcurrency: String(w.max_concurrency),
    minPrompt: String(w.min_prompt),
    maxPrompt: String(w.max_prompt),
    minOutput: String(w.min_output),
    maxOutput: String(w.max_output),
    outputLen: String(w.output_len),
    maxSeqLength: String(w.max_seq_length),
  };
}
