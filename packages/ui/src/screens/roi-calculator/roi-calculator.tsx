import { useState } from 'react';
import { Card } from '../../primitives/card';
import { formatNumber, formatUsd } from '../../foundations/format/format';
import { Stat } from '../../primitives/stat';
import { TextField } from '../../primitives/text-field';
import { computeRoi, HOURS_PER_MONTH, parseRoiDraft, validateRoiField } from './roi';
import type { RoiDraft, RoiField, RoiInputs, RoiResult } from './roi';
import { Assumption, CalculatorRoot, Inputs, Results, StatRow } from './roi-calculator.styles';

export const ROI_TITLE = 'ROI calculator';

/** A typical cloud H100 on demand, a fleet of one node, and the gain tuning usually finds. */
export const ROI_DEFAULTS: RoiInputs = {
  hourlyPriceUsd: 2.5,
  gpuCount: 8,
  utilisationPercent: 60,
  throughputGainPercent: 30,
};

const FIELDS: ReadonlyArray<{ field: RoiField; label: string; hint: string; inputMode: 'decimal' | 'numeric' }> = [
  {
    field: 'hourlyPriceUsd',
    label: 'GPU hourly price (USD)',
    hint: 'What one GPU-hour costs you.',
    inputMode: 'decimal',
  },
  { field: 'gpuCount', label: 'GPUs', hint: 'Serving this workload today.', inputMode: 'numeric' },
  {
    field: 'utilisationPercent',
    label: 'Utilisation (%)',
    hint: 'Share of the month they are paid for and busy.',
    inputMode: 'decimal',
  },
  {
    field: 'throughputGainPercent',
    label: 'Throughput gain (%)',
    hint: 'More tokens/s per GPU after tuning.',
    inputMode: 'decimal',
  },
];

const toDraft = (inputs: RoiInputs): RoiDraft => ({
  hourlyPriceUsd: String(inputs.hourlyPriceUsd),
  gpuCount: String(inputs.gpuCount),
  utilisationPercent: String(inputs.utilisationPercent),
  throughputGainPercent: String(inputs.throughputGainPercent),
});

export interface RoiCalculatorProps {
  defaultValues?: RoiInputs;
  /** Called with every valid recalculation (e.g. for analytics or a shareable URL). */
  onResultChange?: (result: RoiResult, inputs: RoiInputs) => void;
}

/**
 * What tuning is worth in money: the GPU spend a throughput gain frees for the same load, per month
 * and per year, recalculated as the user types.
 *
 *   savings per month = hourly price × GPUs × 730 h × utilisation × gain / (1 + gain)
 *
 * i.e. the GPU-hours no longer needed once each GPU serves 1 + gain times the load (see ./roi.ts).
 */
export function RoiCalculator({ defaultValues = ROI_DEFAULTS, onResultChange }: RoiCalculatorProps) {
  const [draft, setDraft] = useState<RoiDraft>(() => toDraft(defaultValues));
  const parsed = parseRoiDraft(draft);
  const result = parsed.inputs ? computeRoi(parsed.inputs) : null;
  const gain = parsed.inputs?.throughputGainPercent;

  const change = (field: RoiField, text: string) => {
    const next = { ...draft, [field]: text };
    setDraft(next);
    const nextParsed = parseRoiDraft(next);
    if (nextParsed.inputs) onResultChange?.(computeRoi(nextParsed.inputs), nextParsed.inputs);
  };

  return (
    <CalculatorRoot>
      <Card title="Your fleet" description="All fields are required.">
        <Inputs aria-label="ROI inputs" noValidate onSubmit={(event) => event.preventDefault()}>
          {FIELDS.map(({ field, label, hint, inputMode }) => (
            <TextField
              key={field}
              label={label}
              name={field}
              inputMode={inputMode}
              mono
              autoComplete="off"
              hint={hint}
              value={draft[field]}
              error={validateRoiField(field, draft[field])}
              onChange={(event) => change(field, event.target.value)}
            />
          ))}
        </Inputs>
      </Card>
      <Card title="Savings">
        <Results aria-live="polite">
          <StatRow>
            <Stat size="lg" label="Monthly savings" value={formatUsd(result?.monthlySavingsUsd)} />
            <Stat size="lg" label="Yearly savings" value={formatUsd(result?.yearlySavingsUsd)} />
          </StatRow>
          <StatRow>
            <Stat
              label="GPU spend today"
              value={formatUsd(result?.monthlySpendUsd)}
              unit={result ? '/month' : undefined}
            />
            <Stat label="GPUs no longer needed" value={formatNumber(result?.gpusFreed, 1)} />
          </StatRow>
          {result && gain !== undefined ? (
            <Assumption>
              Assumes the same request load: with {formatNumber(gain, 1)} % more throughput per GPU, it needs{' '}
              {formatNumber(100 / (1 + gain / 100), 1)} % of today&rsquo;s GPU-hours, at {HOURS_PER_MONTH} hours a month
              and your utilisation.
            </Assumption>
          ) : (
            <Assumption>Fix the highlighted fields to see your savings.</Assumption>
          )}
        </Results>
      </Card>
    </CalculatorRoot>
  );
}
