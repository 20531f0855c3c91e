import type { QueryOf } from '@mako/contract';
import { endpointQuery } from './endpoint-query.ts';

/* A runner's load sweeps: read-only here (the runner writes them with its API token). */

export const sweepKeys = {
  all: ['sweeps'] as const,
  lists: () => [...sweepKeys.all, 'list'] as const,
  list: (query: QueryOf<'listSweeps'> = {}) => [...sweepKeys.lists(), query] as const,
  detail: (sweepId: string) => [...sweepKeys.all, 'detail', sweepId] as const,
};

export const sweepQueryOptions = (sweepId: string) =>
  endpointQuery(sweepKeys.detail(sweepId), 'getSweep', { params: { sweep_id: sweepId } });

/** The sweeps a benchmark is a level of (at most one): how its page links to its sweep. */
export const sweepsQueryOptions = (query: QueryOf<'listSweeps'> = {}) =>
  endpointQuery(sweepKeys.list(query), 'listSweeps', { query });
