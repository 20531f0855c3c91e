import type { ReactNode } from 'react';
import { DefinitionGrid } from './benchmark-common.styles';

/** One labelled figure: its term, then its value. */
export type Fact = readonly [term: string, value: ReactNode];

/** Labelled figures in as many columns as fit, as a description list; each term names one value. */
export function FactGrid({ facts }: { facts: readonly Fact[] }) {
  return (
    <DefinitionGrid>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </DefinitionGrid>
  );
}
