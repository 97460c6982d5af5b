import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, errorDocument, type ErrorObject } from './jsonapi';
import { isDatabaseUnavailable } from '../db/availability';
import { sendDatabaseUnavailable } from './database-unavailable';
import { isConcurrentWriteConflict } from '../db/write-conflict';

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** One JSON:API error per failed contract check, pointing at the offending field. */
export function validationErrors(
  context: string | undefined,
  validation: AjvError[],
): ErrorObject[] {
  return validation.map((issue) => {
    const segments = issue.instancePath.split('/').filter(Boolean);
    const extra = issue.params.missingProperty ?? issue.params.additionalProperty;
    if (typeof extra === 'string') segments.push(extra);
    const field = segments.join('.') || context || 'request';
    const detail =
      issue.keyword === 'required'
        ? `${field} is required`
        : issue.keyword === 'additionalProperties'
          ? `${field} is not an accepted field`
          : `${field} ${issue.message ?? 'is invalid'}`;
    const source =
      context === 'body'
        ? { pointer: `/${segments.join('/')}` }
        : { parameter: segments[0] ?? field };
    return { status: '400', code: 'invalid', title: 'Invalid request', detail, source };
  });
}

export function installErrorHandling(
  app: FastifyInstance,
  options: { onDatabaseUnavailable?: (error: unknown) => void } = {},
) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).send(errorDocument(error.errors));
    }
    // An outage is not a bug: a 503 the client may retry, logged once per outage (not per request).
    if (isDatabaseUnavailable(error)) {
      options.onDatabaseUnavailable?.(error);
      return sendDatabaseUnavailable(reply);
    }
    if (isConcurrentWriteConflict(error)) {
      request.log.warn({ err: error }, 'concurrent write conflict');
      return reply.code(409).send(
        errorDocument([
          {
            status: '409',
            code: 'concurrent_change',
            title: 'Changed at the same time elsewhere',
            detail: 'This was changed at the same moment in another window. Please try again.',
          },
        ]),
      );
    }
    if (error.validation) {
      return reply
        .code(400)
        .send(
          errorDocument(validationErrors(error.validationContext, error.validation as AjvError[])),
        );
    }
    if (error.statusCode && error.statusCode < 500) {
      const code =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupported_media_type' : 'bad_request';
      return reply
        .code(error.statusCode)
        .send(errorDocument([{ status: String(error.statusCode), code, title: error.message }]));
    }
    request.log.error(error);
    return reply
      .code(500)
      .send(errorDocument([{ status: '500', code: 'internal', title: 'Something went wrong' }]));
  });
}
