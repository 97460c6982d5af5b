import type { OperationHandlers } from '../../http/handler';
import { addressKey } from '../../services/client-address';
import { ACCOUNT_SETUP_MESSAGE, requestAccountSetup } from '../../services/account-setup';
import { tooManyRequests } from '../../services/sign-in-limits';
import type { Deps } from '../../deps';

/** POST customers/account_setup (product rule R2.17): 202 whatever the id. */
export function accountSetupHandlers(deps: Deps): OperationHandlers<'requestAccountSetup'> {
  return {
    requestAccountSetup: async (request, reply) => {
      const at = deps.now();
      const outcome = await requestAccountSetup(
        deps,
        Number(request.body.customer_id),
        addressKey(request.ip),
        at,
      );
      if ('retryAt' in outcome) {
        throw tooManyRequests(
          reply,
          outcome.retryAt,
          at,
          'too_many_requests',
          (wait) => `Too many account set-up requests. Try again in ${wait}.`,
        );
      }
      if (outcome.sent)
        void deps.mailer.deliverPending().catch((error: unknown) => request.log.error(error));
      reply.code(202);
      return { meta: { message: ACCOUNT_SETUP_MESSAGE } };
    },
  };
}
