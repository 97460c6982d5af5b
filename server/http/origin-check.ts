import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { isRelayRequest } from '../routes/relay/relay-signature';
import { STRIPE_WEBHOOK_PATH } from '../routes/webhooks/stripe-webhook';
import { ApiError } from './jsonapi';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** The host[:port] of an Origin header, or undefined when it is not an http(s) origin ("null"). */
const hostOf = (origin: string): string | undefined => {
  try {
    const url = new URL(origin);
    return ['http:', 'https:'].includes(url.protocol) ? url.host : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Defence in depth behind the X-Branch header: a browser names the page that made a call in
 * Origin, so a state-changing API call that names another site is refused. A call without Origin
 * (curl, the server's own inject, older browsers on same-origin requests) passes; X-Branch still
 * applies. The relay and Stripe's webhook are servers with signatures of their own.
 */
export function installOriginCheck(
  app: FastifyInstance,
  config: Pick<Config, 'publicUrl' | 'allowedOrigins'>,
) {
  const allowed = new Set(
    [config.publicUrl, ...config.allowedOrigins].map(originOf).filter((origin) => origin),
  );
  const isAllowed = (request: FastifyRequest, origin: string) => {
    if (allowed.has(origin)) return true;
    // Same host as the request was sent to (the scheme may differ behind a TLS proxy).
    const host = hostOf(origin);
    return host !== undefined && host === request.headers.host?.toLowerCase();
  };

  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (
      origin === undefined ||
      !request.url.startsWith('/api/') ||
      SAFE_METHODS.has(request.method) ||
      isRelayRequest(request.url) ||
      request.url.split('?')[0] === STRIPE_WEBHOOK_PATH
    )
      return;
    if (!isAllowed(request, origin))
      throw new ApiError(403, 'origin_not_allowed', 'Cross-site request refused', {
        detail: 'State-changing calls are accepted only from this site',
      });
  });
}
