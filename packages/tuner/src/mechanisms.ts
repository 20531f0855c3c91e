/**
 * The optimiser's optional mechanisms, each of which a benchmark ablation may switch off alone
 * (bench/family.ts, README "Ablation"): a mechanism stays only while it pays for itself there.
 * The product always runs with every one on.
 */
export const MECHANISMS = [
  /** Crashes explained by flag-value and threshold hypotheses (failure-model.ts). */
  'crashHypotheses',
  /** Of those, the numeric-threshold families (plain, and under one flag value). */
  'thresholdHypotheses',
  /** Candidates one flag away from the two best observations. */
  'flagNeighbours',
  /** Local candidates around the best observation of each ordinal flag value. */
  'basinAnchors',
  /** Every fourth proposal to the most uncertain likely-feasible configuration. */
  'exploration',
  /** Exploration's bonus for flag values no successful run has had. */
  'explorationBonus',
  /** The caller's prediction as the objective's prior mean (TunerInput.prior). */
  'prior',
] as const;
export type Mechanism = (typeof MECHANISMS)[number];

/** Which mechanisms are off (none, in the product). */
export type Ablation = ReadonlySet<Mechanism>;
export const NONE_OFF: Ablation = new Set();
