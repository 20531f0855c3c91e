import * as z from 'zod/mini';
import { PagingQuery, QueryBool } from './common.ts';
import { MetricKey } from './metric-key.ts';
import { parseConstraints } from './vocabulary/constraints.ts';

/*
 * The query of GET /benchmarks/all, which the web app's router also checks the /benchmarks address
 * with on every visit: a module of its own, so the first page carries this schema and not the
 * benchmark entities (a module the first page uses is bundled into it whole).
 */

const QueryInt = z.coerce.number().check(z.int(), z.minimum(0));
const QueryRate = z.union([z.literal('inf'), z.coerce.number().check(z.positive())]);

/** Every filter of GET /benchmarks/all (SPEC §7). */
export const BenchmarkSearchQuery = z.extend(PagingQuery, {
  max_seq_length: z.optional(QueryInt),
  num_requests: z.optional(QueryInt),
  dataset: z.optional(z.string().check(z.maxLength(128))),
  request_rate: z.optional(QueryRate),
  output_len: z.optional(QueryInt),
  min_prompt: z.optional(QueryInt),
  max_prompt: z.optional(QueryInt),
  min_output: z.optional(QueryInt),
  max_output: z.optional(QueryInt),
  /** Bounds on the setting's max_seq_length. */
  min_seq: z.optional(QueryInt),
  max_seq: z.optional(QueryInt),
  software_version: z.optional(z.string().check(z.maxLength(64))),
  model_name: z.optional(z.string().check(z.maxLength(200))),
  hardware_name: z.optional(z.string().check(z.maxLength(64))),
  /** The metric to rank by, best first in its natural direction. */
  objective: z.optional(MetricKey),
  /**
   * `metric op value` terms, comma separated (see parseConstraints), parsed here once: the output
   * is the terms, and a bad term is a 422 naming this field with the parser's message.
   */
  constraints: z.optional(
    z.pipe(
      z.string().check(z.maxLength(1000)),
      z.transform((text, ctx) => {
        const parsed = parseConstraints(text);
        if (parsed.ok) return parsed.value;
        ctx.issues.push({ code: 'custom', message: parsed.error, input: text });
        return z.NEVER;
      }),
    ),
  ),
  verified: z.optional(QueryBool),
  published: z.optional(QueryBool),
});
export type BenchmarkSearchQuery = z.input<typeof BenchmarkSearchQuery>;
