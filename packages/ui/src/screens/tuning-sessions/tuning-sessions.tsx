import { createColumnHelper } from '@tanstack/react-table';
import { StatusBadge } from '../../primitives/badge';
import { formatMetric, formatRuntime } from '../benchmark-common/benchmark-data';
import { OpenLink } from '../benchmark-common/open-link';
import { Button } from '../../primitives/button';
import { useControllableOpen } from '../../primitives/dialog';
import { CreateTuningSessionDialog } from '../create-tuning-session-dialog';
import type { CreateTuningSessionDialogProps } from '../create-tuning-session-dialog';
import { DataTable } from '../../primitives/data-table';
import { EmptyState } from '../../primitives/empty-state';
import { LoadingErrorWrapper, statusLoadState } from '../error-views/loading-error-wrapper';
import type { LoadFailureProps } from '../error-views/loading-error-wrapper';
import { formatHardware, formatNumber } from '../../foundations/format/format';
import { RelativeTime } from '../../primitives/relative-time';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { objectiveLabel, TUNING_SESSIONS_TITLE, tuneRunnerCommand } from '../tuning-common/tuning-format';
import {
  Bar,
  BestValue,
  HeaderActions,
  ModelCell,
  Muted,
  Progress,
  ProgressText,
  ScreenHeader,
  ScreenRoot,
  ScreenTitle,
  Segment,
  SessionName,
  Stacked,
  TableArea,
} from './tuning-sessions.styles';
import type { TuningSession } from '@mako/contract';

/** The create dialog's own props pass straight through, with the same meaning. */
type CreateDialogPassThrough = Pick<
  CreateTuningSessionDialogProps,
  'runtimes' | 'runtimesError' | 'onCreate' | 'searchSpaceRules'
>;

export interface TuningSessionsScreenProps extends CreateDialogPassThrough, LoadFailureProps {
  /** The state of GET /tuning/session/mine. */
  status: 'loading' | 'error' | 'success';
  /** The caller's sessions (the page's `data`). */
  sessions?: readonly TuningSession[];
  /** A row was chosen: navigate to /tuning-sessions/{id}. */
  onOpenSession: (sessionId: string) => void;
  /** The detail page's address, so a row's link also opens in a new tab. */
  sessionHref?: (sessionId: string) => string;
  /** The reference for relative dates; stories pass a fixed one. */
  now?: Date | number;
  /** Render the page title as this screen's h1; turn off when the AppShell's top bar shows it. */
  showTitle?: boolean;

  /** The create request is in flight. */
  creating?: boolean;
  /** The server's refusal, e.g. 'User is not allowed to create new tuning session'. */
  createError?: string | null;
  /** Controlled create dialog (close it after a successful create); uncontrolled when left out. */
  createDialogOpen?: boolean;
  onCreateDialogOpenChange?: (open: boolean) => void;
  /** The empty state's runner command was copied. */
  onCopyCommand?: (command: string) => void;
}

const column = createColumnHelper<TuningSession>();

function ProgressCell({ session }: { session: TuningSession }) {
  const { evaluated, pending, failed } = session.counts;
  const budget = Math.max(session.budget.max_trials, 1);
  const measured = Math.max(evaluated - failed, 0);
  return (
    <Progress>
      <Bar aria-hidden="true">
        <Segment $tone="done" $share={measured / budget} />
        <Segment $tone="failed" $share={failed / budget} />
        <Segment $tone="pending" $share={pending / budget} />
      </Bar>
      <ProgressText>
        <strong>
          {formatNumber(evaluated)}/{formatNumber(session.budget.max_trials)}
        </strong>
        <VisuallyHidden> trials evaluated</VisuallyHidden> · {formatNumber(pending)} pending · {formatNumber(failed)}{' '}
        failed
      </ProgressText>
    </Progress>
  );
}

function sessionColumns(
  onOpenSession: (id: string) => void,
  sessionHref: ((id: string) => string) | undefined,
  now: Date | number | undefined,
) {
  return [
    column.accessor((session) => session.setting.ml_model_name, {
      id: 'model',
      header: 'Model',
      cell: ({ row }) => (
        <ModelCell>
          <OpenLink href={sessionHref?.(row.original.id)} onOpen={() => onOpenSession(row.original.id)}>
            {row.original.setting.ml_model_name}
          </OpenLink>
          {row.original.name ? <SessionName>{row.original.name}</SessionName> : null}
        </ModelCell>
      ),
    }),
    // The runtime rides under the hardware: together they are what the model is served on.
    column.accessor((session) => formatHardware(session.setting.hardware_config), {
      id: 'hardware',
      header: 'Hardware · runtime',
      sortingFn: 'alphanumeric',
      cell: ({ row, getValue }) => (
        <Stacked>
          <span>{getValue()}</span>
          <Muted>{formatRuntime(row.original.setting.software)}</Muted>
        </Stacked>
      ),
    }),
    column.accessor((session) => objectiveLabel(session.objective), { id: 'objective', header: 'Objective' }),
    column.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
    column.accessor((session) => session.counts.evaluated / Math.max(session.budget.max_trials, 1), {
      id: 'progress',
      header: 'Progress',
      cell: ({ row }) => <ProgressCell session={row.original} />,
    }),
    column.display({
      id: 'best',
      header: 'Best',
      meta: { numeric: true },
      cell: ({ row }) => {
        const { best, objective } = row.original;
        if (!best) return <Muted>None yet</Muted>;
        return (
          <BestValue>
            <span>{formatMetric(objective.metric, best.objective_value)}</span>
            <Muted>trial {formatNumber(best.trial_number)}</Muted>
          </BestValue>
        );
      },
    }),
    column.accessor((session) => Date.parse(session.created_at), {
      id: 'created',
      header: 'Created',
      sortDescFirst: true,
      cell: ({ row }) => <RelativeTime value={row.original.created_at} now={now} />,
    }),
  ];
}

/**
 * 'Tuning sessions': the caller's sessions in a sortable table (a row opens the session) and the
 * "New tuning session" dialog. Data in through props, navigation and creation out through callbacks.
 */
export function TuningSessionsScreen({
  status,
  sessions = [],
  error,
  onRetry,
  retrying,
  onOpenSession,
  sessionHref,
  now,
  showTitle = true,
  runtimes,
  runtimesError,
  onCreate,
  creating,
  createError,
  createDialogOpen,
  onCreateDialogOpenChange,
  searchSpaceRules,
  onCopyCommand,
}: TuningSessionsScreenProps) {
  // The empty state's button opens the dialog too, so the screen holds its open state.
  const [dialogOpen, setDialogOpen] = useControllableOpen(createDialogOpen, onCreateDialogOpenChange);

  const columns = sessionColumns(onOpenSession, sessionHref, now);

  return (
    <ScreenRoot>
      <ScreenHeader>
        {showTitle ? <ScreenTitle>{TUNING_SESSIONS_TITLE}</ScreenTitle> : null}
        <HeaderActions>
          <CreateTuningSessionDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            trigger={<Button>New tuning session</Button>}
            runtimes={runtimes}
            runtimesError={runtimesError}
            onCreate={onCreate}
            busy={creating}
            error={createError}
            searchSpaceRules={searchSpaceRules}
          />
        </HeaderActions>
      </ScreenHeader>
      <LoadingErrorWrapper
        {...statusLoadState(status, { error, onRetry, retrying })}
        loadingLabel="Loading tuning sessions"
        skeleton={<DataTable data={[]} columns={columns} caption={TUNING_SESSIONS_TITLE} loading />}
      >
        {sessions.length === 0 ? (
          <EmptyState
            title="No tuning sessions yet"
            description="Create a session to say what to tune, then start a runner next to your GPUs: it leases configurations, benchmarks them and reports back until the budget is spent."
            command={tuneRunnerCommand()}
            commandLabel="Then run on your GPU machine"
            onCopyCommand={onCopyCommand}
            actions={<Button onClick={() => setDialogOpen(true)}>Create your first session</Button>}
          />
        ) : (
          <TableArea>
            <DataTable
              data={sessions}
              columns={columns}
              caption={TUNING_SESSIONS_TITLE}
              getRowId={(session) => session.id}
              initialSorting={[{ id: 'created', desc: true }]}
              rowHeight={56}
            />
          </TableArea>
        )}
      </LoadingErrorWrapper>
    </ScreenRoot>
  );
}
