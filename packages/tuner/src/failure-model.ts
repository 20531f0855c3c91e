import { GaussianProcess } from './gp.ts';
import { fitHyper } from './hyper-fit.ts';
import { NOMINAL, NUMERIC } from './dims.ts';

/**
 * Probability that a configuration fails (OOM, crash, timeout, rejected), learnt from every
 * observed trial — the role SCOOT gives its failure classifier. Each failure kind gets its own
 * classifier, because each has its own cause (OOM follows memory fraction and parallelism, a crash
 * a flag combination, a timeout tiny batches), and the probability of succeeding is the product.
 *
 * One classifier is a Gaussian process regressed on the 0/1 labels around the kind's base rate
 * (least-squares classification), with its own automatic-relevance length scales so that it
 * singles out the flags that decide that failure. Its posterior mean, clipped to [0, 1], is the
 * probability: it interpolates the observations, so it draws a sharp boundary between neighbouring
 * failed and successful trials (an OOM cliff), and falls back to the base rate far from any
 * evidence. Only the mean is needed, so a query costs O(n).
 */
class KindClassifier {
  private constructor(
    private readonly gp: GaussianProcess,
    private readonly base: number,
  ) {}

  static fit(kinds: Uint8Array, points: readonly Float64Array[], labels: readonly boolean[]): KindClassifier {
    const positives = labels.filter(Boolean).length;
    const base = (positives + 0.5) / (labels.length + 1);
    const centred = labels.map((l) => (l ? 1 : 0) - base);
    const hyper = fitHyper(
      kinds,
      points,
      [centred],
      labels.map((l) => (l ? 1 : 0)),
    );
    // Labels are exact: keep the fit close to interpolation so cliffs stay sharp.
    const gp = new GaussianProcess(kinds, { ...hyper, noise: Math.min(hyper.noise, 0.05) }, points, [centred]);
    return new KindClassifier(gp, base);
  }

  probability(x: Float64Array): number {
    return Math.min(1, Math.max(0, this.base + this.gp.predictMean(x)));
  }
}

/** A flag value: categorical or boolean feature `dim` equals `value`. */
type Literal = { dim: number; value: number };

/**
 * A suspected cause of a crash, one of three families:
 *  - one flag value;
 *  - two flag values together (fp8 KV cache in 8-token blocks);
 *  - a numeric feature beyond a threshold under one flag value (vLLM refuses to start when chunked
 *    prefill is off and `max_num_batched_tokens` is below the model length).
 * A threshold that holds whatever the flags is left to the smooth classifier, which draws
 * boundaries over several numeric features at once (a crash no hypothesis explains goes there).
 */
interface Hypothesis {
  /** Identity across crashed runs: runs that share a cause are explained by the same key. */
  key: string;
  family: number;
  literals: Literal[];
  /** Thresholds: feature `dim` below (`sign` 1) or above (`sign` −1) `threshold`. */
  numeric: { dim: number; sign: 1 | -1; threshold: number } | null;
}
const FLAG = 0;
const PAIR = 1;
const THRESHOLD = 2;
const FAMILIES = 3;

/**
 * How far past a crashed run's value a threshold reaches when no successful run bounds it, in
 * feature units: the narrowest claim the crash supports, widened a little so that the next value
 * along is not taken for safe.
 */
const UNBOUNDED_REACH = 0.1;

/**
 * How much of a crash's blame is left open, divided by the number of crashes its cause explains:
 * no belief closes a region for good. A blamed candidate keeps a share of its expected improvement
 * and is measured once nothing else is worth more, which clears a wrong belief (a flaky run, a
 * numeric cause pinned on a flag pair) or confirms a right one, which then leaks less.
 */
const LEAK = 0.1;

/**
 * Crashes explained by hypotheses rather than smoothed over.
 *
 * Each crashed run is explained by one of the hypotheses it satisfies that no successful run
 * satisfies (a threshold is placed halfway between the crashed value and the nearest successful
 * one under the same flag value). Which one is weighed, per crashed run, by
 *  - its family: each of the three families gets the same share, split among its members, so that
 *    the many flag pairs together do not outweigh the few flag values;
 *  - how many crashed runs it explains, squared (Occam: one cause behind several crashes is more
 *    likely than several coincidences). A numeric boundary that every crash sits behind thus takes
 *    the blame from the flag pairs each crash happened to have.
 * The chance that a candidate crashes for the same reason as one crashed run is the weight of that
 * run's hypotheses it satisfies; its risk is the largest over crashed runs (crashed runs often share
 * one cause, and counting them as independent would close every flag value that merely appeared
 * in several), less LEAK. A crash that no hypothesis explains is left to the smooth
 * classifier.
 */
class CrashHypotheses {
  private constructor(private readonly compiled: CompiledCauses) {}

  /** The model, and the crashed observations it cannot explain. */
  static fit(
    kinds: Uint8Array,
    points: readonly Float64Array[],
    crashed: readonly boolean[],
    succeeded: readonly boolean[],
    numeric: boolean,
  ): { model: CrashHypotheses; unexplained: boolean[] } {
    const successes = points.filter((_, i) => succeeded[i]);
    const having = successesHaving(successes);
    const perCrash: Hypothesis[][] = [];
    const unexplained = crashed.map((isCrash, i) => {
      if (!isCrash) return false;
      const open = openHypotheses(kinds, points[i] as Float64Array, successes, numeric, having);
      if (open.length === 0) return true;
      perCrash.push(open);
      return false;
    });
    const explains = new Map<string, number>();
    for (const open of perCrash) for (const h of open) explains.set(h.key, (explains.get(h.key) ?? 0) + 1);
    const causes = perCrash.map((open) => {
      const familySize = new Array<number>(FAMILIES).fill(0);
      for (const h of open) familySize[h.family] = (familySize[h.family] as number) + 1;
      const raw = open.map((h) => (explains.get(h.key) ?? 1) ** 2 / (familySize[h.family] as number));
      const total = raw.reduce((s, w) => s + w, 0);
      return {
        hypotheses: open,
        weights: raw.map((w) => w / total),
        support: open.map((h) => explains.get(h.key) ?? 1),
      };
    });
    return { model: new CrashHypotheses(compileCauses(causes)), unexplained };
  }

  probability(x: Float64Array): number {
    const c = this.compiled;
    // Each distinct flag value, then each distinct hypothesis, is tested once per candidate: crashed
    // runs share most of theirs (every crash with the same flag value names it).
    const literalHolds = c.literalHolds;
    for (let l = 0; l < literalHolds.length; l++)
      literalHolds[l] = x[c.literalDim[l] as number] === c.literalValue[l] ? 1 : 0;
    const hypothesisHolds = c.hypothesisHolds;
    for (let h = 0; h < hypothesisHolds.length; h++) {
      const second = c.secondLiteral[h] as number;
      let holds = literalHolds[c.firstLiteral[h] as number] === 1 && (second < 0 || literalHolds[second] === 1);
      const dim = c.thresholdDim[h] as number;
      if (holds && dim >= 0) {
        const v = x[dim] as number;
        holds = !Number.isNaN(v) && (c.thresholdSign[h] as number) * ((c.threshold[h] as number) - v) > 0;
      }
      hypothesisHolds[h] = holds ? 1 : 0;
    }
    let most = 0;
    for (let cause = 0; cause + 1 < c.causeStart.length; cause++) {
      let hit = 0;
      let crashes = 0;
      for (let e = c.causeStart[cause] as number; e < (c.causeStart[cause + 1] as number); e++) {
        if (hypothesisHolds[c.entryHypothesis[e] as number] === 0) continue;
        hit += c.entryWeight[e] as number;
        crashes += c.entryWeightedSupport[e] as number;
      }
      if (hit === 0) continue;
      // The blame leaks LEAK / (the number of crashed runs the hypotheses hit explain, on average):
      // never closed, but each crash that confirms a cause makes retesting it less likely.
      const risk = hit * (1 - LEAK / (crashes / hit));
      if (risk > most) most = risk;
    }
    return most;
  }
}

/**
 * The crashed runs' weighted hypotheses in flat arrays, every distinct flag value and hypothesis
 * once, since probability() runs for every candidate of every proposal.
 */
interface CompiledCauses {
  literalDim: Int32Array;
  literalValue: Float64Array;
  /** Per hypothesis: its flag values (second −1 when it has one) and threshold (dim −1 when none). */
  firstLiteral: Int32Array;
  secondLiteral: Int32Array;
  thresholdDim: Int32Array;
  thresholdSign: Float64Array;
  threshold: Float64Array;
  /** Crashed run c's entries are [causeStart[c], causeStart[c + 1]). */
  causeStart: Int32Array;
  entryHypothesis: Int32Array;
  entryWeight: Float64Array;
  /** weight × the number of crashed runs the hypothesis explains. */
  entryWeightedSupport: Float64Array;
  /** Scratch for probability(). */
  literalHolds: Uint8Array;
  hypothesisHolds: Uint8Array;
}

function compileCauses(
  causes: readonly { hypotheses: readonly Hypothesis[]; weights: readonly number[]; support: readonly number[] }[],
): CompiledCauses {
  const literalIndex = new Map<string, number>();
  const literals: Literal[] = [];
  const literalOf = (l: Literal): number => {
    const key = `${l.dim}=${l.value}`;
    let i = literalIndex.get(key);
    if (i === undefined) {
      i = literals.push(l) - 1;
      literalIndex.set(key, i);
    }
    return i;
  };
  const hypothesisIndex = new Map<string, number>();
  const hypotheses: Hypothesis[] = [];
  const entries: { hypothesis: number; weight: number; weightedSupport: number }[] = [];
  const causeStart = new Int32Array(causes.length + 1);
  causes.forEach(({ hypotheses: open, weights, support }, c) => {
    open.forEach((h, j) => {
      // A threshold's key names its feature and condition, not where the crashed run put it.
      const key = h.numeric ? `${h.key}@${h.numeric.threshold}` : h.key;
      let i = hypothesisIndex.get(key);
      if (i === undefined) {
        i = hypotheses.push(h) - 1;
        hypothesisIndex.set(key, i);
      }
      const weight = weights[j] as number;
      entries.push({ hypothesis: i, weight, weightedSupport: weight * (support[j] as number) });
    });
    causeStart[c + 1] = entries.length;
  });
  const firstLiteral = Int32Array.from(hypotheses, (h) => literalOf(h.literals[0] as Literal));
  const secondLiteral = Int32Array.from(hypotheses, (h) => (h.literals[1] ? literalOf(h.literals[1]) : -1));
  return {
    literalDim: Int32Array.from(literals, (l) => l.dim),
    literalValue: Float64Array.from(literals, (l) => l.value),
    firstLiteral,
    secondLiteral,
    thresholdDim: Int32Array.from(hypotheses, (h) => h.numeric?.dim ?? -1),
    thresholdSign: Float64Array.from(hypotheses, (h) => h.numeric?.sign ?? 0),
    threshold: Float64Array.from(hypotheses, (h) => h.numeric?.threshold ?? 0),
    causeStart,
    entryHypothesis: Int32Array.from(entries, (e) => e.hypothesis),
    entryWeight: Float64Array.from(entries, (e) => e.weight),
    entryWeightedSupport: Float64Array.from(entries, (e) => e.weightedSupport),
    literalHolds: new Uint8Array(literals.length),
    hypothesisHolds: new Uint8Array(hypotheses.length),
  };
}

/**
 * The successful runs with a flag value, as a bit set over `successes` (bit i of word i >> 5),
 * built once per flag value: every crashed run asks about the flag values and pairs it has.
 */
function successesHaving(successes: readonly Float64Array[]): (l: Literal) => Uint32Array {
  const sets = new Map<string, Uint32Array>();
  return (l) => {
    const key = `${l.dim}=${l.value}`;
    const known = sets.get(key);
    if (known) return known;
    const set = new Uint32Array((successes.length + 31) >> 5);
    successes.forEach((s, i) => {
      if (s[l.dim] === l.value) set[i >> 5] = (set[i >> 5] as number) | (1 << (i & 31));
    });
    sets.set(key, set);
    return set;
  };
}

/** The hypotheses a crashed run at x satisfies that no successful run satisfies. */
function openHypotheses(
  kinds: Uint8Array,
  x: Float64Array,
  successes: readonly Float64Array[],
  numeric: boolean,
  having: (l: Literal) => Uint32Array,
): Hypothesis[] {
  const literals: Literal[] = [];
  for (let d = 0; d < kinds.length; d++)
    if (kinds[d] !== NUMERIC && !Number.isNaN(x[d] as number)) literals.push({ dim: d, value: x[d] as number });
  const name = (l: Literal) => `${l.dim}=${l.value}`;
  const out: Hypothesis[] = [];
  const sets = literals.map(having);
  const none = (set: Uint32Array) => set.every((w) => w === 0);
  const noneOfBoth = (a: Uint32Array, b: Uint32Array) => a.every((w, i) => (w & (b[i] as number)) === 0);
  literals.forEach((l, a) => {
    if (none(sets[a] as Uint32Array)) out.push({ key: name(l), family: FLAG, literals: [l], numeric: null });
  });
  for (let a = 0; a < literals.length; a++)
    for (let b = a + 1; b < literals.length; b++) {
      const pair = [literals[a] as Literal, literals[b] as Literal];
      if (noneOfBoth(sets[a] as Uint32Array, sets[b] as Uint32Array))
        out.push({
          key: `${name(pair[0] as Literal)}&${name(pair[1] as Literal)}`,
          family: PAIR,
          literals: pair,
          numeric: null,
        });
    }
  if (!numeric) return out;
  // The successful runs under each flag value, in order.
  const under = sets.map((set) => successes.filter((_, i) => ((set[i >> 5] as number) >>> (i & 31)) & 1));
  for (let d = 0; d < kinds.length; d++) {
    const v = x[d] as number;
    if (kinds[d] === NOMINAL || Number.isNaN(v)) continue;
    literals.forEach((condition, c) => {
      // Under a flag value no run has succeeded with, the threshold reaches UNBOUNDED_REACH past the
      // crash: the flag value may be fine with a larger token budget, and only measuring tells.
      for (const sign of [1, -1] as const) {
        // The nearest successful value on the far side of the threshold.
        let bound = v + sign * UNBOUNDED_REACH * 2;
        let ruledOut = false;
        for (const s of under[c] as Float64Array[]) {
          const sv = s[d] as number;
          if (Number.isNaN(sv)) continue;
          if (sign * (sv - v) <= 0) {
            ruledOut = true;
            break;
          }
          if (sign * (sv - bound) < 0) bound = sv;
        }
        if (ruledOut) continue;
        out.push({
          key: `${d}${sign > 0 ? '<' : '>'}|${name(condition)}`,
          family: THRESHOLD,
          literals: [condition],
          numeric: { dim: d, sign, threshold: (v + bound) / 2 },
        });
      }
    });
  }
  return out;
}

/** Kinds whose causes are usually flag combinations or start-up checks (validation, kernel support). */
const HYPOTHESIS_KINDS: ReadonlySet<string> = new Set(['crash', 'invalid']);

/** Which parts of the failure model are on (all, unless a benchmark ablation switches one off). */
export interface FailureOptions {
  hypotheses?: boolean;
  numericHypotheses?: boolean;
}

/** The failure probability in two parts, since they are trusted differently (surrogate.ts, score). */
export interface FailureRisk {
  /** From the smooth classifiers (OOM, timeouts, crashes no hypothesis explains). */
  smooth: number;
  /** From crash hypotheses: never 1 (LEAK). */
  blamed: number;
}

export class FailureModel {
  private constructor(
    private readonly classifiers: KindClassifier[],
    private readonly hypotheses: CrashHypotheses[],
  ) {}

  /** Null when nothing has failed: every region is then presumed safe. */
  static fit(
    kinds: Uint8Array,
    points: readonly Float64Array[],
    failures: readonly (string | null)[],
    options: FailureOptions = {},
  ): FailureModel | null {
    const kindsSeen = [...new Set(failures.filter((f): f is string => f !== null))].sort();
    if (kindsSeen.length === 0) return null;
    const succeeded = failures.map((f) => f === null);
    const classifiers: KindClassifier[] = [];
    const hypotheses: CrashHypotheses[] = [];
    for (const k of kindsSeen) {
      let labels = failures.map((f) => f === k);
      if (HYPOTHESIS_KINDS.has(k) && options.hypotheses !== false) {
        const fitted = CrashHypotheses.fit(kinds, points, labels, succeeded, options.numericHypotheses !== false);
        hypotheses.push(fitted.model);
        labels = fitted.unexplained;
        if (!labels.some(Boolean)) continue;
      }
      classifiers.push(KindClassifier.fit(kinds, points, labels));
    }
    return new FailureModel(classifiers, hypotheses);
  }

  risk(x: Float64Array): FailureRisk {
    let smoothOk = 1;
    for (const c of this.classifiers) smoothOk *= 1 - c.probability(x);
    let blamedOk = 1;
    for (const h of this.hypotheses) blamedOk *= 1 - h.probability(x);
    return { smooth: 1 - smoothOk, blamed: 1 - blamedOk };
  }

  /** Probability that x fails in any way. */
  probability(x: Float64Array): number {
    const r = this.risk(x);
    return 1 - (1 - r.smooth) * (1 - r.blamed);
  }
}
