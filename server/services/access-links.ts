import type { Config } from '../config';
import type { Queryable } from '../db/database';
import { accessTokens } from '../db/schema';
import { newSecret } from './tokens';

export interface AccessLink {
  customerId: number;
  /** What `POST sessions/token` lets the token do beyond signing in (a password reset). */
  kind: 'login' | 'password_reset';
  /** The page on this site that posts the token: `/login`, `/reset-password`. */
  path: string;
  at: Date;
  minutes: number;
  /** More query parameters after the token, each value URI-encoded. */
  query?: Record<string, string>;
}

/**
 * A one-time link that signs the customer in (`POST sessions/token`): the token is stored only as
 * a hash and works once, until `minutes` after `at`.
 */
export async function issueAccessLink(
  tx: Queryable,
  config: Pick<Config, 'publicUrl'>,
  { customerId, kind, path, at, minutes, query = {} }: AccessLink,
): Promise<string> {
  const { secret, hash } = newSecret();
  await tx.insert(accessTokens).values({
    tokenHash: hash,
    kind,
    customerId,
    createdAt: at,
    expiresAt: new Date(at.getTime() + minutes * 60_000),
  });
  const more = Object.entries(query).map(
    ([name, value]) => `&${name}=${encodeURIComponent(value)}`,
  );
  return `${config.publicUrl}${path}?token=${secret}${more.join('')}`;
}

/**
 * A one-time link to `/reset-password` that signs the customer in and lets them choose a password
 * without the old one (`POST sessions/token`, then `PUT customers/password`). Both a password reset
 * and an account set-up (product rule R2.17) send one; only its lifetime and its email differ.
 */
export const issuePasswordLink = (
  tx: Queryable,
  config: Pick<Config, 'publicUrl'>,
  customerId: number,
  at: Date,
  minutes: number,
): Promise<string> =>
  issueAccessLink(tx, config, {
    customerId,
    kind: 'password_reset',
    path: '/reset-password',
    at,
    minutes,
  });
