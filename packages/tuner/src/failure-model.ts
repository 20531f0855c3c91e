import { GaussianProcess, fitHyper } from './gp.ts';

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

export class FailureModel {
  private constructor(private readonly classifiers: KindClassifier[]) {}

  /** Null when nothing has failed: every region is then presumed safe. */
  static fit(
    kinds: Uint8Array,
    points: readonly Float64Array[],
    failures: readonly (string | null)[],
  ): FailureModel | null {
    const kindsSeen = [...new Set(failures.filter((f): f is string => f !== null))].sort();
    if (kindsSeen.length === 0) return null;
    return new FailureModel(
      kindsSeen.map((k) =>
        KindClassifier.fit(
          kinds,
          points,
          failures.map((f) => f === k),
        ),
      ),
    );
  }

  /** Probability that x fails in any way. */
  probability(x: Float64Array): number {
    let ok = 1;
    for (const c of this.classifiers) ok *= 1 - c.probability(x);
    return 1 - ok;
  }
}
