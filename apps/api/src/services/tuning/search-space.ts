import {
  defaultConfig,
  type Runtime,
  type RuntimeOptions,
  type SearchSpace,
  type TuningSessionCreate,
} from '@mako/contract';
import type { Config as TunerConfig } from '@mako/tuner';
import type { z } from 'zod';
import { Invalid } from '../errors.ts';

type SpaceInput = z.output<typeof TuningSessionCreate>['search_space'];

/** Names in conditions and rules must be parameters of the space; a typo would silently never apply. */
export function checkSpace(space: SpaceInput): void {
  const names = new Set(space.parameters.map((p) => p.name));
  if (names.size !== space.parameters.length)
    throw new Invalid(['body', 'search_space', 'parameters'], 'Parameter names must be unique');
  space.parameters.forEach((p, i) => {
    if (p.when && !names.has(p.when.param))
      throw new Invalid(
        ['body', 'search_space', 'parameters', i, 'when', 'param'],
        `Unknown parameter '${p.when.param}'`,
      );
  });
  space.rules.forEach((r, i) => {
    const refs = [
      r.left,
      ...(typeof r.right === 'object' && 'param' in r.right ? [r.right.param] : []),
      ...(r.when ? [r.when.param] : []),
    ];
    for (const ref of refs)
      if (!names.has(ref)) throw new Invalid(['body', 'search_space', 'rules', i], `Unknown parameter '${ref}'`);
  });
}

export const parameterNames = (space: SearchSpace) => space.parameters.map((p) => p.name);

/** The engine defaults of the searched flags: the configuration every session measures first. */
export const sessionDefaults = (runtime: Runtime, space: SearchSpace) => defaultConfig(runtime, parameterNames(space));

export function isDefaults(config: RuntimeOptions, defaults: RuntimeOptions): boolean {
  const names = Object.keys(defaults);
  return names.length > 0 && names.every((n) => config[n] === defaults[n]);
}

/**
 * Another run's configuration in this session's terms: only the searched flags, with engine
 * defaults for the ones it did not set. Null when a searched flag has no value and no default.
 */
export function projectConfig(config: RuntimeOptions, names: string[], defaults: RuntimeOptions): TunerConfig | null {
  const out: TunerConfig = {};
  for (const name of names) {
    const value = config[name] ?? defaults[name];
    if (value === undefined) return null;
    out[name] = value;
  }
  return out;
}
