import { describe, expect, it } from 'vitest';
import { computeRoi, HOURS_PER_MONTH, parseRoiDraft, validateRoiField } from './roi';

describe('computeRoi', () => {
  it('saves the share g/(1+g) of the monthly GPU spend', () => {
    // 8 GPUs at $2.50/h, 60 % busy: 2.5 × 8 × 730 × 0.6 = $8,760 a month. +30 % throughput saves 0.3/1.3 of it.
    const result = computeRoi({ hourlyPriceUsd: 2.5, gpuCount: 8, utilisationPercent: 60, throughputGainPercent: 30 });
    expect(result.monthlySpendUsd).toBeCloseTo(8760, 6);
    expect(result.monthlySavingsUsd).toBeCloseTo(8760 * (0.3 / 1.3), 6);
    expect(result.yearlySavingsUsd).toBeCloseTo(result.monthlySavingsUsd * 12, 6);
    expect(result.gpusFreed).toBeCloseTo(8 * (0.3 / 1.3), 6);
  });

  it('halves the spend when throughput doubles', () => {
    const result = computeRoi({ hourlyPriceUsd: 4, gpuCount: 2, utilisationPercent: 100, throughputGainPercent: 100 });
    expect(result.monthlySavingsUsd).toBeCloseTo((4 * 2 * HOURS_PER_MONTH) / 2, 6);
    expect(result.gpusFreed).toBeCloseTo(1, 6);
  });

  it('saves nothing on idle GPUs', () => {
    expect(
      computeRoi({ hourlyPriceUsd: 3, gpuCount: 16, utilisationPercent: 0, throughputGainPercent: 50 })
        .monthlySavingsUsd,
    ).toBe(0);
  });
});

describe('validateRoiField', () => {
  it('accepts positive prices and rejects zero, negatives and text', () => {
    expect(validateRoiField('hourlyPriceUsd', '2.49')).toBeNull();
    expect(validateRoiField('hourlyPriceUsd', '.5')).toBeNull();
    for (const bad of ['0', '-1', '', '  ', 'abc', '1e3', '2,5'])
      expect(validateRoiField('hourlyPriceUsd', bad)).not.toBeNull();
  });

  it('wants a whole GPU count of at least 1', () => {
    expect(validateRoiField('gpuCount', '8')).toBeNull();
    for (const bad of ['0', '1.5', '-2']) expect(validateRoiField('gpuCount', bad)).not.toBeNull();
  });

  it('bounds utilisation to 0–100 inclusive', () => {
    expect(validateRoiField('utilisationPercent', '0')).toBeNull();
    expect(validateRoiField('utilisationPercent', '100')).toBeNull();
    expect(validateRoiField('utilisationPercent', '100.1')).not.toBeNull();
  });

  it('wants a gain above 0', () => {
    expect(validateRoiField('throughputGainPercent', '0')).not.toBeNull();
    expect(validateRoiField('throughputGainPercent', '12.5')).toBeNull();
  });
});

describe('parseRoiDraft', () => {
  it('parses trimmed text into numbers', () => {
    const parsed = parseRoiDraft({
      hourlyPriceUsd: ' 2.5 ',
      gpuCount: '8',
      utilisationPercent: '60',
      throughputGainPercent: '30',
    });
    expect(parsed.inputs).toEqual({
      hourlyPriceUsd: 2.5,
      gpuCount: 8,
      utilisationPercent: 60,
      throughputGainPercent: 30,
    });
  });

  it('reports every invalid field at once', () => {
    const parsed = parseRoiDraft({
      hourlyPriceUsd: '0',
      gpuCount: '8',
      utilisationPercent: '140',
      throughputGainPercent: '30',
    });
    expect(parsed.inputs).toBeNull();
    expect(Object.keys(parsed.errors ?? {}).sort()).toEqual(['hourlyPriceUsd', 'utilisationPercent']);
  });
});
