import type { Benchmark } from '@mako/contract';
import type { ReactNode } from 'react';
import { Button } from '../../primitives/button';
import { Callout } from '../../primitives/callout';
import { Card } from '../../primitives/card';
import { RelativeTime } from '../../primitives/relative-time';
import { BenchmarkBadges } from '../benchmark-common/benchmark-badges';
import { BenchmarkMeasurements } from './benchmark-measurements';
import { BenchmarkMetrics } from './benchmark-metrics';
import { BenchmarkProvenance, ProvenanceMismatches } from './benchmark-provenance';
import { BenchmarkPrediction } from './benchmark-prediction';
import { BenchmarkReasoningEnergy } from './benchmark-reasoning-energy';
import { Actions, ReadOnlyNote } from './single-benchmark-detail.styles';

export interface SelectedBenchmarkProps {
  /** The chosen benchmark as the list has it. */
  selected: Benchmark;
  /** Its number in the list (1 for the oldest). */
  number: number | undefined;
  /** The same benchmark with its runs' intervals and telemetry, once fetched; `selected` until then. */
  shown: Benchmark;
  /** Publish and Delete for the owner, a note for others; null on a public share page. */
  actions: ReactNode;
  publishError?: ReactNode;
  now?: Date | number;
  timeZone?: string;
}

/** The chosen benchmark's card: every measurement, the prediction beside it, and where it came from. */
export function SelectedBenchmark({
  selected,
  number,
  shown,
  actions,
  publishError,
  now,
  timeZone,
}: SelectedBenchmarkProps) {
  return (
    <Card
      title={`Benchmark #${number ?? ''}`}
      headingLevel={2}
      description={
        <>
          Measured <RelativeTime value={selected.created_at} now={now} timeZone={timeZone} />
          {selected.session_id ? ' in a tuning session' : ''}
        </>
      }
      actions={actions}
    >
      <BenchmarkBadges benchmark={shown} showPrivate />
      {publishError ? <Callout tone="danger">{publishError}</Callout> : null}
      <ProvenanceMismatches benchmark={shown} />
      <BenchmarkMeasurements benchmark={shown} />
      <BenchmarkMetrics benchmark={shown} />
      <BenchmarkReasoningEnergy benchmark={shown} />
      <BenchmarkPrediction benchmark={shown} />
      <BenchmarkProvenance benchmark={shown} />
    </Card>
  );
}

export interface OwnerActionsProps {
  selected: Benchmark;
  /** The viewer owns it: they may publish, unpublish and delete it. */
  owns: boolean;
  publishing: boolean;
  deleting: boolean;
  onPublishChange: (benchmarkId: string, published: boolean) => void;
  /** Asks for the confirmation; the screen holds the dialog so that it outlives the card. */
  onAskDelete: () => void;
}

/** Publish and Delete for the owner of the shown benchmark; why they are missing for anyone else. */
export function OwnerActions({
  selected,
  owns,
  publishing,
  deleting,
  onPublishChange,
  onAskDelete,
}: OwnerActionsProps) {
  if (!owns) return <ReadOnlyNote>Read-only: only its owner can publish or delete this benchmark.</ReadOnlyNote>;
  return (
    <Actions>
      <Button
        variant="secondary"
        size="sm"
        busy={publishing}
        onClick={() => onPublishChange(selected.id, !selected.published)}
      >
        {selected.published ? 'Unpublish' : 'Publish'}
      </Button>
      <Button variant="danger" size="sm" disabled={deleting} onClick={onAskDelete}>
        Delete
      </Button>
    </Actions>
  );
}
