import { API_MESSAGES, launchCommand, type TuningSession } from '@mako/contract';
import { ApiError, type MakoApi } from '../api/client.ts';
import { EXIT } from '../cli/options.ts';
import { perSecond } from '../util/format.ts';
import { describeSpread, describeVerdict } from './confidence.ts';

/** On 410: the session's best configuration, its spread when it was re-measured, and its launch command. */
export async function printBest(api: MakoApi, out: (line: string) => void, session: TuningSession): Promise<number> {
  out(API_MESSAGES.searchComplete);
  let best;
  try {
    best = await api.call('getBest', { params: { session_id: session.id } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      out('No configuration of this session met its constraints: there is no best configuration to report.');
      return EXIT.failure;
    }
    throw error;
  }
  const { result } = best;
  // improvement_pct counts better as positive whichever way the objective goes; say which way the
  // value itself moved, since "+7 %" reads as worse for a latency.
  const pct = best.improvement_pct;
  const moved = session.objective.direction === 'maximize' ? pct : pct === null ? null : -pct;
  const gain =
    moved === null
      ? ''
      : moved === 0
        ? ' (same as the defaults)'
        : ` (${Math.abs(moved).toFixed(1)} % ${moved > 0 ? 'higher' : 'lower'} than the defaults)`;
  const { confidence } = best;
  const value = confidence
    ? describeSpread(confidence.spread)
    : result.objective_value === null
      ? 'n/a'
      : perSecond(result.objective_value);
  out(`Best configuration: trial ${result.trial_number}, ${session.objective.metric} = ${value}${gain}`);
  const verdict = confidence ? describeVerdict(confidence) : null;
  if (verdict) out(verdict);
  for (const [name, value] of Object.entries(result.config)) out(`  ${name} = ${String(value)}`);
  const command =
    best.launch_command ||
    launchCommand(session.setting.software.runtime, session.setting.ml_model_name, result.config);
  out('Launch command:');
  out(`  ${command}`);
  return EXIT.ok;
}
