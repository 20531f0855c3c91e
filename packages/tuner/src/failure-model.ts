import { GaussianProcess, fitHyper } from './gp.ts';
import { NUMERIC } from './space.ts';

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
/** A suspected cause of a crash: one flag value, or two together. */
type Hypothesis = Literal[];

const holds = (h: Hypothesis, x: Float64Array) => h.every((l) => x[l.dim] === l.value);

/**
 * Crashes caused by combinations of flags (an fp8 KV cache with 8-token blocks, async scheduling
 * without chunked prefill), treated as hypotheses rather than smoothed over.
 *
 * Each crashed run is explained by some flag value or pair of flag values it had; a hypothesis
 * that a successful run also satisfied is ruled out. The chance that a candidate crashes for the
 * same reason as one crashed run is the share of that run's surviving hypotheses the candidate
 * satisfies, and the candidate's risk is the largest of those chances: crashed runs often share
one cause, and counting them as independent causes would close every flag value that merely
happened to be present in several of them (async scheduling, say, in three runs that crashed for
other reasons), so it would never be tried where it works. So a flag value seen in one crash and in many
 * successful runs (fp8 with 16-token blocks) stays open, while the combination that only ever
 * crashed is closed — which a smooth classifier, whose length scales say "fp8 matters", cannot do.
 * A crash that no flag combination explains (every hypothesis ruled out: the cause is numeric, a
 * batch size, say) is left to the smooth classifier.
 */
class CombinationHypotheses {
  private constructor(private readonly causes: Hypothesis[][]) {}

  /** The model, and the crashed observations it cannot explain. */
  static fit(
    kinds: Uint8Array,
    points: readonly Float64Array[],
    crashed: readonly boolean[],
    succeeded: readonly boolean[],
  ): { model: CombinationHypotheses; unexplained: boolean[] } {
    const successes = points.filter((_, i) => succeeded[i]);
    const causes: Hypothesis[][] = [];
    const unexplained = crashed.map((isCrash, i) => {
      if (!isCrash) return false;
      const x = points[i] as Float64Array;
      const literals: Literal[] = [];
      for (let d = 0; d < kinds.length; d++)
        if (kinds[d] !== NUMERIC && !Number.isNaN(x[d] as number)) literals.push({ dim: d, value: x[d] as number });
      const candidates: Hypothesis[] = literals.map((l) => [l]);
      for (let a = 0; a < literals.length; a++)
        for (let b = a + 1; b < literals.length; b++) candidates.push([literals[a] as Literal, literals[b] as Literal]);
      const open = candidates.filter((h) => !successes.some((s) => holds(h, s)));
      if (open.length === 0) return true;
      causes.push(open);
      return false;
    });
    return { model: new CombinationHypotheses(causes), unexplained };
  }

  probability(x: Float64Array): number {
    let most = 0;
    for (const open of this.causes) {
      let hit = 0;
      for (const h of open) if (holds(h, x)) hit++;
      most = Math.max(most, hit / open.length);
    }
    return most;
  }
}

/** Kinds whose causes are usually flag combinations (start-up validation, kernel support). */
const COMBINATION_KINDS = new Set(['crash', 'invalid']);

export class FailureModel {
  private constructor(private readonly classifiers: { probability(x: Float64Array): number }[]) {}

  /** Null when nothing has failed: every region is then presumed safe. */
  static fit(
    kinds: Uint8Array,
    points: readonly Float64Array[],
    failures: readonly (string | null)[],
  ): FailureModel | null {
    const kindsSeen = [...new Set(failures.filter((f): f is string => f !== null))].sort();
    if (kindsSeen.length === 0) return null;
    const succeeded = failures.map((f) => f === null);
    const classifiers: { probability(x: Float64Array): number }[] = [];
    for (const k of kindsSeen) {
      let labels = failures.map((f) => f === k);
      if (COMBINATION_KINDS.has(k)) {
        const { model, unexplained } = CombinationHypotheses.fit(kinds, points, labels, succeeded);
        classifiers.push(model);
        labels = unexplained;
        if (!labels.some(Boolean)) continue;
      }
      classifiers.push(KindClassifier.fit(kinds, points, labels));
    }
    return new FailureModel(classifiers);
  }

  /** Probability that x fails in any way. */
  probability(x: Float64Array): number {
    let ok = 1;
    for (const c of this.classifiers) ok *= 1 - c.probability(x);
    return 1 - ok;
  }
}
