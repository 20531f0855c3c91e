import type { Provenance } from '@mako/contract';
import { createCacheResetter } from '../bench/cache-reset.ts';
import type { EndpointConfig } from '../bench/client.ts';
import type { DatasetSpec } from '../bench/datasets.ts';
import { executeBench, type BenchOutcome, type BenchPlan } from '../bench/execute.ts';
import { createProgress } from '../bench/progress.ts';
import { collectProvenance, mismatchWarnings } from '../bench/provenance.ts';
import type { TokenCounter } from '../bench/tokens.ts';
import { resolveCounter } from '../cli/flags/dataset.ts';
import { resolveEndpoint } from '../cli/flags/endpoint.ts';
import { resolveSetting, type ResolvedSetting } from '../cli/flags/setting.ts';
import { parseRuntimeOptions } from '../setting.ts';
import type { SaturationWatch } from '../sweep/saturation.ts';
import type { Context } from './context.ts';

type EndpointSetupFlags = Parameters<typeof resolveEndpoint>[0] &
  Parameters<typeof resolveSetting>[0] & {
    post: boolean;
    tokenizer?: string | undefined;
    'cache-reset': boolean;
    quiet: boolean;
  };

export interface EndpointSetup {
  endpoint: EndpointConfig;
  /** The setting a posted benchmark records; null without --post. */
  setting: ResolvedSetting | null;
  provenance: Provenance;
  counter: TokenCounter;
  /** Runs one benchmark on the endpoint: progress on stderr, its prefix cache reset first, Ctrl-C heeded. */
  execute(plan: BenchPlan, saturation?: SaturationWatch): Promise<BenchOutcome>;
}

/**
 * What bench and sweep settle about the endpoint before their first request: the model, the
 * setting to post, what the engine says it runs with and how tokens are counted; then each
 * benchmark on it alike. Each is checked here, so a typo or a flag the engine did not take costs no load.
 */
export async function setUpEndpoint(
  o: EndpointSetupFlags,
  ctx: Context,
  run: { argv: readonly string[]; dataset: DatasetSpec },
): Promise<EndpointSetup> {
  const { endpoint, ownedBy, warnings } = await resolveEndpoint(o);
  for (const w of warnings) ctx.stderr.write(`warning: ${w}\n`);
  const setting = o.post ? await resolveSetting(o, ownedBy) : null;
  const provenance = await collectProvenance({
    baseUrl: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
    model: endpoint.model,
    argv: run.argv,
    dataset: run.dataset,
    asked: setting?.runtimeOptions ?? parseRuntimeOptions(o['runtime-option']),
  });
  for (const w of mismatchWarnings(provenance)) ctx.stderr.write(`warning: ${w}\n`);
  const counter = resolveCounter(o.tokenizer, endpoint.model);
  const cacheReset = createCacheResetter({
    baseUrl: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
    enabled: o['cache-reset'],
    say: (line) => ctx.stderr.write(`${line}\n`),
  });
  const execute = (plan: BenchPlan, saturation?: SaturationWatch) =>
    executeBench(plan, {
      signal: ctx.signal,
      progress: createProgress(ctx.stderr, o.quiet),
      cacheReset,
      ...(saturation ? { saturation } : {}),
    });
  return { endpoint, setting, provenance, counter, execute };
}
