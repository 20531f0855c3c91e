import * as z from 'zod/mini';
import { BenchmarkSettingCreate, RuntimeOptions, Slo } from './benchmarks.ts';
import { Id, PagingQuery, Timestamp, listAnswer } from './common.ts';
import { SWEEP_OVER } from './vocabulary/sweeps.ts';

/*
 * A sweep is one object: the setting all its levels share, the SLO, and each level's load, verdict
 * and headline figures (enough to draw the throughput–latency curve without fetching every level).
 *
 * How it relates to benchmarks: each level the runner posts is still a benchmark of its own, stored
 * under the setting of exactly the workload it ran (its own max_concurrency or request_rate), so
 * that a search for "concurrency 64" never finds a run at 8. The sweep holds the one setting the
 * levels share: `setting.workload` is the first level's, and its swept field (max_concurrency for
 * `over: concurrency`, request_rate for `over: rate`) is replaced level by level by `load`. A level
 * names its benchmark (`benchmark_id`), which is how a benchmark page finds its sweep.
 */

const NonNegative = z.number().check(z.minimum(0));
const Share = z.number().check(z.minimum(0), z.maximum(1));

export const MAX_SWEEP_LEVELS = 100;

export const SweepOverSchema = z.enum(SWEEP_OVER);

/** Why a level was stopped early: the series that kept growing, and how much. */
export const SaturationEvidence = z.object({
  signal: z.enum(['ttft', 'queue']),
  at_s: NonNegative,
  rank_correlation: z.number().check(z.minimum(-1), z.maximum(1)),
  first_median: NonNegative,
  last_median: NonNegative,
  samples: z.number().check(z.int(), z.minimum(0)),
});
export type SaturationEvidence = z.infer<typeof SaturationEvidence>;

export const SweepLevel = z.object({
  /** Requests in flight (over: concurrency) or requests per second (over: rate). */
  load: z.number().check(z.positive(), z.maximum(1_000_000)),
  /** The level's benchmark; null when it was not posted (client-limited, failed, or nothing completed). */
  benchmark_id: z._default(z.nullable(Id), null),
  /** The setting of the level's benchmark, so that pages can link to it; the server fills it in (what a runner sends is ignored). */
  setting_id: z._default(z.nullable(Id), null),
  /** Met the SLO: at least `attainment` of its requests met every target, and it was not saturated. */
  passed: z.boolean(),
  /** Stopped early because the engine's queue or TTFT kept growing; its figures are not a normal point. */
  saturated: z._default(z.boolean(), false),
  saturation: z._default(z.nullable(SaturationEvidence), null),
  /** The client fell behind its schedule: the level measures this machine as much as the server. */
  client_limited: z._default(z.boolean(), false),
  /** Share of the requests sent that completed and met every SLO target. */
  slo_met: Share,
  completed: z.number().check(z.int(), z.minimum(0)),
  failed: z.number().check(z.int(), z.minimum(0)),
  request_throughput: NonNegative,
  output_throughput: NonNegative,
  goodput: NonNegative,
  ttft_p99_ms: NonNegative,
  tpot_p99_ms: NonNegative,
  e2el_p99_ms: NonNegative,
});
export type SweepLevel = z.infer<typeof SweepLevel>;
export type SweepLevelInput = z.input<typeof SweepLevel>;

const Levels = z.array(SweepLevel).check(z.maxLength(MAX_SWEEP_LEVELS));

export const SweepCreate = z.object({
  setting: BenchmarkSettingCreate,
  runtime_options: RuntimeOptions,
  over: SweepOverSchema,
  slo: Slo,
  /** A level passes when at least this share of its requests met every target. */
  attainment: z.number().check(z.minimum(0.01), z.maximum(1)),
  levels: z._default(Levels, []),
  /** False while the runner is still sweeping (or when it was interrupted). */
  complete: z._default(z.boolean(), false),
  notes: z._default(z.string().check(z.maxLength(4000)), ''),
});
export type SweepCreate = z.input<typeof SweepCreate>;

/** The runner replaces the levels as it goes, and says when it is done. */
export const SweepUpdate = z.strictObject({
  levels: Levels,
  complete: z.boolean(),
});
export type SweepUpdate = z.infer<typeof SweepUpdate>;

export const SweepVerdict = z.object({
  best_load: z.nullable(z.number()),
  first_fail_load: z.nullable(z.number()),
  knee_load: z.nullable(z.number()),
});
export type SweepVerdict = z.infer<typeof SweepVerdict>;

export const Sweep = z.object({
  id: Id,
  owner: Id,
  created_at: Timestamp,
  updated_at: Timestamp,
  setting: BenchmarkSettingCreate,
  runtime_options: RuntimeOptions,
  over: SweepOverSchema,
  slo: Slo,
  attainment: z.number(),
  levels: z.array(SweepLevel),
  complete: z.boolean(),
  notes: z.string(),
  verdict: SweepVerdict,
});
export type Sweep = z.infer<typeof Sweep>;

export const SweepListAnswer = listAnswer(Sweep);
export const SweepId = z.object({ sweep_id: Id });
export const SweepListQuery = z.extend(PagingQuery, {
  /** Only the sweep that has this benchmark as one of its levels. */
  benchmark_id: z.optional(Id),
});
export type SweepListQuery = z.infer<typeof SweepListQuery>;
