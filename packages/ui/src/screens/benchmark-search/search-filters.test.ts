import type { MetricKey } from '@mako/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  FILTER_FIELDS,
  activeFilterCount,
  emptyDraft,
  toDraft,
  toFilters,
  validateDraft,
  validateField,
  type BenchmarkSearchFilters,
  type FilterName,
} from './search-filters';

/** SPEC §7: the query parameters of GET /benchmarks/all, word for word. */
const SPEC_PARAMETERS = [
  'max_seq_length',
  'num_requests',
  'dataset',
  'request_rate',
  'output_len',
  'min_prompt',
  'max_prompt',
  'min_output',
  'max_output',
  'min_seq',
  'max_seq',
  'software_version',
  'model_name',
  'hardware_name',
  'objective',
  'limit',
  'offset',
  'constraints',
  'verified',
  'published',
] as const;

describe('the filter form', () => {
  it('has every parameter of GET /benchmarks/all exactly once', () => {
    const names = FILTER_FIELDS.map((field) => field.name);
    expect([...names].sort()).toEqual([...SPEC_PARAMETERS].sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it('has a distinct label per field', () => {
    const labels = FILTER_FIELDS.map((field) => field.label);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('validation', () => {
  it('checks numbers by kind', () => {
    expect(validateField('num_requests', '1000')).toBeNull();
    expect(validateField('num_requests', '-1')).toBe('Enter a whole number, 0 or more');
    expect(validateField('num_requests', '1.5')).toBe('Enter a whole number, 0 or more');
    expect(validateField('limit', '0')).toBe('Enter a whole number from 1 to 1,000');
    expect(validateField('limit', '1001')).toBe('Enter a whole number from 1 to 1,000');
    expect(validateField('limit', '1000')).toBeNull();
    expect(validateField('request_rate', 'inf')).toBeNull();
    expect(validateField('request_rate', '2.5')).toBeNull();
    expect(validateField('request_rate', '0')).toBe('Enter a rate above 0 req/s, or inf');
    expect(validateField('objective', 'ttft_ms.p99')).toBeNull();
    expect(validateField('objective', 'speed')).toBe('Choose a metric from the list');
  });

  it("checks constraints with the contract's parser, in the API's words", () => {
    expect(validateField('constraints', 'ttft_ms.p99<=200, tpot_ms.mean<50')).toBeNull();
    expect(validateField('constraints', 'ttft_ms.p99=200')).toBe(
      "Invalid constraint 'ttft_ms.p99=200': expected metric<=value",
    );
    expect(validateField('constraints', 'ttft_ms.p42<=200')).toBe(
      "Unknown metric 'ttft_ms.p42' in constraint 'ttft_ms.p42<=200'",
    );
  });

  it('needs each min to stay at or below its max', () => {
    const draft = { ...emptyDraft(), min_prompt: '2048', max_prompt: '1024', min_output: '1', max_output: '1' };
    expect(validateDraft(draft)).toEqual({ min_prompt: 'Min prompt must not exceed max prompt' });
  });
});

describe('toFilters', () => {
  it('leaves unset fields out and types the rest', () => {
    const draft = {
      ...emptyDraft(),
      model_name: ' Qwen/Qwen3-32B ',
      request_rate: 'INF',
      num_requests: '2000',
      verified: 'true',
      published: 'false',
      constraints: ' ttft_ms.p99 <= 200 , ',
      offset: '0',
    };
    expect(toFilters(draft)).toEqual({
      model_name: 'Qwen/Qwen3-32B',
      request_rate: 'inf',
      num_requests: 2000,
      verified: true,
      published: false,
      constraints: 'ttft_ms.p99<=200',
    });
  });

  it('writes constraints as the API writes them back, and drops a list of no terms', () => {
    expect(toFilters({ ...emptyDraft(), constraints: 'output_throughput >= 1e3,tpot_ms.mean<50.0' })).toEqual({
      constraints: 'output_throughput>=1000,tpot_ms.mean<50',
    });
    expect(toFilters({ ...emptyDraft(), constraints: ' , ' })).toEqual({});
  });

  it('types each value by its field kind', () => {
    expectTypeOf<BenchmarkSearchFilters['request_rate']>().toEqualTypeOf<number | 'inf' | undefined>();
    expectTypeOf<BenchmarkSearchFilters['verified']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<BenchmarkSearchFilters['objective']>().toEqualTypeOf<MetricKey | undefined>();
    expectTypeOf<FilterName>().toEqualTypeOf<(typeof SPEC_PARAMETERS)[number]>();
  });

  it('round-trips through the form text', () => {
    const filters = {
      hardware_name: 'H100',
      request_rate: 8,
      objective: 'tpot_ms.p90' as const,
      limit: 50,
      offset: 100,
      verified: false,
    };
    expect(toFilters(toDraft(filters))).toEqual(filters);
  });

  it('counts the filters that narrow the search, not paging', () => {
    expect(activeFilterCount({ model_name: 'x', verified: false, limit: 50, offset: 100 })).toBe(2);
  });
});
