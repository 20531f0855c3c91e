import type { Benchmark, PredictedMetric, Prediction, RunningError } from '@mako/contract';

/** A prediction with its figures (the contract's Prediction of kind 'predicted'). */
export type FiguresPrediction = Extract<Prediction, { kind: 'predicted' }>;

/** Why a demo row is not checked against the model: it was made by the model. */
export const DEMO_IS_PREDICTION =
  'This is demo data: the performance model produced these figures, so they are themselves a prediction, not a measurement to check it against.';

/** Whether a benchmark's figures were measured on hardware or predicted (demo rows are modelled). */
export const measuredOrPredicted = (benchmark: Pick<Benchmark, 'demo'>) =>
  benchmark.demo ? ('Predicted' as const) : ('Measured' as const);

/** The metrics a prediction gives, in the server's order. */
export const predictedMetrics = (prediction: FiguresPrediction) =>
  Object.keys(prediction.predicted) as PredictedMetric[];

/** How far the measurement is from the prediction, as a fraction of the prediction (0.12: measured 12 % higher). */
export function predictionError(measured: number | null, predicted: number | null | undefined): number | null {
  if (measured === null || predicted === null || predicted === undefined || !(predicted > 0)) return null;
  return measured / predicted - 1;
}

/** A running error as the fraction by which measurements exceed predictions on average (exp of the mean log ratio). */
export const runningErrorFraction = (error: RunningError) =>
  error.mean_log_ratio === null ? null : Math.exp(error.mean_log_ratio) - 1;
