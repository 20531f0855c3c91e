/** The most benchmarks one comparison holds: beyond four the columns no longer fit a laptop. */
export const MAX_COMPARED = 4;
