/**
 * The dataset kinds the product supports: what a benchmark's or tuning session's workload may name,
 * what the new-session dialog and the search form offer, and what the runner generates (its
 * `buildRequests` has one case per kind, so a kind added here fails the runner's typecheck until it
 * has a generator).
 */
export const DATASET_KINDS = ['random', 'sharegpt', 'shared-prefix', 'custom', 'trace', 'multi-turn'] as const;
export type DatasetKind = (typeof DATASET_KINDS)[number];
