export interface StepVerdict {
  level: number;
  passed: boolean;
}

export interface SearchResult {
  /** Highest level that passed; null when even the first failed. */
  best: number | null;
  /** Lowest level seen to fail above `best`; null when the maximum passed. */
  firstFail: number | null;
  steps: StepVerdict[];
}

/**
 * Finds the highest load level that still passes, assuming that passing is monotone in the load:
 * doubles from `start` until a level fails or `max` passes, then bisects between the last pass and
 * the first failure until they are adjacent integers (concurrency) or within `precision` relative
 * to each other (rates). Stops after `maxSteps` evaluations whatever happens.
 */
export async function findHighestPassing(options: {
  start: number;
  max: number;
  integer: boolean;
  precision: number;
  maxSteps: number;
  evaluate: (level: number, step: number) => Promise<boolean>;
}): Promise<SearchResult> {
  const { integer, max, maxSteps, evaluate } = options;
  const round = (x: number) => (integer ? Math.round(x) : Number(x.toPrecision(4)));
  const steps: StepVerdict[] = [];
  const check = async (level: number) => {
    const passed = await evaluate(level, steps.length + 1);
    steps.push({ level, passed });
    return passed;
  };
  let lo: number | null = null;
  let hi: number | null = null;
  let level = round(Math.min(options.start, max));
  while (steps.length < maxSteps) {
    if (await check(level)) {
      lo = level;
      if (level >= max) break;
      level = round(Math.min(max, level * 2));
    } else {
      hi = level;
      break;
    }
  }
  if (lo === null) return { best: null, firstFail: hi, steps };
  while (hi !== null && steps.length < maxSteps) {
    const closeEnough = integer ? hi - lo <= 1 : hi - lo <= lo * options.precision;
    if (closeEnough) break;
    const mid = round((lo + hi) / 2);
    if (mid <= lo || mid >= hi) break;
    if (await check(mid)) lo = mid;
    else hi = mid;
  }
  return { best: lo, firstFail: hi, steps };
}
