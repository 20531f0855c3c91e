import styled from 'styled-components';
import { color, fontSize, space } from '../../foundations/theme/design-tokens';
import { formatNumber } from '../../foundations/format/format';
import { formatMetric } from '../benchmark-common/benchmark-data';
import type { Confidence, MetricKey, Spread } from '@mako/contract';
import { Note } from './tuning-session-detail.styles';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
`;

const SpreadLine = styled.p`
  margin: 0;
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
  font-variant-numeric: tabular-nums;
`;

/** "± 25 tok/s (3 runs)": half the 95 % interval of the mean; one reading has no spread. */
export function formatSpread(metric: MetricKey, spread: Spread): string {
  if (!spread.interval) return '1 run';
  const half = (spread.interval.high - spread.interval.low) / 2;
  return `± ${formatMetric(metric, half)} (${formatNumber(spread.n)} runs)`;
}

/** What the re-measures say of the best, in a sentence that names the runner-up. */
function verdictSentence(metric: MetricKey, confidence: Confidence): string {
  const rival = confidence.runner_up;
  const rivalText = rival
    ? `trial ${formatNumber(rival.trial_number)} at ${formatMetric(metric, rival.spread.mean)} ${formatSpread(metric, rival.spread)}`
    : null;
  switch (confidence.verdict) {
    case 'within_noise':
      return `Within noise: the runner-up, ${rivalText ?? 'another trial'}, measured about as well, so neither is declared the winner. Either is a sound choice; more runs would tell them apart.`;
    case 'confirmed':
      return rivalText
        ? `Confirmed on repeat runs: clearly ahead of the runner-up, ${rivalText}.`
        : 'Confirmed on repeat runs: no other configuration met the objective and constraints.';
    default:
      return 'Not re-measured yet: once the search is over, the best and the runner-up are measured again, so their spread shows whether the lead is real.';
  }
}

/** The best's spread over its runs and whether it stands clear of the runner-up. */
export function BestConfidence({ metric, confidence }: { metric: MetricKey; confidence: Confidence }) {
  return (
    <Root role="group" aria-label="Confidence in the best">
      {confidence.spread.interval ? (
        <SpreadLine>
          {formatMetric(metric, confidence.spread.mean)} {formatSpread(metric, confidence.spread)}, from{' '}
          {formatMetric(metric, confidence.spread.min)} to {formatMetric(metric, confidence.spread.max)}
        </SpreadLine>
      ) : null}
      <Note>{verdictSentence(metric, confidence)}</Note>
    </Root>
  );
}
