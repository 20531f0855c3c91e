/*
 * The endpoint table: one row per operation, each an export of its own, in modules by area. The
 * public pages call only rows of public-pages.ts: a module the first page uses is bundled into it
 * whole, so rows that only signed-in pages call live in the other modules and load with them.
 */
export * from './public-pages.ts';
export * from './site.ts';
export * from './benchmarks.ts';
export * from './tuning.ts';
export * from './account.ts';
export * from './share.ts';
export * from './planner.ts';
export * from './sweeps.ts';
