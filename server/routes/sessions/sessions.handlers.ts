import { and, eq, gt, isNull } from 'drizzle-orm';
import { accessTokens, customers, sessions } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError } from '../../http/jsonapi';
import { verifyPassword } from '../../services/passwords';
import { adoptVisitorBaskets } from '../../services/baskets';
import {
  clearSessionCookie,
  currentSession,
  sessionSecret,
  startSession,
} from '../../services/sessions';
import { addressKey } from '../../services/client-address';
import { deviceNonce, issueDeviceCookie } from '../../services/device-cookies';
import {
  beginSignInAttempt,
  markSignInSucceeded,
  tooManyRequests,
} from '../../services/sign-in-limits';
import { hashSecret } from '../../services/tokens';
import { markEmailVerified } from '../../services/email-verification';
import { customerResource, normaliseEmail } from '../customers/customer-resource';
import type { Deps } from '../../deps';

type AccessTokenKind = (typeof accessTokens.$inferSelect)['kind'];

export const SIGN_IN_FAILED = "Email and Password don't match";

const invalidToken = () =>
  new ApiError(401, 'invalid_token', 'Invalid link', {
    detail: 'This link has expired or has already been used. Ask for a new one.',
  });

export function sessionHandlers({
  db,
  config,
  now,
}: Deps): OperationHandlers<
  'createSession' | 'deleteSession' | 'createTokenSession' | 'createGuestTokenSession'
> {
  /** Consumes a one-time token atomically: of two concurrent uses, only one gets the row back. */
  const consumeToken = async (token: string, kinds: AccessTokenKind[]) => {
    const at = now();
    const [row] = await db
      .update(accessTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(accessTokens.tokenHash, hashSecret(token)),
          isNull(accessTokens.usedAt),
          gt(accessTokens.expiresAt, at),
        ),
      )
      .returning();
    if (!row || !kinds.includes(row.kind)) throw invalidToken();
    return row;
  };

  return {
    createSession: async (request, reply) => {
      const at = now();
      const email = normaliseEmail(request.body.email);
      const [customer] = await db.select().from(customers).where(eq(customers.email, email));
      const attempt = await beginSignInAttempt(
        db,
        { email, ip: addressKey(request.ip), device: deviceNonce(request, config, customer?.id) },
        at,
      );
      if ('retryAt' in attempt) {
        throw tooManyRequests(
          reply,
          attempt.retryAt,
          at,
          'too_many_attempts',
          (wait) => `Too many sign-in attempts. Try again in ${wait}, or reset your password.`,
        );
      }
      const matches = await verifyPassword(customer?.passwordHash, request.body.password);
      if (!customer || !matches) {
        throw new ApiError(401, 'invalid_credentials', SIGN_IN_FAILED, { detail: SIGN_IN_FAILED });
      }
      await markSignInSucceeded(db, attempt.id);
      // This browser has now proved it knows the password: its later attempts are its own.
      issueDeviceCookie(reply, config, customer.id, at);
      const visitor = await currentSession(request, db, at);
      await db.transaction(async (tx) => {
        // What the customer put in a basket before signing in stays theirs.
        if (visitor && !visitor.customerId)
          await adoptVisitorBaskets(tx, visitor.tokenHash, customer.id);
        await startSession(tx, reply, config, { kind: 'customer', customerId: customer.id }, at);
      });
      reply.code(201);
      return {
        data: customerResource(customer),
        meta: { target_url: request.body.target_url ?? null },
      };
    },

    deleteSession: async (request, reply) => {
      const secret = sessionSecret(request);
      if (secret) await db.delete(sessions).where(eq(sessions.tokenHash, hashSecret(secret)));
      clearSessionCookie(reply, config);
      reply.code(204);
      return undefined;
    },

    createTokenSession: async (request, reply) => {
      const token = await consumeToken(request.body.token, ['login', 'password_reset']);
      const [customer] = token.customerId
        ? await db.select().from(customers).where(eq(customers.id, token.customerId))
        : [];
      if (!customer) throw invalidToken();
      const passwordReset = token.kind === 'password_reset';
      const at = now();
      const visitor = await currentSession(request, db, at);
      await db.transaction(async (tx) => {
        if (visitor && !visitor.customerId)
          await adoptVisitorBaskets(tx, visitor.tokenHash, customer.id);
        // Product rule R2.22: the link reached the customer's inbox, so the address is theirs.
        await markEmailVerified(tx, customer.id, at);
        await startSession(
          tx,
          reply,
          config,
          {
            kind: 'customer',
            customerId: customer.id,
            ...(passwordReset && { passwordResetAt: at }),
          },
          at,
        );
      });
      reply.code(201);
      return {
        data: customerResource({ ...customer, emailVerifiedAt: customer.emailVerifiedAt ?? at }),
        meta: { password_reset: passwordReset },
      };
    },

    createGuestTokenSession: async (request, reply) => {
      const token = await consumeToken(request.body.token, ['guest']);
      if (!token.guestEmail) throw invalidToken();
      await startSession(db, reply, config, { kind: 'guest', guestEmail: token.guestEmail }, now());
      reply.code(201);
      return {
        data: {
          type: 'guests' as const,
          id: hashSecret(request.body.token).slice(0, 16),
          attributes: { email: token.guestEmail },
        },
      };
    },
  };
}
