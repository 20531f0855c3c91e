import { describe, expect, it } from 'vitest';
import * as domain from '../src/services/errors.ts';
import { httpErrorOf } from '../src/http/errors.ts';

/** Every refusal the services can throw, built with a sample message. */
const kinds = Object.entries(domain).flatMap(([name, value]) => {
  if (typeof value !== 'function' || value === domain.DomainError) return [];
  if (!(value.prototype instanceof domain.DomainError)) return [];
  const Kind = value as new (...args: never[]) => domain.DomainError;
  const build = (): domain.DomainError => {
    if (Kind === domain.Invalid) return new domain.Invalid(['body', 'field'], 'Sample message');
    if (Kind === domain.TooSoon) return new domain.TooSoon(2.5, 'Sample message');
    return new (Kind as new (message: string) => domain.DomainError)('Sample message');
  };
  return [{ name, build }];
});

describe('domain errors as HTTP answers', () => {
  it('gives every kind of refusal its own status and keeps the message as the detail', () => {
    const statuses = new Map(kinds.map(({ name, build }) => [name, httpErrorOf(build()).statusCode]));
    expect(Object.fromEntries(statuses)).toEqual({
      NotFound: 404,
      Forbidden: 403,
      Conflict: 409,
      Gone: 410,
      Rejected: 400,
      Invalid: 422,
      TooSoon: 429,
      Unavailable: 503,
      UpstreamFailed: 502,
      Failed: 500,
    });
    for (const { name, build } of kinds) {
      const error = httpErrorOf(build());
      if (name === 'Invalid')
        expect(error.detail).toEqual([{ loc: ['body', 'field'], msg: 'Sample message', type: 'value_error' }]);
      else expect(error.detail).toBe('Sample message');
    }
  });

  it('says when to retry a refusal for asking too soon, in whole seconds', () => {
    expect(httpErrorOf(new domain.TooSoon(2.5, 'Wait')).headers).toEqual({ 'retry-after': '3' });
    expect(httpErrorOf(domain.notFound('Benchmark')).detail).toBe('Benchmark not found');
  });
});
