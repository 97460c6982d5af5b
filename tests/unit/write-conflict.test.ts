import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isConcurrentWriteConflict } from '../../server/db/write-conflict';
import { installErrorHandling } from '../../server/http/error-handler';

const pgError = (code: string) => Object.assign(new Error(`error ${code}`), { code });

describe('a write that lost a race with a concurrent one', () => {
  it.each([
    ['a unique violation (23505)', '23505'],
    ['a serialization failure (40001)', '40001'],
    ['a deadlock (40P01)', '40P01'],
  ])('is recognised for %s, also inside drizzle’s wrapper', (_, code) => {
    expect(isConcurrentWriteConflict(pgError(code))).toBe(true);
    expect(isConcurrentWriteConflict(new DrizzleQueryError('insert', [], pgError(code)))).toBe(
      true,
    );
  });

  it('is not a bad query or an outage', () => {
    expect(isConcurrentWriteConflict(pgError('42601'))).toBe(false);
    expect(isConcurrentWriteConflict(pgError('ECONNREFUSED'))).toBe(false);
    expect(isConcurrentWriteConflict(new Error('boom'))).toBe(false);
  });

  it('answers 409 with a retry message, never a 500', async () => {
    const app = Fastify();
    installErrorHandling(app);
    app.post('/race', async () => {
      throw new DrizzleQueryError('insert', [], pgError('23505'));
    });
    const answer = await app.inject({ method: 'POST', url: '/race' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errors[0]).toMatchObject({
      code: 'concurrent_change',
      detail: 'This was changed at the same moment in another window. Please try again.',
    });
    await app.close();
  });
});
