import type { BenchmarkSetting } from '@mako/contract';
import { Card } from '../../primitives/card';
import { formatHardware, formatNumber } from '../../foundations/format/format';
import { formatLengths, formatRequestRate, formatRuntime } from '../benchmark-common/benchmark-data';
import { FactGrid } from '../benchmark-common/fact-grid';
import type { Fact } from '../benchmark-common/fact-grid';

/** The Workload card: what every benchmark of the setting ran, on what. */
export function WorkloadSummary({ setting }: { setting: BenchmarkSetting }) {
  const { workload } = setting;
  const burstiness =
    workload.burstiness !== undefined && workload.burstiness !== 1
      ? ` (burstiness ${formatNumber(workload.burstiness, 2)})`
      : '';
  const facts: Fact[] = [
    ['Hardware', formatHardware(setting.hardware_config)],
    ['Runtime', formatRuntime(setting.software)],
    ['Dataset', workload.dataset],
    ['Requests', formatNumber(workload.num_requests)],
    ['Request rate', `${formatRequestRate(workload.request_rate)}${burstiness}`],
    ['Max concurrency', workload.max_concurrency ? formatNumber(workload.max_concurrency) : 'Unlimited'],
    ['Prompt → output tokens', formatLengths(workload)],
    ['Max sequence length', formatNumber(workload.max_seq_length)],
  ];
  return (
    <Card title="Workload" headingLevel={2}>
      <FactGrid facts={facts} />
    </Card>
  );
}
