import type { TrialPoint } from '../../primitives/chart/chart-math';
import type { TuningResult, TuningSession } from '@mako/contract';

export function toTrialPoint(result: TuningResult): TrialPoint {
  if (result.failure)
    return { trial: result.trial_number, value: null, outcome: 'failed', reason: result.failure.kind };
  return { trial: result.trial_number, value: result.objective_value, outcome: result.feasible ? 'ok' : 'infeasible' };
}

/** The searched flags in the space's order; without the space, every flag a trial set. */
export function searchedFlags(session: TuningSession, trials: readonly TuningResult[]): string[] {
  if (session.search_space) return session.search_space.parameters.map((parameter) => parameter.name);
  return [...new Set(trials.flatMap((trial) => Object.keys(trial.config)))];
}

/** The choices of each categorical flag in the space's order, for the slice view's columns. */
export function categoricalChoices(session: TuningSession): Record<string, string[]> {
  const choices: Record<string, string[]> = {};
  for (const parameter of session.search_space?.parameters ?? [])
    if (parameter.kind === 'categorical') choices[parameter.name] = parameter.choices.map(String);
    else if (parameter.kind === 'bool') choices[parameter.name] = ['off', 'on'];
  return choices;
}
