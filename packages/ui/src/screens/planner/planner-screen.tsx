import type { ReactNode } from 'react';
import { useState } from 'react';
import { useControllableOpen } from '../../primitives/dialog';
import { EmptyState } from '../../primitives/empty-state';
import { ScreenIntro } from '../../primitives/screen-layout';
import { Loading, Skeleton } from '../../primitives/skeleton';
import { ScreenRoot } from '../benchmark-common/benchmark-common.styles';
import { LoadError } from '../benchmark-common/load-error';
import { CreateTuningSessionDialog } from '../create-tuning-session-dialog';
import type { CreateTuningSessionDialogProps } from '../create-tuning-session-dialog';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import { PlanRequestForm } from './plan-request-form';
import { PlanResults, rowId } from './plan-results';
import { PLANNER_TITLE, tuneDefaults } from './planner-format';
import type { PlanCandidateData, PlanData, PlanRequestData } from './planner-format';

export type PlannerStatus = 'idle' | 'loading' | 'error' | 'success';

export interface PlannerScreenProps
  extends
    LoadFailureProps,
    Pick<CreateTuningSessionDialogProps, 'runtimes' | 'runtimesError' | 'onCreate' | 'searchSpaceRules'> {
  /** The models the planner knows (GET /planner/options). */
  models: readonly string[];
  /** The form's first values, e.g. from the address. */
  initialRequest?: PlanRequestData;
  /** The form is valid and was sent: POST /planner/plan with this body. */
  onPlan: (request: PlanRequestData) => void;
  /** 'idle' before the first plan; 'error' with the server's refusal (an unknown model, a benchmark not found). */
  status: PlannerStatus;
  plan?: PlanData | null;
  /** The new-session request is in flight, or the server refused it. */
  creating?: boolean;
  createError?: string | null;
  /** Controlled "Tune this" dialog (close it after a successful create); uncontrolled when left out. */
  tuneDialogOpen?: boolean;
  onTuneDialogOpenChange?: (open: boolean) => void;
  onCopyCommand?: (command: string) => void;
  /** Render the title as this page's h1; leave off when the app shell's top bar shows it. */
  showTitle?: boolean;
}

/**
 * The capacity planner (/planner/): a model, a workload and an SLO in; for every GPU type, count
 * and engine the performance model's capacity under the SLO, throughput per GPU and per user and
 * cost, each with the calibration's error band; one click to tune or benchmark a candidate.
 */
export function PlannerScreen({
  models,
  initialRequest,
  onPlan,
  status,
  plan,
  error,
  onRetry,
  retrying,
  runtimes,
  runtimesError,
  onCreate,
  searchSpaceRules,
  creating,
  createError,
  tuneDialogOpen,
  onTuneDialogOpenChange,
  onCopyCommand,
  showTitle = true,
}: PlannerScreenProps) {
  const [tuning, setTuning] = useState<PlanCandidateData | null>(null);
  const [dialogOpen, setDialogOpen] = useControllableOpen(tuneDialogOpen, onTuneDialogOpenChange);

  let body: ReactNode;
  if (status === 'idle') {
    body = (
      <EmptyState
        title="Plan before you measure"
        description="Choose a model, its workload and your latency SLO, then Plan: every GPU type, GPU count and engine is predicted at the load it can take under the SLO, with its cost and how far such predictions have been off."
        headingLevel={2}
      />
    );
  } else if (status === 'loading') {
    body = (
      <Loading label="Planning">
        <Skeleton height={28} width="40%" />
        <Skeleton height={240} radius={8} />
      </Loading>
    );
  } else if (status === 'error') {
    body = <LoadError error={error} onRetry={onRetry} retrying={retrying} />;
  } else if (plan) {
    body = (
      <PlanResults
        plan={plan}
        onCopyCommand={onCopyCommand}
        onTune={(c) => {
          setTuning(c);
          setDialogOpen(true);
        }}
      />
    );
  }

  return (
    <ScreenRoot>
      {showTitle ? (
        <ScreenIntro
          title={PLANNER_TITLE}
          lede="Which GPU, how many and which engine, before you rent any: predicted capacity, throughput and cost under your SLO."
        />
      ) : null}
      <PlanRequestForm
        models={models}
        initialRequest={initialRequest}
        onPlan={onPlan}
        planning={status === 'loading'}
        plan={status === 'success' ? plan : null}
      />
      {body}
      <CreateTuningSessionDialog
        key={tuning ? rowId(tuning) : 'none'}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        runtimes={runtimes}
        runtimesError={runtimesError}
        onCreate={onCreate}
        busy={creating}
        error={createError}
        searchSpaceRules={searchSpaceRules}
        defaultValues={tuning && plan ? tuneDefaults(plan, tuning) : undefined}
      />
    </ScreenRoot>
  );
}
