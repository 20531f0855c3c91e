import * as z from 'zod/mini';
import { Benchmark, BenchmarkSetting } from './benchmarks.ts';
import { TuningBest, TuningInsights, TuningResult, TuningSession } from './tuning.ts';

/*
 * The public (share) pages: what a visitor without an account may read of a published benchmark,
 * a setting with published benchmarks, or a finished session its owner shared. The answers are the
 * ones signed-in users already get for these items: owners appear by their opaque id only (never
 * an e-mail), and a published benchmark's notes are public because any account can read them.
 */

/** A setting's public page: the setting and its published benchmarks, newest first. */
export const PublicSetting = z.object({
  setting: BenchmarkSetting,
  benchmarks: z.array(Benchmark),
});
export type PublicSetting = z.infer<typeof PublicSetting>;

/**
 * A shared session's public page: the session (with its Pareto front when multi-objective), its
 * trials in order, its best result (null when none was feasible), and what the tuner's models say
 * about it, as its owner sees them (null when they could not be fitted).
 */
export const PublicTuningSession = z.object({
  session: TuningSession,
  trials: z.array(TuningResult),
  best: z.nullable(TuningBest),
  insights: z.nullable(TuningInsights),
});
export type PublicTuningSession = z.infer<typeof PublicTuningSession>;

/** Sharing is the owner's switch; only a finished (complete or failed) session can be shared. */
export const SessionSharePatch = z.strictObject({ shared: z.boolean() });
export type SessionSharePatch = z.infer<typeof SessionSharePatch>;
