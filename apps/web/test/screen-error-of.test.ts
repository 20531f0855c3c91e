import { describe, expect, it } from 'vitest';
import { NetworkError, errorFromResponse } from '@mako/api-client';
import { describeScreenError } from '@mako/ui';
import { screenErrorOf } from '../src/lib/notices/screen-error-of.ts';

/** What the loading-and-error wrapper says (SPEC §8) about what a query threw. */
const shown = (error: unknown) => {
  const screenError = screenErrorOf(error);
  return screenError && describeScreenError(screenError);
};

describe('a failed request on screen', () => {
  it("says 'Something went wrong: {status text}' and the body's detail", () => {
    expect(shown(errorFromResponse(404, '', { detail: 'Tuning session not found' }))).toEqual({
      title: 'Something went wrong: Not Found',
      detail: 'Tuning session not found',
    });
  });

  it("says 'Unknown error' when the body has no detail", () => {
    expect(shown(errorFromResponse(502, '', '<html>bad gateway</html>'))).toEqual({
      title: 'Something went wrong: Bad Gateway',
      detail: 'Unknown error',
    });
    expect(shown(errorFromResponse(500, 'Internal Server Error', null))?.detail).toBe('Unknown error');
  });

  it('lists the issues of a validation error', () => {
    const error = errorFromResponse(422, 'Unprocessable Entity', {
      detail: [
        { loc: ['query', 'limit'], msg: 'Input should be less than or equal to 1000', type: 'less_than_equal' },
        { loc: ['query', 'offset'], msg: 'Input should be a valid integer', type: 'int_parsing' },
      ],
    });
    expect(shown(error)).toEqual({
      title: 'Something went wrong: Unprocessable Entity',
      detail: 'query.limit: Input should be less than or equal to 1000; query.offset: Input should be a valid integer',
    });
  });

  it('names a network failure, and leaves what is not a failed request to the caller', () => {
    expect(shown(new NetworkError())?.title).toBe('Something went wrong: Network error');
    expect(shown(new Error('kaput'))).toBeNull();
    expect(shown('weird')).toBeNull();
  });
});
