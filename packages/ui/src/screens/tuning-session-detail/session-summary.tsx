import { StatusBadge } from '../../primitives/badge';
import { Callout } from '../../primitives/callout';
import { formatLengths, formatRequestRate, formatRuntime } from '../benchmark-common/benchmark-data';
import type { TuningSession } from '@mako/contract';
import { formatNumber, plural } from '../../foundations/format/format';
import { constraintLabel, objectiveLabel, tuningSessionTitle } from '../tuning-common/tuning-format';
import type { TuningSearchState } from './session-detail-types';
import { Header, Numbers, SettingLine, SummaryLine, Title } from './tuning-session-detail.styles';

export function deriveSearchState(session: TuningSession): TuningSearchState {
  // A failed session is over too: the server answers its runners as it answers a complete one.
  if (session.status === 'complete' || session.status === 'failed') return 'complete';
  if (session.status === 'running' && session.counts.pending >= session.budget.max_parallel) return 'waiting';
  return 'running';
}

export function SummaryHeader({ session, showTitle }: { session: TuningSession; showTitle: boolean }) {
  const { counts, budget, constraints, setting } = session;
  const workload = setting.workload;
  return (
    <Header>
      {showTitle ? <Title>{tuningSessionTitle(setting)}</Title> : null}
      <SummaryLine aria-label="Session summary">
        <li>
          <StatusBadge status={session.status} />
        </li>
        <li>objective: {objectiveLabel(session.objective)}</li>
        {constraints.length > 0 ? (
          <li>
            {constraints.length === 1 ? 'constraint' : 'constraints'}: {constraints.map(constraintLabel).join(', ')}
          </li>
        ) : null}
        <li>
          <Numbers>
            {formatNumber(counts.evaluated)}/{formatNumber(budget.max_trials)}
          </Numbers>{' '}
          {budget.max_trials === 1 ? 'trial' : 'trials'}
        </li>
        <li>
          <Numbers>{formatNumber(counts.pending)}</Numbers> pending
        </li>
        {counts.failed > 0 ? (
          <li>
            <Numbers>{formatNumber(counts.failed)}</Numbers> failed
          </li>
        ) : null}
      </SummaryLine>
      <SettingLine>
        {formatRuntime(setting.software)} · {workload.dataset}, {formatLengths(workload)} tokens ·{' '}
        {plural(workload.num_requests, 'request', 'requests')} · {formatRequestRate(workload.request_rate)}
        {workload.max_concurrency ? ` · at most ${formatNumber(workload.max_concurrency)} in flight` : ''}
        {session.name ? ` · ${session.name}` : ''}
      </SettingLine>
    </Header>
  );
}

export function SearchStateNote({
  state,
  session,
  hasBest,
}: {
  state: TuningSearchState;
  session: TuningSession;
  hasBest: boolean;
}) {
  const { counts, budget } = session;
  if (state === 'waiting') {
    return (
      <Callout tone="info" title="Need to wait for pending evaluations">
        All {plural(budget.max_parallel, 'configuration', 'configurations')} this session may evaluate at once{' '}
        {budget.max_parallel === 1 ? 'is' : 'are'} out with runners ({formatNumber(counts.pending)} pending). Runners
        that ask for more work now wait and ask again on their own; the next configuration is proposed as soon as a
        pending result is reported. Nothing needs doing here.
      </Callout>
    );
  }
  if (state === 'complete' && session.status === 'failed') {
    return (
      <Callout tone="danger" role="status" title="Tuning search failed">
        No trial produced a measurement, so the search stopped with no configuration to recommend
        {counts.failed > 0
          ? ` (${plural(counts.failed, 'trial', 'trials')} failed; the reasons are in the results below)`
          : ''}
        . Runners that ask for more work stop. Start a new session with a smaller search space or more memory headroom.
      </Callout>
    );
  }
  if (state === 'complete') {
    return (
      <Callout tone="success" title="Tuning search is complete">
        {formatNumber(counts.evaluated)} of {plural(budget.max_trials, 'trial', 'trials')}{' '}
        {counts.evaluated === 1 ? 'was' : 'were'} evaluated and no more will be proposed, so{' '}
        {hasBest
          ? 'the best configuration below is final: deploy it with its launch command.'
          : 'the result is final: no configuration met the constraints.'}{' '}
        Runners that ask for more work print the best configuration and stop.
      </Callout>
    );
  }
  return null;
}
