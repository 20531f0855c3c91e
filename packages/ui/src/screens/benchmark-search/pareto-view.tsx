import type { Benchmark } from '@mako/contract';
import { formatHardware, formatNumber, formatTokensPerSecond } from '../../foundations/format/format';
import { ParetoChart } from '../../primitives/pareto-chart';
import { formatOptionValue, formatRuntime } from '../benchmark-common/benchmark-data';
import { ResultsSummary } from './benchmark-search.styles';

function optionsSummary(benchmark: Benchmark): string {
  const options = Object.entries(benchmark.runtime_options)
    .slice(0, 2)
    .map(([name, value]) => `${name}=${formatOptionValue(value)}`);
  return [benchmark.setting.ml_model_name, formatRuntime(benchmark.setting.software), ...options].join(' · ');
}

/**
 * The search results as a Pareto chart. Loaded when its tab is first shown (see benchmark-search.tsx):
 * the table is what the page opens with, and the chart's code stays out of its first paint.
 */
export default function ParetoView({ results }: { results: readonly Benchmark[] }) {
  const points = results.flatMap((benchmark) =>
    benchmark.output_throughput_per_user === null
      ? []
      : [
          {
            id: benchmark.id,
            x: benchmark.output_throughput_per_user,
            y: benchmark.output_throughput_per_gpu,
            group: formatHardware(benchmark.setting.hardware_config),
            label: optionsSummary(benchmark),
          },
        ],
  );
  const unplotted = results.length - points.length;
  const perRate = (value: number) => formatTokensPerSecond(value, { unit: false });
  return (
    <>
      <ResultsSummary>
        Interactivity (tokens/s one user sees) against throughput per GPU for the results on this page, one colour and
        shape per hardware. The dashed line joins the results nothing else beats on both.
        {unplotted > 0
          ? ` ${formatNumber(unplotted)} without a per-user rate ${unplotted === 1 ? 'is' : 'are'} not plotted.`
          : ''}
      </ResultsSummary>
      <ParetoChart
        points={points}
        formatX={perRate}
        formatY={perRate}
        height={420}
        title="Pareto frontier: tokens/s per GPU against tokens/s per user"
      />
    </>
  );
}
