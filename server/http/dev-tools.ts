import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './jsonapi';

/**
 * Headers a proxy adds when it passes a request on. A request carrying any of them came through
 * something (a reverse proxy on the same host connects from loopback too), so it is not local.
 */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-server',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'via',
];

/** Paths of the development tools: the mailbox page and the contract's dev operations. */
const DEV_TOOL_ROUTE = /^\/(?:api\/v2\/)?dev(?:\/|$)/;

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(ip)) return ip.startsWith('127.');
  return net.isIPv6(ip) && (ip === '::1' || ip === '0:0:0:0:0:0:0:1');
}

/**
 * Local means the socket's peer is loopback and no proxy forwarded the request. Never
 * request.ip: with a trusted proxy that is whatever X-Forwarded-For says.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

/** The same document as an unknown route's (app.ts), so a hidden tool cannot be told apart. */
export const routeNotFound = () => new ApiError(404, 'not_found', 'Not found');

/**
 * Hides the development tools unless DEV_TOOLS is on and the request is local: every /dev/...
 * answers like an unknown API route. Keyed on the matched route (not the raw URL), so encoded or
 * doubled slashes cannot slip past; onRequest runs before body validation, so a hidden tool never
 * answers 400 either.
 */
export function guardDevTools(app: FastifyInstance, enabled: boolean) {
  app.addHook('onRequest', async (request) => {
    // No route matched: the raw path, so /dev/... is a JSON 404 rather than the SPA's fallback.
    const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    if (DEV_TOOL_ROUTE.test(route) && !(enabled && isLocalRequest(request))) throw routeNotFound();
  });
}
