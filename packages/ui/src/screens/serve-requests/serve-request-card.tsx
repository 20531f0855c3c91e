import { isMetricKey } from '@mako/contract/vocabulary';
import { Badge } from '../../primitives/badge';
import { Button } from '../../primitives/button';
import { Card } from '../../primitives/card';
import { CopyField } from '../../primitives/copy-field';
import { formatHardware } from '../../foundations/format/format';
import { AlertTriangleIcon, CheckIcon } from '../../foundations/icons';
import { RelativeTime } from '../../primitives/relative-time';
import { Stat } from '../../primitives/stat';
import { formatMetric, metricLabel } from '../benchmark-common/benchmark-data';
import { benchRunnerCommand } from '../benchmark-common/runner-commands';
import { Explanation, RequestMeta, RequestTitle } from './serve-requests.styles';

/** The contract's ServeRequest (the fields this screen shows). */
export interface ServeRequestItem {
  id: string;
  ml_model_name: string;
  hardware_config: { name: string; count: number };
  objective: string;
  runtime: string | null;
  /** ready: a launch command exists; no_data: nothing benchmarked yet for this model and hardware. */
  status: 'ready' | 'no_data';
  launch_command: string | null;
  objective_value: number | null;
  created_at: string;
}

export const SERVE_RUNTIME_NAMES: Readonly<Record<string, string>> = {
  vllm: 'vLLM',
  sglang: 'SGLang',
  'tensorrt-llm': 'TensorRT-LLM',
};

/** The objective's words; a metric this version does not know is shown as its key. */
export const objectiveLabel = (objective: string): string =>
  isMetricKey(objective) ? metricLabel(objective) : objective;

const objectiveValue = (objective: string, value: number | null): string =>
  isMetricKey(objective) ? formatMetric(objective, value) : String(value ?? '—');

/** What to run when there is no data: a benchmark of this model on this hardware, posted to MakoOptimize. */
export function benchmarkCommand(
  request: Pick<ServeRequestItem, 'ml_model_name' | 'hardware_config' | 'runtime'>,
): string {
  return benchRunnerCommand({
    model: request.ml_model_name,
    hardware: formatHardware(request.hardware_config),
    runtime: request.runtime ?? undefined,
  });
}

export interface ServeRequestCardProps {
  request: ServeRequestItem;
  now?: Date | number;
  onDeleteRequest: (request: ServeRequestItem) => void;
}

export function ServeRequestCard({ request, now, onDeleteRequest }: ServeRequestCardProps) {
  const hardware = formatHardware(request.hardware_config);
  const ready = request.status === 'ready' && request.launch_command;
  return (
    <Card
      headingLevel={3}
      title={
        <RequestTitle>
          {request.ml_model_name}
          {ready ? (
            <Badge tone="success" icon={<CheckIcon size={12} />}>
              Ready
            </Badge>
          ) : (
            <Badge tone="warning" icon={<AlertTriangleIcon size={12} />}>
              No data
            </Badge>
          )}
        </RequestTitle>
      }
      description={
        <RequestMeta as="span">
          <span>{hardware}</span>
          <span>{request.runtime ? (SERVE_RUNTIME_NAMES[request.runtime] ?? request.runtime) : 'Any runtime'}</span>
          <span>Objective: {objectiveLabel(request.objective)}</span>
          <span>
            Requested <RelativeTime value={request.created_at} now={now} />
          </span>
        </RequestMeta>
      }
      actions={
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete request for ${request.ml_model_name} on ${hardware}`}
          onClick={() => onDeleteRequest(request)}
        >
          Delete
        </Button>
      }
    >
      {ready ? (
        <>
          <Stat
            label={`Best measured ${objectiveLabel(request.objective)}`}
            value={objectiveValue(request.objective, request.objective_value)}
          />
          <CopyField label="Launch command" value={request.launch_command ?? ''} multiline />
        </>
      ) : (
        <>
          <Explanation>
            We have no benchmark of {request.ml_model_name} on {hardware} yet, so there is no launch command to give.
            Run a tuning session for this model and hardware, or post a single benchmark from your endpoint with the
            runner; this request turns ready once results arrive.
          </Explanation>
          <CopyField label="Benchmark this hardware" value={benchmarkCommand(request)} multiline />
        </>
      )}
    </Card>
  );
}
