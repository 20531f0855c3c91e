import { describe, expect, it } from 'vitest';
import { homeSearchSchema, parseSearch, stringifySearch, tokenSearchSchema } from '../src/lib/search.ts';

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
