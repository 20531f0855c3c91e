import type { Benchmark } from '@mako/contract';
import { TelemetryChart } from '../../primitives/telemetry-chart';
import { formatTokensPerSecond } from '../../foundations/format/format';
import { ClientLimitedCallout } from '../benchmark-common/client-limited-callout';
import { Note, Section, SectionTitle } from './single-benchmark-detail.styles';

const tokensPerSecond = (value: number) => formatTokensPerSecond(value);

/**
 * What the runner saw beside the metrics: whether the client kept up, and the engine's state over
 * the run against the throughput it gave (only in a single benchmark's answer).
 */
export function BenchmarkMeasurements({ benchmark }: { benchmark: Benchmark }) {
  const { client, telemetry } = benchmark;
  return (
    <>
      <ClientLimitedCallout client={client} />
      {telemetry && telemetry.samples.length > 0 ? (
        <Section>
          <SectionTitle>Engine telemetry</SectionTitle>
          <Note>
            The engine&apos;s queue, KV cache and GPUs every {telemetry.interval_s} s, on the same time axis as the
            run&apos;s own output throughput: a cache that fills or a queue that grows shows where latency climbs.
          </Note>
          <TelemetryChart samples={telemetry.samples} formatThroughput={tokensPerSecond} />
        </Section>
      ) : null}
    </>
  );
}
