import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that has signed in to an account gets a signed cookie naming that account, and its later
 * sign-in attempts are limited per cookie rather than with everyone else's, so an attack on the
 * account cannot keep its owner out.
 */
export const DEVICE_COOKIE = 'sfoglia_device';
const DEVICE_COOKIE_DAYS = 180;
/** Sent only to sign-in: the one place it is read. */
const DEVICE_COOKIE_PATH = '/api/v2/sessions';

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

export function issueDeviceCookie(
  reply: FastifyReply,
  config: Config,
  customerId: number,
  now: Date,
): void {
  const payload = `${customerId}.${randomBytes(16).toString('base64url')}`;
  reply.setCookie(DEVICE_COOKIE, `${payload}.${sign(config.deviceCookieSecret, payload)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: DEVICE_COOKIE_PATH,
    expires: new Date(now.getTime() + DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000),
  });
}

/** The nonce of the request's device cookie when it is genuine and was issued for this customer. */
export function deviceNonce(
  request: FastifyRequest,
  config: Config,
  customerId: number | undefined,
): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value || customerId === undefined) return null;
  const [id, nonce, signature, ...rest] = value.split('.');
  if (!id || !nonce || !signature || rest.length > 0 || id !== String(customerId)) return null;
  const expected = Buffer.from(sign(config.deviceCookieSecret, `${id}.${nonce}`));
  const actual = Buffer.from(signature);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : null;
}
