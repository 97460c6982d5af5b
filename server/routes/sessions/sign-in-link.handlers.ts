import { safeReturnTo } from '../../../domain/return-to';
import type { Deps } from '../../deps';
import type { OperationHandlers } from '../../http/handler';
import { issueAccessLink } from '../../services/access-links';
import { linkEmail } from '../../services/link-email';
import { SIGN_IN_LINK_LIMITS } from '../../services/rate-limits';
import { requestEmailedLink } from '../customers/emailed-link-request';

export const SIGN_IN_LINK_MINUTES = 15;
export const SIGN_IN_LINK_MESSAGE =
  'If an account exists for this email, we have sent a sign-in link to it.';

/** The `returnTo` a link carries: a path on this site, else none (an unsafe one is dropped). */
const returnToQuery = (returnTo: string | undefined): Record<string, string> => {
  const path = safeReturnTo(returnTo, '');
  return path ? { returnTo: path } : {};
};

/** POST sessions/sign_in_link: 202 whatever the email. */
export function signInLinkHandlers(deps: Deps): OperationHandlers<'requestSignInLink'> {
  const { config } = deps;
  return {
    // Product rule R2.21: a one-time link to /login that signs in instead of a password.
    requestSignInLink: async (request, reply) => {
      await requestEmailedLink(deps, request, reply, request.body.email, {
        limits: SIGN_IN_LINK_LIMITS,
        tooMany: (wait) => `Too many sign-in link requests. Try again in ${wait}.`,
        email: async (tx, customer, at) => {
          const link = await issueAccessLink(tx, config, {
            customerId: customer.id,
            kind: 'login',
            path: '/login',
            at,
            minutes: SIGN_IN_LINK_MINUTES,
            query: returnToQuery(request.body.return_to),
          });
          return linkEmail(customer, link, {
            subject: 'Your Sfoglia sign-in link',
            reason: 'We received a request to sign in to your Sfoglia account.',
            openWithin: `Open this link within ${SIGN_IN_LINK_MINUTES} minutes to sign in; it works once:`,
            action: 'Sign in to Sfoglia',
            validity: `the link works once, for ${SIGN_IN_LINK_MINUTES} minutes`,
            ignore:
              'If you did not ask for this, you can ignore this email: nobody can sign in without the link.',
          });
        },
      });
      reply.code(202);
      return { meta: { message: SIGN_IN_LINK_MESSAGE } };
    },
  };
}
