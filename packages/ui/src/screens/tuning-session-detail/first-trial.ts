import { defaultConfig, engineFlagList } from '@mako/contract/vocabulary';
import type { ConfigValue } from '@mako/contract/vocabulary';
import { formatNumber } from '../../foundations/format/format';
import type { RuntimeOptions, SearchParameter, TuningSession } from '@mako/contract';

/*
 * What a session measured first. The tuner proposes the engine's defaults first, but a search
 * range can leave a default out (max_num_seqs searched over 1–32 while vLLM defaults to 256): the
 * tuner then moves that flag to the nearest value in range, and trial 1 is not the defaults. The
 * page compares every trial with the engine's real defaults and says what trial 1 was instead.
 */

/** The engine's defaults for the searched flags (the same ones the API hands the tuner). */
export function sessionDefaults(session: Pick<TuningSession, 'setting' | 'search_space'>): RuntimeOptions {
  const names = session.search_space?.parameters.map((parameter) => parameter.name);
  return defaultConfig(session.setting.software.runtime, names);
}

const valueText = (value: ConfigValue) => (typeof value === 'number' ? formatNumber(value, 3) : String(value));

/**
 * Why a parameter's search leaves `value` out, as the rest of a sentence about that value
 * ("is outside 1–32"); null when the search may try it.
 */
export function outsideSearch(parameter: SearchParameter, value: ConfigValue): string | null {
  switch (parameter.kind) {
    case 'int':
    case 'float':
      if (typeof value !== 'number' || (value >= parameter.low && value <= parameter.high)) return null;
      return `is outside ${valueText(parameter.low)}–${valueText(parameter.high)}`;
    case 'categorical':
      if (parameter.choices.includes(value)) return null;
      return `is not among ${parameter.choices.map(valueText).join(', ')}`;
    case 'bool':
      return null;
  }
}

/** A flag whose engine default the search leaves out. */
export interface DefaultLeftOut {
  name: string;
  default: ConfigValue;
  /** "is outside 1–32". */
  reason: string;
}

/** The searched flags whose default the search cannot try, in the space's order. */
export function defaultsLeftOut(parameters: readonly SearchParameter[], defaults: RuntimeOptions): DefaultLeftOut[] {
  return parameters.flatMap((parameter) => {
    const value = defaults[parameter.name];
    const reason = value === undefined ? null : outsideSearch(parameter, value);
    return value !== undefined && reason ? [{ name: parameter.name, default: value, reason }] : [];
  });
}

/** A flag trial 1 set to something else than the engine's default. */
export interface FirstTrialChange {
  name: string;
  value: ConfigValue;
  default: ConfigValue;
  /** Why the search could not use the default ("is outside 1–32"); null when it could have. */
  reason: string | null;
}

/** How trial 1's configuration differs from the engine defaults; empty when it measured them. */
export function firstTrialChanges(
  config: RuntimeOptions,
  defaults: RuntimeOptions,
  parameters: readonly SearchParameter[],
): FirstTrialChange[] {
  return Object.entries(defaults).flatMap(([name, defaultValue]) => {
    const value = config[name];
    // A flag the trial left unset runs at the engine's default.
    if (value === undefined || value === defaultValue) return [];
    const parameter = parameters.find((candidate) => candidate.name === name);
    return [{ name, value, default: defaultValue, reason: parameter ? outsideSearch(parameter, defaultValue) : null }];
  });
}

/** "max_num_seqs 32 (default 256 is outside 1–32)". */
export const changeWords = (change: FirstTrialChange) =>
  `${change.name} ${valueText(change.value)} (default ${valueText(change.default)}${change.reason ? ` ${change.reason}` : ''})`;

/** "max_num_seqs (default 256 is outside 1–32)". */
export const leftOutWords = (left: DefaultLeftOut) =>
  `${left.name} (default ${valueText(left.default)} ${left.reason})`;

/** The engine's name as people write it: "vLLM". */
export const engineName = (session: Pick<TuningSession, 'setting'>) =>
  engineFlagList(session.setting.software.runtime).display_name;
