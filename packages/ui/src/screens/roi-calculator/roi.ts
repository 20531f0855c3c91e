/**
 * The ROI calculator's arithmetic, kept pure so it is tested without a browser.
 *
 * A throughput gain g (0.3 for +30 %) means each GPU serves 1 + g times the load, so the same load
 * needs 1 / (1 + g) of the GPU-hours it needs today. The GPU-hours no longer needed are the share
 * g / (1 + g) of today's, and with GPUs paid by the hour that share of the spend is saved:
 *
 *   monthly spend   = hourly price × GPUs × 730 h × utilisation
 *   monthly savings = monthly spend × g / (1 + g)
 *   yearly savings  = monthly savings × 12
 *
 * Utilisation scales the spend to the hours the GPUs actually serve (on-demand or autoscaled
 * capacity); reserved capacity that is paid whether busy or not is modelled with 100 %.
 */

/** 365 × 24 / 12: the average month, as cloud price sheets count it. */
export const HOURS_PER_MONTH = 730;

export interface RoiInputs {
  hourlyPriceUsd: number;
  gpuCount: number;
  /** 0–100. */
  utilisationPercent: number;
  /** > 0, e.g. 30 for +30 % tokens/s at the same latency targets. */
  throughputGainPercent: number;
}

export interface RoiResult {
  monthlySpendUsd: number;
  monthlySavingsUsd: number;
  yearlySavingsUsd: number;
  /** GPUs the same load no longer needs, at today's utilisation. */
  gpusFreed: number;
}

export function computeRoi({
  hourlyPriceUsd,
  gpuCount,
  utilisationPercent,
  throughputGainPercent,
}: RoiInputs): RoiResult {
  const gain = throughputGainPercent / 100;
  const savedShare = gain / (1 + gain);
  const monthlySpendUsd = hourlyPriceUsd * gpuCount * HOURS_PER_MONTH * (utilisationPercent / 100);
  const monthlySavingsUsd = monthlySpendUsd * savedShare;
  return {
    monthlySpendUsd,
    monthlySavingsUsd,
    yearlySavingsUsd: monthlySavingsUsd * 12,
    gpusFreed: gpuCount * savedShare,
  };
}

export type RoiField = keyof RoiInputs;
export type RoiDraft = Record<RoiField, string>;

export const ROI_MESSAGES: Record<RoiField, string> = {
  hourlyPriceUsd: 'Enter a price per GPU-hour greater than 0',
  gpuCount: 'Enter a whole number of GPUs, at least 1',
  utilisationPercent: 'Utilisation must be a number from 0 to 100',
  throughputGainPercent: 'Enter a throughput gain greater than 0',
};

const LIMITS: Record<RoiField, { min: number; max: number; minInclusive: boolean; integer: boolean }> = {
  hourlyPriceUsd: { min: 0, max: 1_000, minInclusive: false, integer: false },
  gpuCount: { min: 1, max: 1_000_000, minInclusive: true, integer: true },
  utilisationPercent: { min: 0, max: 100, minInclusive: true, integer: false },
  throughputGainPercent: { min: 0, max: 10_000, minInclusive: false, integer: false },
};

const NUMBER = /^\d+(\.\d+)?$|^\.\d+$/;

/** The message for one field's text, or null when it holds an acceptable number. */
export function validateRoiField(field: RoiField, text: string): string | null {
  const trimmed = text.trim();
  const limits = LIMITS[field];
  if (!NUMBER.test(trimmed)) return ROI_MESSAGES[field];
  const value = Number(trimmed);
  if (limits.integer && !Number.isInteger(value)) return ROI_MESSAGES[field];
  const aboveMin = limits.minInclusive ? value >= limits.min : value > limits.min;
  return aboveMin && value <= limits.max ? null : ROI_MESSAGES[field];
}

/** Parses the form's text into inputs, or returns the message of every invalid field. */
export function parseRoiDraft(
  draft: RoiDraft,
): { inputs: RoiInputs; errors: null } | { inputs: null; errors: Partial<Record<RoiField, string>> } {
  const errors: Partial<Record<RoiField, string>> = {};
  for (const field of Object.keys(draft) as RoiField[]) {
    const message = validateRoiField(field, draft[field]);
    if (message) errors[field] = message;
  }
  if (Object.keys(errors).length > 0) return { inputs: null, errors };
  return {
    inputs: {
      hourlyPriceUsd: Number(draft.hourlyPriceUsd.trim()),
      gpuCount: Number(draft.gpuCount.trim()),
      utilisationPercent: Number(draft.utilisationPercent.trim()),
      throughputGainPercent: Number(draft.throughputGainPercent.trim()),
    },
    errors: null,
  };
}
