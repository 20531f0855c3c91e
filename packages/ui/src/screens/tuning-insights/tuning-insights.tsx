import { useId, useState } from 'react';
import { Card } from '../../primitives/card';
import { StatusBadge } from '../../primitives/badge';
import { Select } from '../../primitives/select';
import type { TrialOutcome } from '../../primitives/chart/chart-math';
import { TrialSliceChart } from '../../primitives/trial-slice-chart';
import type { SlicePoint } from '../../primitives/trial-slice-chart';
import { formatNumber, plural } from '../../foundations/format';
import { describeFailureRegion, formatShare } from './insight-words';
import type { TuningInsightsView } from './insight-words';
import {
  Bar,
  BarFill,
  FlagName,
  Head,
  ImportanceList,
  ImportanceRow,
  Note,
  Pair,
  Region,
  RegionLine,
  RegionList,
  RegionWords,
  Root,
  Share,
  SliceControls,
  Title,
} from './tuning-insights.styles';

/** One finished trial, as the slice view reads it. */
export interface InsightTrial {
  trial: number;
  config: Readonly<Record<string, string | number | boolean>>;
  /** The objective value; null for failed trials. */
  value: number | null;
  outcome: TrialOutcome;
}

export interface TuningInsightsProps {
  /** What the tuner's models say; null until they have been fitted. */
  insights: TuningInsightsView | null;
  trials: readonly InsightTrial[];
  /** The searched flags, in the space's order: the slice view offers each. */
  flags: readonly string[];
  /** The choices of categorical flags, in the space's order, for the slice view's columns. */
  choices?: Readonly<Record<string, readonly string[]>>;
  /** The objective's name with its unit, e.g. "output tok/s". */
  metricLabel: string;
  formatValue?: (value: number) => string;
  /** How many successful trials the tuner needs before it fits a model (shown while it waits). */
  minTrials?: number;
  /** The session's search is over: no more trials will come to reach `minTrials`. */
  complete?: boolean;
  /** The flag the slice view starts on; by default the most important one. */
  defaultFlag?: string;
}

function slicePoints(trials: readonly InsightTrial[], flag: string): SlicePoint[] {
  const points: SlicePoint[] = [];
  for (const trial of trials) {
    const x = trial.config[flag];
    // A flag that a condition left inactive in this trial has no place on its axis.
    if (x === undefined) continue;
    points.push({
      trial: trial.trial,
      x: typeof x === 'boolean' ? (x ? 'on' : 'off') : x,
      value: trial.value,
      outcome: trial.outcome,
    });
  }
  return points;
}

/** Why there is no explanation yet, or, once the search is over, why there will be none. */
function waitingWords(succeeded: number, minTrials: number, complete: boolean): string {
  if (succeeded >= minTrials) return "The tuner's models are being fitted to explain its choices.";
  if (!complete)
    return `The tuner explains its choices once ${plural(minTrials, 'trial has', 'trials have')} succeeded (${formatNumber(succeeded)} so far).`;
  const needs = formatNumber(minTrials);
  return succeeded === 0
    ? `No explanation: the session ended without a successful trial, and the tuner needs ${needs} to explain its choices.`
    : `No explanation: the session ended with only ${plural(succeeded, 'successful trial', 'successful trials')}, fewer than the ${needs} the tuner needs to explain its choices.`;
}

/**
 * "Why it wins": each flag's importance in the fitted model, the failure regions the failure
 * model learned, in words, and a slice of every trial along one flag — what optuna-dashboard and
 * W&B sweeps show, on the session page.
 */
export function TuningInsights({
  insights,
  trials,
  flags,
  choices,
  metricLabel,
  formatValue = String,
  minTrials = 6,
  complete = false,
  defaultFlag,
}: TuningInsightsProps) {
  const titleId = useId();
  const ranked = [...(insights?.importance ?? [])].sort((a, b) => b.importance - a.importance);
  const [flag, setFlag] = useState(defaultFlag ?? ranked[0]?.flag ?? flags[0] ?? '');
  const failedTrials = trials.filter((trial) => trial.outcome === 'failed').length;
  // The tuner leaves the importance empty until it has enough successful trials to fit a model.
  const ready = insights !== null && insights.importance.length > 0;
  // The server's count when it answered: the trials it fitted on are the successful ones.
  const succeeded = insights?.trials_fitted ?? trials.filter((trial) => trial.outcome !== 'failed').length;
  const points = slicePoints(trials, flag);
  const sliceChoices = choices?.[flag];

  return (
    <Root as="section" aria-labelledby={titleId}>
      <Head>
        <Title id={titleId}>Why it wins</Title>
        {ready ? (
          <Note>From the tuner&apos;s models, fitted on {plural(insights.trials_fitted, 'trial', 'trials')}.</Note>
        ) : null}
      </Head>
      {ready ? (
        <Pair>
          <Card
            title="What matters"
            headingLevel={3}
            description="Each flag's share of the objective's variation in the fitted model."
          >
            <ImportanceList aria-label="Flag importance">
              {ranked.map((item) => (
                <ImportanceRow key={item.flag}>
                  <FlagName>{item.flag}</FlagName>
                  <Bar aria-hidden="true">
                    <BarFill $share={item.importance} />
                  </Bar>
                  <Share>{formatShare(item.importance)}</Share>
                </ImportanceRow>
              ))}
            </ImportanceList>
          </Card>
          <Card
            title="Where it fails"
            headingLevel={3}
            description="The regions the failure model learned from the failed trials."
          >
            {insights.failure_regions.length > 0 ? (
              <RegionList aria-label="Failure regions">
                {insights.failure_regions.map((region) => {
                  const words = describeFailureRegion(region);
                  return (
                    <Region key={words}>
                      <RegionWords>{words}</RegionWords>
                      <RegionLine>
                        <StatusBadge status={region.kind} />
                        <Note>
                          {formatNumber(region.failed)} of {plural(region.trials, 'trial', 'trials')} there failed
                        </Note>
                      </RegionLine>
                    </Region>
                  );
                })}
              </RegionList>
            ) : (
              <Note>
                {failedTrials === 0
                  ? 'None learned: no trial has failed.'
                  : `None learned: the ${plural(failedTrials, 'failure', 'failures')} so far follow no pattern of flags.`}
              </Note>
            )}
          </Card>
        </Pair>
      ) : (
        <Note>{waitingWords(succeeded, minTrials, complete)}</Note>
      )}
      <Card title="Slices" headingLevel={3} description={`Every trial's ${metricLabel} against one flag.`}>
        {trials.length > 0 && flags.length > 0 ? (
          <>
            <SliceControls>
              <Select
                label="Flag"
                mono
                value={flag}
                options={flags.map((name) => ({ value: name, label: name }))}
                onValueChange={setFlag}
              />
            </SliceControls>
            <TrialSliceChart
              points={points}
              flag={flag}
              metricLabel={metricLabel}
              formatValue={formatValue}
              {...(sliceChoices ? { categories: sliceChoices } : {})}
            />
          </>
        ) : (
          <Note>The slices start with the first reported trial.</Note>
        )}
      </Card>
    </Root>
  );
}
