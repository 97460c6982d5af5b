import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/jsonapi';
import { apiReferencePolicy } from '../../http/security-headers';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

/** Where `npm run build:api-reference` writes the page: outside dist/, which production serves. */
export const API_REFERENCE_FILE = path.join(root, 'dist-dev/api-reference.html');

const notBuilt = () =>
  new ApiError(404, 'api_reference_not_built', 'API reference not built', {
    detail: 'Run npm run build:api-reference (npm start does), then reload',
  });

/**
 * The browsable reference of openapi/openapi.yaml (development tools only). Read on every request,
 * so a rebuild shows without a restart; its policy hashes the scripts of the page as it is.
 */
export function registerApiReference(app: FastifyInstance, file = API_REFERENCE_FILE) {
  app.get('/dev/api-reference', async (_request, reply) => {
    const html = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw notBuilt();
      throw error;
    });
    return reply
      .header('content-security-policy', apiReferencePolicy(html))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
