import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { routeNotFound } from '../../http/dev-tools';
import { notFound } from '../../http/jsonapi';
import { runBilling, type BillingScope } from '../../services/subscriptions/billing-job';
import type { Deps } from '../../deps';
import { normaliseEmail } from '../customers/customer-resource';

/** The customer a test's run is limited to, so it leaves every other plan as it is. */
async function scopeOf(deps: Deps, email: string | undefined): Promise<BillingScope> {
  if (email === undefined) return {};
  const [customer] = await deps.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, normaliseEmail(email)))
    .limit(1);
  if (!customer) throw notFound('Customer');
  return { customerId: customer.id };
}

/** Runs the billing job as of a time, for end-to-end tests: a development tool (DEV_TOOLS). */
export function billingRunHandlers(deps: Deps): OperationHandlers<'createDevBillingRun'> {
  return {
    createDevBillingRun: async (request, reply) => {
      // Also hidden by the route guard (server/http/dev-tools.ts); this is the second lock.
      if (!deps.config.devTools) throw routeNotFound();
      const asOf = new Date(request.body.as_of);
      const run = await runBilling(deps, asOf, await scopeOf(deps, request.body.customer_email));
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
            dropped: run.dropped,
          },
        },
      };
    },
  };
}
