export { RoiCalculator, ROI_DEFAULTS, ROI_TITLE } from './roi-calculator';
export type { RoiCalculatorProps } from './roi-calculator';
export { computeRoi, HOURS_PER_MONTH, parseRoiDraft, ROI_MESSAGES, validateRoiField } from './roi';
export type { RoiDraft, RoiField, RoiInputs, RoiResult } from './roi';
