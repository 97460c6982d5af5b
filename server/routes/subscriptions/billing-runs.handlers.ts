import type { OperationHandlers } from '../../http/handler';
import { routeNotFound } from '../../http/dev-tools';
import { runBilling } from '../../services/subscriptions/billing-job';
import type { Deps } from '../../deps';

/** Runs the billing job as of a time, for end-to-end tests: a development tool (DEV_TOOLS). */
export function billingRunHandlers(deps: Deps): OperationHandlers<'createDevBillingRun'> {
  return {
    createDevBillingRun: async (request, reply) => {
      // Also hidden by the route guard (server/http/dev-tools.ts); this is the second lock.
      if (!deps.config.devTools) throw routeNotFound();
      const asOf = new Date(request.body.as_of);
      const run = await runBilling(deps, asOf);
      reply.code(201);
      return {
        data: {
          type: 'billing_runs' as const,
          id: asOf.toISOString(),
          attributes: {
            as_of: asOf.toISOString(),
            orders_created: run.ordersCreated,
            charged: run.charged,
            failed: run.failed,
          },
        },
      };
    },
  };
}
