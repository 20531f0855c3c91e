import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  GenericApiError,
  NetworkError,
  PendingEvaluationsError,
  ResponseSchemaError,
  SearchCompleteError,
  SearchError,
  SessionForbiddenError,
  ValidationError,
} from '../src/core/errors.ts';
import { request } from '../src/request.ts';
import { mockEndpoint } from '../src/mocks/mock-endpoint.ts';
import { runningSession } from '../src/mocks/fixtures.ts';
import { server } from './server.ts';

const params = { session_id: runningSession.id };

/** Answers GET /tuning/session/{id} with a raw Response, so the status text can be empty. */
function answer(status: number, body: unknown, statusText = '') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  server.use(
    mockEndpoint(
      'getSession',
      () => new Response(text, { status, statusText, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

async function failure(): Promise<unknown> {
  try {
    await request('getSession', { params });
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('SPEC §8 default status texts', () => {
  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
  ])('%i without a status text gives %j', async (status, text) => {
    answer(status, { detail: 'something' });
    const error = await failure();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(GenericApiError);
    expect(error).toMatchObject({ status, statusText: text, message: text, kind: 'http', detail: 'something' });
  });

  it("keeps the response's own status text when it has one", async () => {
    answer(404, { detail: 'Tuning session not found' }, 'Session Missing');
    expect(await failure()).toMatchObject({
      status: 404,
      statusText: 'Session Missing',
      detail: 'Tuning session not found',
    });
  });
});

describe('SPEC §8 API messages', () => {
  it("422 is a ValidationError 'Validation Error' carrying the issues", async () => {
    const issues = [
      {
        loc: ['body', 'budget', 'max_trials'],
        msg: 'Input should be greater than or equal to 1',
        type: 'greater_than_equal',
      },
    ];
    answer(422, { detail: issues });
    const error = await failure();
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Validation Error',
      statusText: 'Validation Error',
      kind: 'validation',
    });
    expect((error as ValidationError).issues).toEqual(issues);
    expect((error as ValidationError).detail).toBe(
      'body.budget.max_trials: Input should be greater than or equal to 1',
    );
  });

  it.each([
    {
      status: 403,
      detail: 'User is not allowed to create new tuning session',
      type: SessionForbiddenError,
      kind: 'session-forbidden',
      statusText: 'Forbidden',
    },
    {
      status: 409,
      detail: 'Need to wait for pending evaluations',
      type: PendingEvaluationsError,
      kind: 'pending-evaluations',
    },
    { status: 410, detail: 'Tuning search is complete', type: SearchCompleteError, kind: 'search-complete' },
    {
      status: 500,
      detail: 'Internal search error',
      type: SearchError,
      kind: 'search-error',
      statusText: 'Internal Server Error',
    },
  ])('$status $detail is a $type.name', async ({ status, detail, type, kind, statusText }) => {
    answer(status, { detail });
    const error = await failure();
    expect(error).toBeInstanceOf(type);
    expect(error).toMatchObject({ status, message: detail, kind, ...(statusText === undefined ? {} : { statusText }) });
  });

  it('the same statuses with other details are not mistaken for the API messages', async () => {
    answer(403, { detail: 'Not your benchmark' });
    const forbidden = await failure();
    expect(forbidden).not.toBeInstanceOf(SessionForbiddenError);
    expect(forbidden).toMatchObject({ message: 'Forbidden', kind: 'http' });

    answer(500, { detail: 'boom' });
    const internal = await failure();
    expect(internal).not.toBeInstanceOf(SearchError);
    expect(internal).toMatchObject({ message: 'Internal Server Error', kind: 'http' });
  });
});

describe("SPEC §8 'Generic Error'", () => {
  it('any other status gives Generic Error with its status, status text and body', async () => {
    answer(418, { detail: 'short and stout' }, "I'm a Teapot");
    const error = await failure();
    expect(error).toBeInstanceOf(GenericApiError);
    expect(error).toMatchObject({
      message: 'Generic Error',
      kind: 'generic',
      status: 418,
      statusText: "I'm a Teapot",
      body: { detail: 'short and stout' },
    });
  });

  it('a 409 with another detail is a Generic Error too', async () => {
    answer(409, { detail: 'This configuration already has a result' }, 'Conflict');
    expect(await failure()).toMatchObject({ message: 'Generic Error', status: 409, statusText: 'Conflict' });
  });

  it('keeps a non-JSON body as text', async () => {
    answer(429, 'upstream rate limit exceeded');
    const error = await failure();
    expect(error).toBeInstanceOf(GenericApiError);
    expect(error).toMatchObject({
      status: 429,
      body: 'upstream rate limit exceeded',
      detail: null,
      statusText: 'Generic Error',
    });
  });
});

describe('network and contract failures', () => {
  it('a rejected fetch is a NetworkError with a readable message', async () => {
    server.use(mockEndpoint('getSession', () => HttpResponse.error()));
    const error = await failure();
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Network error: could not reach the server');
  });

  it('an ok answer that breaks the response schema is a ResponseSchemaError, not a pass', async () => {
    server.use(mockEndpoint('getSession', () => HttpResponse.json({ ...runningSession, status: 'exploding' })));
    const error = await failure();
    expect(error).toBeInstanceOf(ResponseSchemaError);
    expect(error).toMatchObject({ status: 200, endpoint: 'GET /tuning/session/{session_id}' });
    expect((error as ResponseSchemaError).detail).toMatch(/^status: /);
  });
});
