import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { customers, sessions } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError } from '../../http/jsonapi';
import { hashPassword, verifyPassword } from '../../services/passwords';
import { adoptVisitorBaskets } from '../../services/baskets';
import { currentSession, requireCustomer, startSession } from '../../services/sessions';
import { addressKey } from '../../services/client-address';
import { issueDeviceCookie } from '../../services/device-cookies';
import { PASSWORD_RESET_LIMITS, signUpLimit, takeRateLimit } from '../../services/rate-limits';
import { tooManyRequests } from '../../services/sign-in-limits';
import { issuePasswordLink } from '../../services/access-links';
import { enqueueVerificationEmail } from '../../services/email-verification';
import { referrerOf } from '../../services/rewards/referrals';
import type { Deps } from '../../deps';
import { customerResource, invalidEmail, isEmailShape, normaliseEmail } from './customer-resource';
import { requestEmailedLink } from './emailed-link-request';
import { checkedDateOfBirth, checkedPhone } from './my-details.handlers';
import { passwordResetEmail } from './password-reset-email';

const RESET_TOKEN_MINUTES = 60;
export const PASSWORD_RESET_MESSAGE =
  'If an account exists for that email, we have sent a link to reset your password. The link works for 1 hour.';

export function customerHandlers(
  deps: Deps,
): OperationHandlers<
  'createCustomer' | 'getMe' | 'updateMe' | 'updatePassword' | 'requestPasswordReset'
> {
  const { db, config, mailer, now } = deps;
  return {
    createCustomer: async (request, reply) => {
      const body = request.body;
      const email = normaliseEmail(body.email);
      if (!isEmailShape(email)) throw invalidEmail();
      const at = now();
      const retryAt = await takeRateLimit(
        db,
        signUpLimit(config.signUpsPerAddressPerHour),
        addressKey(request.ip),
        at,
      );
      if (retryAt) {
        throw tooManyRequests(
          reply,
          retryAt,
          at,
          'too_many_sign_ups',
          (wait) => `Too many accounts have been created from your network. Try again in ${wait}.`,
        );
      }
      const passwordHash = await hashPassword(body.password);
      const visitor = await currentSession(request, db, now());
      const customer = await db.transaction(async (tx) => {
        // Product rule R12.11: a referral link's token names the referrer; an unknown one is ignored.
        const referredById = await referrerOf(tx, body.referral_token);
        const [created] = await tx
          .insert(customers)
          .values({
            email,
            passwordHash,
            firstName: body.first_name.trim(),
            lastName: body.last_name.trim(),
            acceptsEmails: body.accepts_emails,
            acceptsSms: body.accepts_sms,
            acceptsMail: body.accepts_mail,
            referralToken: randomBytes(12).toString('base64url'),
            referredById,
          })
          .onConflictDoNothing({ target: customers.email })
          .returning();
        if (!created) {
          throw new ApiError(400, 'email_taken', 'An account already exists for this email', {
            detail:
              'An account already exists for this email. Sign in, or reset your password if you have forgotten it.',
            pointer: '/email',
          });
        }
        if (visitor && !visitor.customerId)
          await adoptVisitorBaskets(tx, visitor.tokenHash, created.id);
        await startSession(tx, reply, config, { kind: 'customer', customerId: created.id }, now());
        await enqueueVerificationEmail(tx, { mailer, config }, created, now());
        return created;
      });
      issueDeviceCookie(reply, config, customer.id, at);
      void mailer.deliverPending().catch((error: unknown) => request.log.error(error));
      reply.code(201);
      return { data: customerResource(customer) };
    },

    getMe: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      return { data: customerResource(customer) };
    },

    updateMe: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const body = request.body;
      const phone = body.phone === undefined ? undefined : checkedPhone(body.phone);
      const dateOfBirth =
        body.date_of_birth === undefined
          ? undefined
          : checkedDateOfBirth(body.date_of_birth, now());
      const [updated] = await db
        .update(customers)
        .set({
          ...(body.first_name !== undefined && { firstName: body.first_name.trim() }),
          ...(body.last_name !== undefined && { lastName: body.last_name.trim() }),
          ...(phone !== undefined && { phone }),
          ...(dateOfBirth !== undefined && { dateOfBirth }),
          ...(body.accepts_emails !== undefined && { acceptsEmails: body.accepts_emails }),
          ...(body.accepts_sms !== undefined && { acceptsSms: body.accepts_sms }),
          ...(body.accepts_mail !== undefined && { acceptsMail: body.accepts_mail }),
          updatedAt: now(),
        })
        .where(eq(customers.id, customer.id))
        .returning();
      return { data: customerResource(updated ?? customer) };
    },

    updatePassword: async (request, reply) => {
      const at = now();
      const { customer, session } = await requireCustomer(request, db, at);
      const fromResetLink =
        session.passwordResetAt !== null &&
        at.getTime() - session.passwordResetAt.getTime() < RESET_TOKEN_MINUTES * 60_000;
      if (!fromResetLink) {
        const current = request.body.current_password;
        if (!current || !(await verifyPassword(customer.passwordHash, current))) {
          throw new ApiError(400, 'invalid_current_password', 'Current password is incorrect', {
            detail: current ? 'Your current password is incorrect' : 'Enter your current password',
            pointer: '/current_password',
          });
        }
      }
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        await tx
          .update(customers)
          .set({ passwordHash, updatedAt: at })
          .where(eq(customers.id, customer.id));
        // A new password ends every other session (a stolen one included) and spends the reset link.
        await tx
          .delete(sessions)
          .where(
            and(eq(sessions.customerId, customer.id), ne(sessions.tokenHash, session.tokenHash)),
          );
        await tx
          .update(sessions)
          .set({ passwordResetAt: null })
          .where(eq(sessions.tokenHash, session.tokenHash));
      });
      reply.code(204);
      return undefined;
    },

    requestPasswordReset: async (request, reply) => {
      await requestEmailedLink(deps, request, reply, request.body.email, {
        limits: PASSWORD_RESET_LIMITS,
        tooMany: (wait) => `Too many password reset requests. Try again in ${wait}.`,
        email: async (tx, customer, at) =>
          passwordResetEmail(
            customer,
            await issuePasswordLink(tx, config, customer.id, at, RESET_TOKEN_MINUTES),
          ),
      });
      reply.code(202);
      return { meta: { message: PASSWORD_RESET_MESSAGE } };
    },
  };
}
