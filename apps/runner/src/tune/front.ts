import { API_MESSAGES, launchCommand, type TuningSession } from '@mako/contract';
import type { MakoApi } from '../api/client.ts';
import { EXIT } from '../cli/options.ts';
import { perSecond } from '../util/format.ts';

/**
 * The summary of a finished multi-objective session: its Pareto front, every point with its values,
 * configuration and launch command. No single configuration is "the best" there: which one to run
 * depends on how much of one objective the user gives up for another.
 */
export async function printFront(api: MakoApi, out: (line: string) => void, sessionId: string): Promise<number> {
  out(API_MESSAGES.searchComplete);
  // Read now: the front includes results other runners posted while this one ran.
  const session: TuningSession = await api.call('getSession', { params: { session_id: sessionId } });
  const objectives = session.objectives ?? [session.objective];
  const front = session.pareto_front ?? [];
  if (front.length === 0) {
    out('No configuration of this session met its constraints: there is no Pareto front to report.');
    return EXIT.failure;
  }
  const goals = objectives.map((o) => `${o.metric} ${o.direction === 'maximize' ? 'higher' : 'lower'}`).join(', ');
  out(`Pareto front: ${front.length} configuration(s) that no other beats on every objective (${goals} is better)`);
  for (const point of front) {
    const values = objectives.map((o, i) => `${o.metric} = ${perSecond(point.values[i] ?? Number.NaN)}`);
    out(`Trial ${point.trial_number}: ${values.join(' · ')}`);
    for (const [name, value] of Object.entries(point.config)) out(`  ${name} = ${String(value)}`);
    out(`  launch: ${launchCommand(session.setting.software.runtime, session.setting.ml_model_name, point.config)}`);
  }
  return EXIT.ok;
}
