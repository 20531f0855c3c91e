import type { Slo, TuningSession } from '@mako/contract';
import type { EndpointType } from '../bench/client.ts';
import { DATASET_KINDS, type DatasetKind, type DatasetSpec } from '../bench/datasets.ts';
import type { BenchPlan } from '../bench/execute.ts';
import type { TokenCounter } from '../bench/tokens.ts';

/** A session whose workload this runner cannot send as asked (an unknown dataset, a missing file or flag). */
export class SessionWorkloadError extends Error {}

/** What the runner's own flags add to a session's workload. */
export interface SessionPlanOptions {
  warmup: number;
  endpointType: EndpointType;
  datasetPath?: string | undefined;
  /** trace sessions: multiplies the trace's timestamps. */
  timeScale?: number | undefined;
  slo: Slo | null;
}

/** Benchmark plan for a session's workload: the workload is the session's, not the runner's to change. */
export function planForSession(
  session: TuningSession,
  options: SessionPlanOptions,
  counter: TokenCounter,
): Omit<BenchPlan, 'endpoint'> & { endpointType: EndpointType } {
  const w = session.setting.workload;
  if (!(DATASET_KINDS as readonly string[]).includes(w.dataset))
    throw new SessionWorkloadError(
      `The session's dataset '${w.dataset}' is not supported by this runner (supported: ${DATASET_KINDS.join(', ')})`,
    );
  const kind = w.dataset as DatasetKind;
  if (kind === 'multi-turn' && options.endpointType !== 'chat')
    throw new SessionWorkloadError("The session's dataset is 'multi-turn': pass --endpoint-type chat");
  if ((kind === 'sharegpt' || kind === 'custom' || kind === 'trace') && !options.datasetPath)
    throw new SessionWorkloadError(`The session's dataset is '${kind}': pass --dataset-path FILE`);
  const dataset: DatasetSpec = {
    kind,
    minPrompt: Math.max(kind === 'random' || kind === 'shared-prefix' ? 1 : 0, w.min_prompt),
    maxPrompt: Math.max(1, w.max_prompt),
    minOutput: Math.max(1, w.min_output),
    maxOutput: Math.max(1, w.max_output),
    numPrefixes: 8,
    seed: session.id.split('').reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7),
    ...(options.datasetPath ? { path: options.datasetPath } : {}),
  };
  return {
    endpointType: options.endpointType,
    dataset,
    numRequests: w.num_requests,
    warmup: options.warmup,
    load: {
      rate: w.request_rate,
      burstiness: w.burstiness,
      maxConcurrency: w.max_concurrency,
      seed: dataset.seed,
      ...(options.timeScale !== undefined ? { timeScale: options.timeScale } : {}),
      // A multi-turn session's conversations: bench's defaults (3 turns, 1 s think time).
      ...(kind === 'multi-turn' ? { thinkTimeMs: 1000 } : {}),
    },
    maxSeq: w.max_seq_length,
    slo: options.slo,
    counter,
  };
}

/** The per-request SLO a goodput objective needs, from the session's latency constraints. */
export function sloFromConstraints(session: TuningSession): Slo | null {
  const slo: Slo = {};
  for (const c of session.constraints) {
    if (c.op !== '<=' && c.op !== '<') continue;
    const [stat] = c.metric.split('.');
    if (stat === 'ttft_ms' || stat === 'tpot_ms' || stat === 'e2el_ms')
      slo[stat] = Math.min(slo[stat] ?? Infinity, c.value);
  }
  return Object.keys(slo).length ? slo : null;
}
