import type { Benchmark } from '@mako/contract';
import { splitCost } from '@mako/contract/vocabulary';
import { formatMs, formatNumber } from '../../foundations/format/format';
import { Stat } from '../../primitives/stat';
import {
  formatCostPerMillion,
  formatJoules,
  formatShare,
  hasDetailMeasurements,
} from '../benchmark-common/benchmark-data';
import { Note, Section, SectionTitle, StatGrid } from './single-benchmark-detail.styles';

export const NOT_MEASURED = 'Not measured';

const orNotMeasured = (value: number | null | undefined, format: (value: number) => string) =>
  typeof value === 'number' ? format(value) : NOT_MEASURED;
const tokens = (value: number) => formatNumber(value);

/**
 * Reasoning (time to the first answer token against the first token of any kind), the prefix cache
 * (from the answers and from the engine's own counter), energy, and the GPU cost split between
 * input and output tokens. Shown for benchmarks whose runner measured at least one of them.
 */
export function BenchmarkReasoningEnergy({ benchmark }: { benchmark: Benchmark }) {
  if (!hasDetailMeasurements(benchmark)) return null;
  const m = benchmark.metrics;
  const split = splitCost(m, benchmark.cost_per_million_tokens);
  return (
    <>
      <Section as="section" aria-label="Reasoning">
        <SectionTitle>Reasoning</SectionTitle>
        <StatGrid>
          <Stat label="p50 TTFT (any token)" value={formatMs(m.ttft_ms.p50)} unit="ms" />
          <Stat
            label="p50 TTFOT (first answer token)"
            value={orNotMeasured(m.ttfot_ms?.p50, formatMs)}
            unit={m.ttfot_ms ? 'ms' : undefined}
            hint={m.ttfot_ms ? `p99 ${formatMs(m.ttfot_ms.p99)} ms` : undefined}
          />
          <Stat label="Reasoning tokens" value={orNotMeasured(m.reasoning_tokens, tokens)} />
          <Stat label="Answer tokens" value={orNotMeasured(m.answer_tokens, tokens)} />
        </StatGrid>
      </Section>

      <Section as="section" aria-label="Prefix cache">
        <SectionTitle>Prefix cache</SectionTitle>
        <StatGrid>
          <Stat label="Cached prompt tokens" value={orNotMeasured(m.cached_prompt_tokens, tokens)} />
          <Stat label="Hit rate (from the answers)" value={orNotMeasured(m.prefix_cache_hit_rate, formatShare)} />
          <Stat
            label="Hit rate (engine's counter)"
            value={orNotMeasured(m.engine_prefix_cache_hit_rate, formatShare)}
          />
        </StatGrid>
      </Section>

      <Section as="section" aria-label="Energy">
        <SectionTitle>Energy</SectionTitle>
        <StatGrid>
          <Stat label="Per output token" value={orNotMeasured(m.energy?.joules_per_output_token, formatJoules)} />
          <Stat label="Per request" value={orNotMeasured(m.energy?.joules_per_request, formatJoules)} />
          <Stat
            label="Source"
            value={m.energy ? (m.energy.source === 'dcgm' ? 'DCGM energy counter' : 'nvidia-smi power') : NOT_MEASURED}
          />
        </StatGrid>
      </Section>

      <Section as="section" aria-label="Cost by token kind">
        <SectionTitle>Cost by token kind</SectionTitle>
        <StatGrid>
          <Stat label="Per 1M input tokens" value={formatCostPerMillion(split?.input)} />
          <Stat label="Per 1M output tokens" value={formatCostPerMillion(split?.output)} />
        </StatGrid>
        {split ? (
          <Note>
            The GPU cost split by where request time went: {formatShare(split.prefillShare)} before the first token (the
            prompt), the rest producing output. Both add up to the run&apos;s whole cost.
          </Note>
        ) : (
          <Note>No GPU price was given for this run.</Note>
        )}
      </Section>
    </>
  );
}
