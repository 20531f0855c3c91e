import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Constraint, MagicLinkLogin, SiteSettings } from '../src/index.ts';
import {
  METRIC_KEYS,
  ENGINE_FLAG_LISTS,
  naturalDirection,
  parseConstraints,
  engineFlagList,
} from '../src/vocabulary/index.ts';

const vocabularyDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/vocabulary');

describe('the vocabulary module', () => {
  it('imports values only from its own files, so packages/ui gets no zod and no schema through it', () => {
    const files = fs.readdirSync(vocabularyDir).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      // A type-only import or export is erased at build, so it brings no code along.
      const source = fs
        .readFileSync(path.join(vocabularyDir, file), 'utf8')
        .replace(/^(import|export) type [^;]*;/gm, '');
      const specifiers = [...source.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g)].map((m) => m[1] ?? m[2]);
      for (const specifier of specifiers) expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\/[\w-]+\.ts$/);
    }
  });

  it('names 13 plain metrics and 5 latencies × 5 statistics, each once', () => {
    expect(METRIC_KEYS).toHaveLength(38);
    expect(new Set(METRIC_KEYS).size).toBe(METRIC_KEYS.length);
    expect(METRIC_KEYS).toContain('e2el_ms.p95');
  });

  it('knows which way each metric is better', () => {
    expect(naturalDirection('ttft_ms.p99')).toBe('minimize');
    expect(naturalDirection('cost_per_million_tokens')).toBe('minimize');
    expect(naturalDirection('goodput')).toBe('maximize');
    expect(naturalDirection('output_throughput_per_user')).toBe('maximize');
    expect(naturalDirection('ttfot_ms.p50')).toBe('minimize');
    expect(naturalDirection('joules_per_output_token')).toBe('minimize');
    expect(naturalDirection('joules_per_request')).toBe('minimize');
    expect(naturalDirection('cost_per_million_input_tokens')).toBe('minimize');
    expect(naturalDirection('cost_per_million_output_tokens')).toBe('minimize');
    expect(naturalDirection('prefix_cache_hit_rate')).toBe('maximize');
  });

  it('finds each runtime among the engine-flag lists and refuses an unknown one', () => {
    for (const flagList of ENGINE_FLAG_LISTS) expect(engineFlagList(flagList.runtime)).toBe(flagList);
    expect(() => engineFlagList('tgi' as never)).toThrow('Unknown runtime tgi');
  });
});

describe('parseConstraints', () => {
  it('reads metric op value terms, spaces and a trailing comma allowed', () => {
    expect(parseConstraints(' ttft_ms.p99 <= 200, tpot_ms.mean<50 ,')).toEqual({
      ok: true,
      value: [
        { metric: 'ttft_ms.p99', op: '<=', value: 200 },
        { metric: 'tpot_ms.mean', op: '<', value: 50 },
      ],
    });
    expect(parseConstraints('output_throughput_per_user>=1e2')).toEqual({
      ok: true,
      value: [{ metric: 'output_throughput_per_user', op: '>=', value: 100 }],
    });
  });

  it('names the bad term in the words the API answers a 422 with', () => {
    expect(parseConstraints('ttft_ms.p99=200')).toEqual({
      ok: false,
      error: "Invalid constraint 'ttft_ms.p99=200': expected metric<=value",
    });
    expect(parseConstraints('ttft_ms.p99<=fast')).toMatchObject({ ok: false });
    expect(parseConstraints('ttft_ms.p42<=200')).toEqual({
      ok: false,
      error: "Unknown metric 'ttft_ms.p42' in constraint 'ttft_ms.p42<=200'",
    });
  });

  it('accepts exactly the terms the Constraint schema accepts, with the same values', () => {
    const terms = [
      ...METRIC_KEYS.map((metric) => [metric, '<=', '12.5'] as const),
      ['TTFT_MS.P99', '<', '1'],
      ['ttft_ms.p42', '>', '1'],
      ['goodput', '>=', '1e999'],
      ['goodput', '>=', '-1e3'],
    ] as const;
    for (const [metric, op, value] of terms) {
      const term = `${metric}${op}${value}`;
      const expected = Constraint.safeParse({ metric, op, value: Number(value) });
      const parsed = parseConstraints(term);
      if (expected.success) expect(parsed, term).toEqual({ ok: true, value: [expected.data] });
      else expect(parsed, term).toEqual({ ok: false, error: `Unknown metric '${metric}' in constraint '${term}'` });
    }
  });
});

// This file's module graph holds zod/mini only (zod's classic API, which installs English messages
// on import, is not loaded), as in the browser: the contract must install them itself.
it('reports problems in English, as the API answers them', () => {
  const settings = SiteSettings.safeParse({ docs_url: 1 });
  expect(settings.error?.issues[0]?.message).toBe('Invalid input: expected string, received undefined');
  expect(settings.error?.issues.find((issue) => issue.path[0] === 'docs_url')?.message).toBe(
    'Invalid input: expected string, received number',
  );
  expect(MagicLinkLogin.safeParse({ token: '' }).error?.issues[0]?.message).toBe('Token is required');
});
