import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database, Queryable } from '../db/database';
import { customers, sessions } from '../db/schema';
import { unauthorized } from '../http/jsonapi';
import { hashSecret, newSecret } from './tokens';

export const SESSION_COOKIE = 'sfoglia_session';
const SESSION_DAYS = 30;

export type CustomerRow = typeof customers.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function startSession(
  db: Queryable,
  reply: FastifyReply,
  config: Config,
  fields:
    | { kind: 'customer'; customerId: number; passwordResetAt?: Date }
    | { kind: 'guest'; guestEmail: string }
    | { kind: 'visitor' },
  now: Date,
): Promise<string> {
  const { secret, hash } = newSecret();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await db.insert(sessions).values({
    tokenHash: hash,
    kind: fields.kind,
    customerId: fields.kind === 'customer' ? fields.customerId : null,
    guestEmail: fields.kind === 'guest' ? fields.guestEmail : null,
    passwordResetAt: fields.kind === 'customer' ? (fields.passwordResetAt ?? null) : null,
    createdAt: now,
    expiresAt,
  });
  reply.setCookie(SESSION_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    expires: expiresAt,
  });
  return hash;
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

export function sessionSecret(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

const tokenHash = sql.placeholder('tokenHash');
const at = sql.placeholder('at');
const isLive = and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, at));

/**
 * Every signed-in request reads its session: the two lookups are built once per database and
 * prepared (named statements on a PostgreSQL server), not rebuilt and re-planned per request.
 */
function prepareSessionQueries(db: Database) {
  return {
    session: db.select().from(sessions).where(isLive).prepare('session_by_token'),
    customer: db
      .select({ session: sessions, customer: customers })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(isLive)
      .prepare('session_customer_by_token'),
  };
}

const preparedByDatabase = new WeakMap<Database, ReturnType<typeof prepareSessionQueries>>();

function sessionQueries(db: Database) {
  let prepared = preparedByDatabase.get(db);
  if (!prepared) {
    prepared = prepareSessionQueries(db);
    preparedByDatabase.set(db, prepared);
  }
  return prepared;
}

/** The live session behind the request's cookie, if any. */
export async function currentSession(
  request: FastifyRequest,
  db: Database,
  now: Date,
): Promise<SessionRow | undefined> {
  const secret = sessionSecret(request);
  if (!secret) return undefined;
  const [row] = await sessionQueries(db).session.execute({
    tokenHash: hashSecret(secret),
    at: now,
  });
  return row;
}

/**
 * The signed-in customer and their session, or a 401: one query (the session joined to its
 * customer), and no write, since a session's expiry is fixed when it starts.
 */
export async function requireCustomer(
  request: FastifyRequest,
  db: Database,
  now: Date,
): Promise<{ customer: CustomerRow; session: SessionRow }> {
  const secret = sessionSecret(request);
  if (!secret) throw unauthorized();
  const [row] = await sessionQueries(db).customer.execute({
    tokenHash: hashSecret(secret),
    at: now,
  });
  if (!row) throw unauthorized();
  return row;
}

/**
 * The signed-in customer's id, or a 401: for reads that need no more of the customer, the
 * session's row alone (a few columns) instead of the session joined to the customer's (about 30).
 * Same answer as requireCustomer: a session's customer exists while it does (foreign key, cascade).
 */
export async function requireCustomerId(
  request: FastifyRequest,
  db: Database,
  now: Date,
): Promise<number> {
  const session = await currentSession(request, db, now);
  if (!session?.customerId) throw unauthorized();
  return session.customerId;
}
