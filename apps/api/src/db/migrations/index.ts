import type { Migration } from 'kysely';
import { initial } from './0001_initial.ts';
import { searchDocuments } from './0002_search_documents.ts';
import { sharedState } from './0003_shared_state.ts';
import { sharedSessions } from './0004_shared_sessions.ts';
import { remeasures } from './0005_remeasures.ts';
import { sessionObjectives } from './0006_session_objectives.ts';
import { benchmarkMeasurements } from './0007_benchmark_measurements.ts';
import { tokenScopes } from './0008_token_scopes.ts';
import { benchmarkProvenance } from './0009_benchmark_provenance.ts';
import { benchmarkMetrics } from './0010_benchmark_metrics.ts';
import { predictionErrors } from './0011_prediction_errors.ts';
import { sweeps } from './0012_sweeps.ts';
import { trialFlagMismatches } from './0013_trial_flag_mismatches.ts';

/**
 * Every migration in order, one file each, under the names the databases have recorded in
 * kysely_migration: a name must never change, or a database migrated before would run it again.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_search_documents': searchDocuments,
  '0003_shared_state': sharedState,
  '0004_shared_sessions': sharedSessions,
  '0005_remeasures': remeasures,
  '0006_session_objectives': sessionObjectives,
  '0007_benchmark_measurements': benchmarkMeasurements,
  '0008_token_scopes': tokenScopes,
  '0009_benchmark_provenance': benchmarkProvenance,
  '0010_benchmark_metrics': benchmarkMetrics,
  '0011_prediction_errors': predictionErrors,
  '0012_sweeps': sweeps,
  '0013_trial_flag_mismatches': trialFlagMismatches,
};
