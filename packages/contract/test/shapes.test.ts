import { describe, expectTypeOf, it } from 'vitest';
import type * as schemas from '../src/index.ts';
import type * as shapes from '../src/vocabulary/shapes.ts';

/*
 * The vocabulary spells some shapes as plain types, for the packages that may not load zod (ui,
 * fixtures, the tuner). These checks fail to compile when a schema and its plain type part ways:
 * they bite in the contract's typecheck (`tsc -p .` covers test/, and `pnpm test` runs it), not in
 * `vitest run`, which does not typecheck.
 */
describe('the plain shapes are exactly what the schemas parse', () => {
  it('for benchmarks', () => {
    expectTypeOf<shapes.HardwareConfig>().toEqualTypeOf<schemas.HardwareConfig>();
    expectTypeOf<shapes.Workload>().toEqualTypeOf<schemas.Workload>();
    expectTypeOf<shapes.LatencyStats>().toEqualTypeOf<schemas.LatencyStats>();
    expectTypeOf<shapes.Slo>().toEqualTypeOf<schemas.Slo>();
    expectTypeOf<shapes.Goodput>().toEqualTypeOf<schemas.Goodput>();
    expectTypeOf<shapes.BenchmarkMetrics>().toEqualTypeOf<schemas.BenchmarkMetrics>();
    expectTypeOf<shapes.TelemetrySample>().toEqualTypeOf<schemas.TelemetrySample>();
    expectTypeOf<shapes.Constraint>().toEqualTypeOf<schemas.Constraint>();
  });

  it('for tuning', () => {
    expectTypeOf<shapes.Objective>().toEqualTypeOf<schemas.Objective>();
    expectTypeOf<shapes.ParamCondition>().toEqualTypeOf<schemas.ParamCondition>();
    // A union spelled with its shared `when` factored out: the same values, each way round.
    expectTypeOf<shapes.SearchParameter>().toExtend<schemas.SearchParameter>();
    expectTypeOf<schemas.SearchParameter>().toExtend<shapes.SearchParameter>();
    expectTypeOf<shapes.SpaceRule>().toEqualTypeOf<schemas.SpaceRule>();
    expectTypeOf<shapes.Spread>().toEqualTypeOf<schemas.Spread>();
  });

  it('for accounts', () => {
    expectTypeOf<shapes.ApiToken>().toEqualTypeOf<schemas.ApiToken>();
  });
});
