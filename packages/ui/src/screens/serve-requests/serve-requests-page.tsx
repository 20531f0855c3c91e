import { METRIC_KEYS } from '@mako/contract/vocabulary';
import { useId } from 'react';
import { Card } from '../../primitives/card';
import { ConfirmDialog, useItemConfirmation } from '../../primitives/dialog';
import { EmptyState } from '../../primitives/empty-state';
import { LoadingErrorWrapper } from '../error-views/loading-error-wrapper';
import type { LoadStateProps } from '../error-views/loading-error-wrapper';
import { formatHardware } from '../../foundations/format/format';
import { metricLabel } from '../benchmark-common/benchmark-data';
import { benchRunnerCommand } from '../benchmark-common/runner-commands';
import type { SelectOption } from '../../primitives/select';
import { SERVE_RUNTIME_NAMES, ServeRequestCard } from './serve-request-card';
import type { ServeRequestItem } from './serve-request-card';
import { ServeRequestForm } from './serve-request-form';
import type { ServeRequestCreateValues, ServeRequestFormProps } from './serve-request-form';
import { ListSection, PageRoot, RequestList, SectionHeading } from './serve-requests.styles';

export const SERVE_REQUESTS_TITLE = 'MAKO Serve Requests';

/** Every metric of the contract, in its order. */
export const SERVE_OBJECTIVE_OPTIONS: readonly SelectOption[] = METRIC_KEYS.map((metric) => ({
  value: metric,
  label: metricLabel(metric),
}));
export const SERVE_RUNTIME_OPTIONS: readonly SelectOption[] = Object.entries(SERVE_RUNTIME_NAMES).map(
  ([value, label]) => ({ value, label }),
);
export const DEFAULT_HARDWARE_SUGGESTIONS: readonly string[] = ['H100', 'H200', 'B200', 'A100-80GB', 'L40S', 'MI300X'];

export interface ServeRequestsPageProps extends LoadStateProps {
  /** The list, newest first; undefined until loaded. */
  requests?: readonly ServeRequestItem[] | null;
  now?: Date | number;

  /** Sends the contract's ServeRequestCreate. */
  onCreate: (values: ServeRequestCreateValues) => void;
  creating?: boolean;
  createError?: string | null;

  onDelete: (id: string) => void;
  /** The id whose delete call is in flight. */
  deletingId?: string | null;
  deleteError?: string | null;

  /** The objectives to offer; every metric of the contract by default. */
  objectiveOptions?: readonly SelectOption[];
  runtimeOptions?: readonly SelectOption[];
  hardwareSuggestions?: readonly string[];
  defaultValues?: ServeRequestFormProps['defaultValues'];
}

/**
 * 'MAKO Serve Requests': ask for the best known setup of a model on your hardware and get its
 * launch command; without data, the request says how to produce some. The AppShell shows the title.
 */
export function ServeRequestsPage({
  requests,
  now,
  onCreate,
  creating = false,
  createError,
  onDelete,
  deletingId,
  deleteError,
  objectiveOptions = SERVE_OBJECTIVE_OPTIONS,
  runtimeOptions = SERVE_RUNTIME_OPTIONS,
  hardwareSuggestions = DEFAULT_HARDWARE_SUGGESTIONS,
  defaultValues,
  ...load
}: ServeRequestsPageProps) {
  const listHeadingId = useId();
  const deletion = useItemConfirmation({
    items: requests,
    busyId: deletingId,
    error: deleteError,
    onConfirm: onDelete,
  });

  return (
    <PageRoot>
      <Card
        title="Request a launch command"
        description="Name a model, your hardware and what matters most. You get the launch command of the best configuration measured for it."
      >
        <ServeRequestForm
          onCreate={onCreate}
          busy={creating}
          error={createError}
          objectiveOptions={objectiveOptions}
          runtimeOptions={runtimeOptions}
          hardwareSuggestions={hardwareSuggestions}
          defaultValues={defaultValues}
        />
      </Card>

      <ListSection aria-labelledby={listHeadingId}>
        <SectionHeading id={listHeadingId}>Your requests</SectionHeading>
        <LoadingErrorWrapper {...load} loadingLabel="Loading serve requests">
          {requests && requests.length > 0 ? (
            <RequestList>
              {requests.map((request) => (
                <li key={request.id}>
                  <ServeRequestCard request={request} now={now} onDeleteRequest={deletion.ask} />
                </li>
              ))}
            </RequestList>
          ) : (
            <EmptyState
              headingLevel={3}
              title="No serve requests yet"
              description="Fill in the form above. Answers come from benchmarks, so if nobody has measured your hardware yet, post one from your endpoint:"
              command={benchRunnerCommand({ hardware: '8x H100' })}
            />
          )}
        </LoadingErrorWrapper>
      </ListSection>

      <ConfirmDialog
        {...deletion.dialogProps}
        title={
          deletion.target
            ? `Delete the request for ${deletion.target.ml_model_name} on ${formatHardware(deletion.target.hardware_config)}?`
            : 'Delete request?'
        }
        description="Only the request goes; the benchmarks behind it stay. You can ask again at any time."
        confirmLabel="Delete request"
      />
    </PageRoot>
  );
}
