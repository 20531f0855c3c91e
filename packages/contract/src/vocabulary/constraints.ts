import { isMetricKey, type METRIC_KEYS } from './metrics.ts';

/*
 * The constraint syntax: `metric op value` terms, comma separated, e.g.
 * `ttft_ms.p99<=200,tpot_ms.p99<=50`. The search form, the router and the API all parse with
 * parseConstraints, so the form rejects exactly what the API would answer with a 422.
 */

export const CONSTRAINT_OPS = ['<=', '>=', '<', '>'] as const;

/** One `metric op value` term (the shape of the `Constraint` schema). */
export interface ConstraintTerm {
  metric: (typeof METRIC_KEYS)[number];
  op: (typeof CONSTRAINT_OPS)[number];
  value: number;
}

/** Parsing is strict: a bad term is an error, never ignored. Empty terms (a trailing comma) are skipped. */
export function parseConstraints(text: string): { ok: true; value: ConstraintTerm[] } | { ok: false; error: string } {
  const out: ConstraintTerm[] = [];
  for (const raw of text.split(',')) {
    const term = raw.trim();
    if (!term) continue;
    const m = /^([a-z0-9_.]+)\s*(<=|>=|<|>)\s*(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/i.exec(term);
    if (!m) return { ok: false, error: `Invalid constraint '${term}': expected metric<=value` };
    const [, metric = '', op, number = ''] = m;
    const value = Number(number);
    // A value that overflows to Infinity fails like an unknown metric, as the Constraint schema does.
    if (!isMetricKey(metric) || !Number.isFinite(value))
      return { ok: false, error: `Unknown metric '${metric}' in constraint '${term}'` };
    out.push({ metric, op: op as ConstraintTerm['op'], value });
  }
  return { ok: true, value: out };
}

export function formatConstraints(constraints: readonly ConstraintTerm[]): string {
  return constraints.map((c) => `${c.metric}${c.op}${c.value}`).join(',');
}

/** Whether a measured value meets a bound. */
export function satisfies(value: number, op: ConstraintTerm['op'], bound: number): boolean {
  switch (op) {
    case '<=':
      return value <= bound;
    case '>=':
      return value >= bound;
    case '<':
      return value < bound;
    case '>':
      return value > bound;
  }
}
