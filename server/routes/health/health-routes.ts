import type { FastifyInstance } from 'fastify';
import { pingDatabase, type DatabaseHandle } from '../../db/database';
import { sendDatabaseUnavailable } from '../../http/database-unavailable';

/** How long /health/ready waits for `select 1` before calling the database down. */
const READY_TIMEOUT_MS = 1000;

const healthDocument = (id: 'live' | 'ready') => ({
  data: { type: 'health', id, attributes: { status: 'ok' } },
});

/**
 * Probes for a load balancer, outside /api/v2 (no X-Branch, no session, no rate limit): live is
 * 200 while the process answers at all; ready is 200 only while the database answers `select 1`.
 */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  const noStore = { 'cache-control': 'no-store' };
  app.get('/health/live', async (_request, reply) =>
    reply.headers(noStore).send(healthDocument('live')),
  );
  app.get('/health/ready', async (_request, reply) => {
    reply.headers(noStore);
    try {
      await pingDatabase(database, READY_TIMEOUT_MS);
    } catch (error) {
      database.availability.reportDown(error);
      return sendDatabaseUnavailable(reply);
    }
    return reply.send(healthDocument('ready'));
  });
}
