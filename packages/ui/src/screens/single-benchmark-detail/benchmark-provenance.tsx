import type { Benchmark, Provenance, ReportedValue } from '@mako/contract';
import type { ReactNode } from 'react';
import { Callout } from '../../primitives/callout';
import { formatNumber, plural } from '../../foundations/format/format';
import { Note, Section, SectionTitle } from './single-benchmark-detail.styles';
import { FactName, FactValue, Facts, FlagList, MismatchList, Mono, Unknown } from './benchmark-provenance.styles';

const unknown = <Unknown>unknown</Unknown>;

/** A reported value as the engine would print it. */
export const formatReported = (value: ReportedValue): string => (typeof value === 'string' ? value : String(value));

/** Who asked for the flags: a tuning trial's session, or the run's own command line. */
const asker = (benchmark: Benchmark) => (benchmark.session_id ? 'the session' : 'the run');

/**
 * Says, prominently, where the engine reports a flag otherwise than it was asked for: the figures
 * then measure what the engine ran, not the configuration the benchmark is filed under.
 */
export function ProvenanceMismatches({ benchmark }: { benchmark: Benchmark }) {
  const mismatches = benchmark.provenance?.mismatches ?? [];
  if (mismatches.length === 0) return null;
  return (
    <Callout tone="warning" role="none" title="The engine did not run with every flag asked for">
      <MismatchList>
        {mismatches.map((m) => (
          <li key={m.flag}>
            The engine reports <Mono>{m.flag}</Mono> = <Mono>{formatReported(m.reported)}</Mono>, {asker(benchmark)}{' '}
            asked for <Mono>{formatReported(m.asked)}</Mono>.
          </li>
        ))}
      </MismatchList>
      <p>These figures measure what the engine ran.</p>
    </Callout>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <FactName>{name}</FactName>
      <FactValue>{children}</FactValue>
    </>
  );
}

function ProvenanceFacts({ provenance }: { provenance: Provenance }) {
  const { engine, flags, flag_sources: sources, gpu, runner, dataset } = provenance;
  const flagNames = Object.keys(flags).sort();
  return (
    <Facts>
      <Fact name="Engine">
        {engine.name ? (
          <>
            {engine.name} {engine.version ?? unknown}
            {engine.source ? <> · from {engine.source}</> : null}
          </>
        ) : (
          unknown
        )}
      </Fact>
      <Fact name="GPU">
        {gpu ? (
          <>
            {gpu.count}× {gpu.name} · driver {gpu.driver ?? unknown} · memory{' '}
            {gpu.memory_mib === null ? unknown : `${formatNumber(gpu.memory_mib)} MiB`}
          </>
        ) : (
          unknown
        )}
      </Fact>
      <Fact name="Runner">
        {runner ? (
          <>
            mako-runner {runner.version}
            {runner.argv.length > 0 ? (
              <>
                {' '}
                · <Mono>mako-runner {runner.argv.join(' ')}</Mono>
              </>
            ) : null}
          </>
        ) : (
          unknown
        )}
      </Fact>
      <Fact name="Dataset">
        {dataset ? (
          <>
            {dataset.kind} · seed {dataset.seed ?? unknown}
            {dataset.file ? <> · {dataset.file}</> : null}
            {dataset.sha256 ? (
              <>
                {' '}
                · sha256 <Mono>{dataset.sha256}</Mono>
              </>
            ) : null}
          </>
        ) : (
          unknown
        )}
      </Fact>
      <Fact name="Flags in effect">
        {flagNames.length > 0 ? (
          <>
            {plural(flagNames.length, 'flag', 'flags')} as the engine reports them
            {sources.length > 0 ? ` (${sources.join(', ')})` : ''}
            <FlagList aria-label="Flags the engine reports">
              {flagNames.map((name) => (
                <li key={name}>
                  <Mono>
                    {name}={formatReported(flags[name] as ReportedValue)}
                  </Mono>
                </li>
              ))}
            </FlagList>
          </>
        ) : (
          <Unknown>the engine reports none</Unknown>
        )}
      </Fact>
    </Facts>
  );
}

/**
 * What the engine really ran with, as the runner read it (only in a single benchmark's answer);
 * nothing for a benchmark an older runner posted, or one seeded from the performance model.
 */
export function BenchmarkProvenance({ benchmark }: { benchmark: Benchmark }) {
  const { provenance } = benchmark;
  if (!provenance) return null;
  return (
    <Section role="region" aria-label="Provenance">
      <SectionTitle>Provenance</SectionTitle>
      <Note>What the engine really ran with, as the runner read it from the engine and the machine.</Note>
      <ProvenanceFacts provenance={provenance} />
    </Section>
  );
}
