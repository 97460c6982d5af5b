import type { FastifyReply } from 'fastify';
import { errorDocument } from './jsonapi';

/** Seconds a client is asked to wait before retrying during a database outage. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The JSON:API 503 of a database outage, with Retry-After. */
export function sendDatabaseUnavailable(reply: FastifyReply) {
  return reply
    .code(503)
    .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
    .send(
      errorDocument([
        {
          status: '503',
          code: 'database_unavailable',
          title: 'Service temporarily unavailable',
          detail: 'The database cannot be reached; try again in a few seconds',
        },
      ]),
    );
}
