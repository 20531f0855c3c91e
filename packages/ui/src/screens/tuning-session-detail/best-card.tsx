import { useEffect, useRef, useState } from 'react';
import { Button } from '../../primitives/button';
import { Card } from '../../primitives/card';
import { COPIED_FEEDBACK_MS, CopyField, copyToClipboard } from '../../primitives/copy-field';
import { Stat } from '../../primitives/stat';
import { formatChangeVsDefaults, formatNumber } from '../../foundations/format/format';
import { CheckIcon, CopyIcon } from '../../foundations/icons';
import { formatMetric, metricLabel, runtimeOptionsDiff } from '../benchmark-common/benchmark-data';
import { RuntimeOptionChips } from '../benchmark-common/runtime-options';
import type { RuntimeOptions, TuningBest, TuningSession } from '@mako/contract';
import { relativeGain } from '../tuning-common/tuning-format';
import { BestConfidence } from './best-confidence';
import { defaultsLeftOut, leftOutWords } from './first-trial';
import type { CopiedItem } from './session-detail-types';
import { BestBody, Note, OptionsBlock, OptionsHead } from './tuning-session-detail.styles';

function CopyOptionsButton({ text, onCopied }: { text: string; onCopied: (value: string) => void }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
      onClick={() => {
        copyToClipboard(text).then(
          () => {
            clearTimeout(timer.current);
            setCopied(true);
            onCopied(text);
            timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
          },
          // Copying was refused: the chips stay selectable, so the user copies them by hand.
          () => setCopied(false),
        );
      }}
    >
      {copied ? 'Copied' : 'Copy options'}
    </Button>
  );
}

/** What the first trial will run: the engine defaults, with any the search leaves out moved into range. */
function firstTrialPlan(session: TuningSession, defaults: RuntimeOptions): string {
  const leftOut = defaultsLeftOut(session.search_space?.parameters ?? [], defaults);
  if (leftOut.length === 0) return 'The first trial runs the engine defaults.';
  return (
    `The first trial runs the engine defaults, except where the search range leaves one out: ${leftOut.map(leftOutWords).join(', ')}. ` +
    `${leftOut.length === 1 ? 'That flag starts' : 'Those flags start'} at the closest value the search allows.`
  );
}

interface BestCardProps {
  session: TuningSession;
  best: TuningBest | null | undefined;
  defaults: RuntimeOptions;
  complete: boolean;
  onCopy?: (value: string, item: CopiedItem) => void;
}

export function BestCard({ session, best, defaults, complete, onCopy }: BestCardProps) {
  const { objective } = session;
  const confidence = best?.confidence ?? session.best?.confidence;
  // Re-measured, the best stands for the mean of its runs, not its first reading.
  const value = confidence?.spread.mean ?? best?.result.objective_value ?? session.best?.objective_value ?? null;
  const config = best?.result.config ?? session.best?.config;
  const trial = best?.result.trial_number ?? session.best?.trial_number;
  const title = complete ? 'Best configuration' : 'Best so far';

  if (value === null || !config) {
    return (
      <Card title={title}>
        <Note>
          {complete
            ? 'No configuration met the objective and constraints.'
            : session.counts.evaluated === 0
              ? `Nothing has been measured yet. ${firstTrialPlan(session, defaults)}`
              : 'No configuration has met the objective and constraints yet.'}
        </Note>
      </Card>
    );
  }

  const gain =
    best && best.improvement_pct !== null
      ? best.improvement_pct / 100
      : relativeGain(value, session.default_objective_value, objective.direction);
  const changed = runtimeOptionsDiff(config, [], defaults).map((option) => option.name);
  const all = Object.entries(config).map(([name, optionValue]) => ({ name, value: optionValue }));
  const optionsText = all.map((option) => `${option.name}=${String(option.value)}`).join(' ');

  return (
    <Card title={title}>
      <BestBody>
        <Stat
          size="lg"
          label={metricLabel(objective.metric)}
          value={formatMetric(objective.metric, value)}
          delta={gain === null ? undefined : formatChangeVsDefaults(gain, objective.direction)}
          trend={gain === null || gain === 0 ? 'neutral' : gain > 0 ? 'better' : 'worse'}
          hint={
            trial !== undefined
              ? `Trial ${formatNumber(trial)} of ${formatNumber(session.counts.evaluated)}`
              : undefined
          }
        />
        {confidence ? <BestConfidence metric={objective.metric} confidence={confidence} /> : null}
        <OptionsBlock>
          <OptionsHead>
            <span>Runtime options</span>
            <CopyOptionsButton text={optionsText} onCopied={(text) => onCopy?.(text, 'options')} />
          </OptionsHead>
          <RuntimeOptionChips options={all} aria-label="Runtime options of the best configuration" />
          <Note>
            {changed.length > 0
              ? `Changed from the engine defaults: ${changed.join(', ')}.`
              : 'These are the engine defaults.'}
          </Note>
        </OptionsBlock>
        {best?.launch_command ? (
          <CopyField
            label="Launch command"
            value={best.launch_command}
            multiline
            copyLabel="Copy command"
            onCopy={(command) => onCopy?.(command, 'launch-command')}
          />
        ) : null}
      </BestBody>
    </Card>
  );
}
