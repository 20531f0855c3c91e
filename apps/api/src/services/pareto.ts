import type { Selectable } from 'kysely';
import {
  readMetric,
  type BenchmarkMetrics,
  type Objective,
  type ParetoPoint,
  type RuntimeOptions,
  type TuningResult,
} from '@mako/contract';
import { orient, paretoFront } from '@mako/tuner';
import type { Db } from '../db/database.ts';
import type { TuningResultTable, TuningSessionTable } from '../db/schema.ts';

/**
 * Multi-objective sessions: their objectives, which results count for the front, and the front.
 * A session with one objective has none of this, and its answers stay as they were.
 */

/** A multi-objective session's objectives (the primary one first), or null. */
export function sessionObjectives(s: Pick<Selectable<TuningSessionTable>, 'objectives'>): Objective[] | null {
  return s.objectives === null ? null : (JSON.parse(s.objectives) as Objective[]);
}

/** A multi-objective result is feasible only when it measured every objective (cost needs a price). */
export const measuresEvery = (flat: Record<string, number> | null, objectives: Objective[] | null) =>
  (objectives ?? []).every((o) => flat?.[o.metric] !== undefined);

type FrontRow = Pick<
  Selectable<TuningResultTable>,
  'id' | 'session_id' | 'trial_number' | 'config' | 'metrics' | 'cost_per_million_tokens'
>;

/** A result's value on each objective, or null unless it measured them all. */
export function objectiveValues(
  r: Pick<Selectable<TuningResultTable>, 'metrics' | 'cost_per_million_tokens'>,
  objectives: Objective[],
  gpuCount: number,
): number[] | null {
  if (r.metrics === null) return null;
  const metrics = JSON.parse(r.metrics) as BenchmarkMetrics;
  const extra = { gpuCount, costPerMillionTokens: r.cost_per_million_tokens };
  const values = objectives.map((o) => readMetric(metrics, o.metric, extra));
  return values.every((v): v is number => v !== null && Number.isFinite(v)) ? values : null;
}

/** A result as answered: in a multi-objective session with its value on every objective. */
export function withObjectiveValues(
  result: TuningResult,
  row: Pick<Selectable<TuningResultTable>, 'metrics' | 'cost_per_million_tokens'>,
  session: Pick<Selectable<TuningSessionTable>, 'objectives' | 'hardware_count'>,
): TuningResult {
  const objectives = sessionObjectives(session);
  return objectives
    ? { ...result, objective_values: objectiveValues(row, objectives, session.hardware_count) }
    : result;
}

/** The Pareto front of feasible results, by trial number. */
export function frontOf(rows: FrontRow[], objectives: Objective[], gpuCount: number): ParetoPoint[] {
  const measured = rows.flatMap((r) => {
    const values = objectiveValues(r, objectives, gpuCount);
    return values ? [{ r, values }] : [];
  });
  return paretoFront(measured.map((m) => orient(m.values, objectives)))
    .map((i) => measured[i]!)
    .sort((a, b) => a.r.trial_number - b.r.trial_number)
    .map(({ r, values }) => ({
      result_id: r.id,
      trial_number: r.trial_number,
      config: JSON.parse(r.config) as RuntimeOptions,
      values,
    }));
}

/** The fronts of the multi-objective sessions among `sessions`, read in one query. */
export async function paretoFronts(
  db: Db,
  sessions: Pick<Selectable<TuningSessionTable>, 'id' | 'objectives' | 'hardware_count'>[],
): Promise<Map<string, ParetoPoint[]>> {
  const multi = sessions.filter((s) => s.objectives !== null);
  const fronts = new Map<string, ParetoPoint[]>();
  if (multi.length === 0) return fronts;
  const rows = await db
    .selectFrom('tuning_results')
    .select(['id', 'session_id', 'trial_number', 'config', 'metrics', 'cost_per_million_tokens'])
    .where(
      'session_id',
      'in',
      multi.map((s) => s.id),
    )
    .where('feasible', '=', 1)
    .execute();
  for (const s of multi)
    fronts.set(
      s.id,
      frontOf(
        rows.filter((r) => r.session_id === s.id),
        sessionObjectives(s) ?? [],
        s.hardware_count,
      ),
    );
  return fronts;
}
