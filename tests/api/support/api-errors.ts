import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** An error answer: its status, and its first error's members (code, title, detail, source). */
export function expectApiError(
  response: LightMyRequestResponse,
  status: number,
  error: Record<string, unknown>,
): void {
  expect(response.statusCode).toBe(status);
  expect(response.json().errors[0]).toMatchObject(error);
}

/** A rate limit's refusal: 429 with Retry-After (seconds) and a message saying when to try again. */
export function expectTooManyRequests(
  response: LightMyRequestResponse,
  retryAfterSeconds: number,
  error: { code: string; detail: string },
): void {
  expectApiError(response, 429, error);
  expect(response.headers['retry-after']).toBe(String(retryAfterSeconds));
}
