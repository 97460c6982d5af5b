import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../src/api/api-error';
import { shouldRetry } from '../../src/app/query-client';

const failure = (status: number) => new ApiRequestError(status, [], 'x');

describe('the query layer retry rule', () => {
  it('retries a failure up to 3 times', () => {
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, failure(503)))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetry(0, new TypeError('network'))).toBe(true);
  });

  it('never retries HTTP 429', () => {
    expect(shouldRetry(0, failure(429))).toBe(false);
  });

  it('does not retry answers that will not change (404, 401, 400)', () => {
    expect([404, 401, 400].map((status) => shouldRetry(0, failure(status)))).toEqual([
      false,
      false,
      false,
    ]);
  });
});
