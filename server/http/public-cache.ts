import type { FastifyInstance } from 'fastify';

/** A day fresh, then a week served stale while it revalidates: for files whose name never changes. */
export const PUBLIC_FILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * Vite's hashed build output (/assets/) is immutable for a year. Files copied from public/ (the
 * artwork of product rule R14.6, the favicon) keep their names when redrawn, so they get a day.
 */
export function installPublicFileCache(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    const cacheControl = reply.getHeader('cache-control');
    const path = request.url.split('?')[0] ?? '';
    if (
      typeof cacheControl === 'string' &&
      cacheControl.includes('immutable') &&
      !path.startsWith('/assets/')
    )
      reply.header('cache-control', PUBLIC_FILE_CACHE);
  });
}
