/** Statistics helpers for the tests: moments, the gamma CDF and the Kolmogorov–Smirnov statistic. */

export function mean(xs: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i] as number;
  return s / xs.length;
}

export function coefficientOfVariation(xs: ArrayLike<number>): number {
  const m = mean(xs);
  let v = 0;
  for (let i = 0; i < xs.length; i++) v += ((xs[i] as number) - m) ** 2;
  return Math.sqrt(v / (xs.length - 1)) / m;
}

function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9).
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0] as number;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] as number) / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularised lower incomplete gamma P(a, x): series below a+1, continued fraction above. */
export function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  const lead = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return sum * lead;
  }
  // Lentz's method for the continued fraction of Q(a, x).
  let b = x + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return 1 - lead * h;
}

/** sup |F_n(x) − F(x)| of a sample against a continuous CDF. */
export function ksStatistic(sample: ArrayLike<number>, cdf: (x: number) => number): number {
  const sorted = Float64Array.from(sample).sort();
  const n = sorted.length;
  let d = 0;
  for (let i = 0; i < n; i++) {
    const f = cdf(sorted[i] as number);
    d = Math.max(d, (i + 1) / n - f, f - i / n);
  }
  return d;
}

/** Critical value of the one-sample KS statistic at α = 0.01 for large n. */
export function ksCritical01(n: number): number {
  return 1.628 / Math.sqrt(n);
}
