import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BenchmarkSearchFilters } from '@mako/ui';
import { parseBenchmarkSearch, type BenchmarkSearchParams } from '../src/lib/search-params/benchmark-search.ts';
import { pagingSearchSchema } from '../src/lib/search-params/paging-search.ts';
import { homeSearchSchema, parseSearch, stringifySearch, tokenSearchSchema } from '../src/lib/search-params/search.ts';

describe('tokenSearchSchema', () => {
  it.each([[{}], [{ token: '' }]])('refuses %j with "Token is required"', (search) => {
    const result = tokenSearchSchema.safeParse(search);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Token is required');
  });

  it('keeps a token that looks like a number as a string', () => {
    expect(tokenSearchSchema.parse(parseSearch('?token=12345'))).toEqual({ token: '12345' });
  });
});

describe('search params', () => {
  it('round-trip a redirect path unchanged', () => {
    const search = homeSearchSchema.parse(parseSearch(stringifySearch({ redirect: '/benchmarks?x=1&y=2' })));
    expect(search).toEqual({ redirect: '/benchmarks?x=1&y=2' });
  });

  it('leave out undefined values', () => {
    expect(stringifySearch({ redirect: undefined, offset: 100 })).toBe('?offset=100');
    expect(stringifySearch({})).toBe('');
  });
});

describe('pagingSearchSchema', () => {
  it('reads offset and limit from the address', () => {
    expect(pagingSearchSchema.parse(parseSearch('?offset=200&limit=50'))).toEqual({ offset: 200, limit: 50 });
  });

  it.each(['?offset=-1&limit=0', '?offset=1.5&limit=1001', '?offset=x&limit=', '?limit=abc'])(
    'drops what it cannot use in %s instead of failing the page',
    (address) => {
      const search = pagingSearchSchema.parse(parseSearch(address));
      expect(search.offset).toBeUndefined();
      expect(search.limit).toBeUndefined();
    },
  );
});

describe('parseBenchmarkSearch', () => {
  it('keeps the valid filters, typed as the API query, and leaves the page defaults out', () => {
    const search = parseBenchmarkSearch(
      parseSearch(
        '?model_name=llama&request_rate=inf&min_prompt=128&verified=1&objective=ttft_ms.p99&limit=100&offset=0&view=pareto',
      ),
    );
    expect(search).toEqual({
      model_name: 'llama',
      request_rate: 'inf',
      min_prompt: 128,
      verified: true,
      objective: 'ttft_ms.p99',
      view: 'pareto',
    });
  });

  it('drops each invalid filter on its own and keeps the rest', () => {
    const search = parseBenchmarkSearch(
      parseSearch(
        '?hardware_name=H100&objective=speed&constraints=bogus%3C%3D1&request_rate=0&published=maybe&limit=20&view=grid',
      ),
    );
    expect(search).toEqual({ hardware_name: 'H100', limit: 20 });
  });

  it('keeps well-formed constraints as written', () => {
    expect(parseBenchmarkSearch({ constraints: 'ttft_ms.p99<=200,tpot_ms.p99<50' })).toEqual({
      constraints: 'ttft_ms.p99<=200,tpot_ms.p99<50',
    });
  });

  it("is the form's filters exactly: a filter the query and the form do not both have is a type error", () => {
    expectTypeOf<Omit<BenchmarkSearchParams, 'view'>>().toEqualTypeOf<BenchmarkSearchFilters>();
  });

  it('writes parsed constraints back in the API spelling, and drops a list with no terms', () => {
    expect(parseBenchmarkSearch({ constraints: ' ttft_ms.p99 <= 200 , output_throughput>=1e3,' })).toEqual({
      constraints: 'ttft_ms.p99<=200,output_throughput>=1000',
    });
    expect(parseBenchmarkSearch({ constraints: ' , ', model_name: 'llama' })).toEqual({ model_name: 'llama' });
  });
});
