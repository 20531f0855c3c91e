export { GPUS, gpuSpec } from './hardware.ts';
export type { GpuSpec } from './hardware.ts';
export { MODELS, modelSpec } from './models.ts';
export type { ModelSpec } from './models.ts';
export { simulate } from './simulate.ts';
export type { SimInput, SimOutput, SimWorkload, WeightDtype } from './simulate.ts';
export { mulberry32, normal } from './random.ts';
export { calibrationInput, compareWithMeasurement, parseCalibrationCsv } from './calibration.ts';
export type { CalibrationComparison, CalibrationMetric, CalibrationPoint, LatencyStat } from './calibration.ts';
