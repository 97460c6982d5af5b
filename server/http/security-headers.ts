import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';

/** Stripe.js and its frames (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const directives = (policy: Record<string, string[]>) =>
  Object.entries(policy)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/**
 * The policy of the SPA, its assets and every API answer: only this origin's built scripts and
 * styles (dist/index.html has no inline code; a screen drawn on the server adds one inline
 * script, allowed by its hash), and Stripe's origins only when Stripe is the
 * gateway. React's style props go through the CSSOM, which style-src does not govern.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'stripePublishableKey' | 'catalogueGraphqlUrl'>,
  allowedInlineScripts: string[] = [],
): string {
  const stripe = Boolean(config.stripePublishableKey);
  // An external catalogue's product images come from its CDN, whose host we do not know.
  const externalImages = config.catalogueGraphqlUrl ? ['https:'] : [];
  return directives({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...allowedInlineScripts.map(sha256), ...(stripe ? STRIPE.script : [])],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...(stripe ? STRIPE.img : []), ...externalImages],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(stripe ? STRIPE.connect : [])],
    'frame-src': stripe ? STRIPE.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The policy of a server-rendered page (the sandbox bank, the mailbox): no script at all, its
 * one inline <style> allowed by hash, forms posting back to this site only.
 */
export function pagePolicy(inlineStyle: string): string {
  return directives({
    'default-src': ["'none'"],
    'style-src': [sha256(inlineStyle)],
    'img-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/** The text of every inline <script> (one without src), cut where an HTML parser would cut it. */
export const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ''))
    .map(([, , text]) => text ?? '');

/**
 * The policy of the API reference (a development tool, `redocly build-docs --inlineBundle`): its
 * own inline scripts by hash and no other script. What Redoc needs besides, and why:
 * - its search builds its index in a worker made from a Function (eval, then a blob: worker);
 * - its styled components write <style> elements and style attributes at run time, whose text no
 *   hash can know in advance (inline styles can restyle the page but run nothing);
 * - its "API docs by Redocly" badge is an image on Redocly's CDN (hidden when it cannot load).
 */
export function apiReferencePolicy(html: string): string {
  return directives({
    'default-src': ["'none'"],
    'script-src': [...inlineScripts(html).map(sha256), "'unsafe-eval'"],
    'worker-src': ['blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https://cdn.redoc.ly'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

/** Sends a page rendered with one inline <style> under a policy that allows exactly that style. */
export const withPagePolicy = (reply: FastifyReply, inlineStyle: string) =>
  reply.header('content-security-policy', pagePolicy(inlineStyle));

/**
 * Security headers on every response: API JSON, the SPA and its assets, server-rendered pages,
 * GraphQL and 404s. An onSend hook on the root instance, so errors and static files get them too.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'stripePublishableKey' | 'catalogueGraphqlUrl' | 'publicUrl'>,
) {
  const policy = contentSecurityPolicy(config);
  const stripe = Boolean(config.stripePublishableKey);
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Reset links carry their token in the query: never send a path to another site.
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': [
      'camera=()',
      'microphone=()',
      'geolocation=()',
      'usb=()',
      'browsing-topics=()',
      stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()',
    ].join(', '),
    'cross-origin-resource-policy': 'same-origin',
  };
  // Only behind https: HSTS over plain http would be ignored, and would pin a dev host if not.
  if (config.publicUrl.startsWith('https:'))
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';

  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', policy);
    return payload;
  });
}
