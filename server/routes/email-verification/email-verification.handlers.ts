import type { OperationHandlers } from '../../http/handler';
import {
  confirmVerification,
  EMAIL_VERIFICATION_MESSAGES,
  requestVerification,
} from '../../services/email-verification';
import { requireCustomer } from '../../services/sessions';
import type { Deps } from '../../deps';

/** Email verification: a new link for the signed-in customer, and the link's confirmation. */
export function emailVerificationHandlers({
  db,
  config,
  mailer,
  now,
}: Deps): OperationHandlers<'requestEmailVerification' | 'confirmEmailVerification'> {
  return {
    requestEmailVerification: async (request, reply) => {
      const at = now();
      const { customer } = await requireCustomer(request, db, at);
      await requestVerification(db, { mailer, config }, customer.id, at);
      void mailer.deliverPending().catch((error: unknown) => request.log.error(error));
      reply.code(202);
      return { meta: { message: EMAIL_VERIFICATION_MESSAGES.sent } };
    },

    confirmEmailVerification: async (request) => {
      await confirmVerification(db, request.body.token, now());
      return { meta: { message: EMAIL_VERIFICATION_MESSAGES.verified } };
    },
  };
}
