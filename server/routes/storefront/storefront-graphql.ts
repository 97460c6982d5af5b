import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { customers } from '../../db/schema';
import { isEmailShape, normaliseEmail } from '../customers/customer-resource';
import type { GraphqlRequest, StorefrontContext } from '../../services/catalogue/catalogue';
import type { Deps } from '../../deps';

export const STOREFRONT_GRAPHQL_PATH = '/api/v2/storefront/graphql';
const PASSWORD_RESET_PATH = '/api/v2/customers/password_reset';

const badRequest = (message: string) => ({ errors: [{ message }] });

function readRequest(body: unknown): GraphqlRequest | string {
  if (typeof body !== 'object' || body === null) return 'Send a JSON body { query, variables }';
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') return 'query must be a non-empty string';
  if (variables !== undefined && variables !== null && typeof variables !== 'object')
    return 'variables must be an object';
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
    return 'operationName must be a string';
  return {
    query,
    variables: (variables as Record<string, unknown> | null | undefined) ?? null,
    operationName: (operationName as string | null | undefined) ?? null,
  };
}

/**
 * The catalogue's storefront GraphQL endpoint (docs/catalogue.md). It answers GraphQL's own
 * { data, errors } shape, not JSON:API, so it sits outside the contract like the Stripe webhook;
 * X-Branch: web is still required (it is a POST under /api/).
 */
export function registerStorefrontGraphql(app: FastifyInstance, { catalogue, db }: Deps) {
  app.post(STOREFRONT_GRAPHQL_PATH, async (request, reply) => {
    const graphqlRequest = readRequest(request.body);
    if (typeof graphqlRequest === 'string') return reply.code(400).send(badRequest(graphqlRequest));

    // customerRecover is the accounts flow's password reset (POST customers/password_reset):
    // the same email, the same per-account limit. Like a storefront API, an unknown email is
    // a user error (UNIDENTIFIED_CUSTOMER), as signing up with a taken email already tells.
    const context: StorefrontContext = {
      recoverCustomer: async (typed) => {
        const email = normaliseEmail(typed);
        if (!isEmailShape(email)) return 'invalid';
        const [customer] = await db
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.email, email));
        if (!customer) return 'unknown';
        const answer = await app.inject({
          method: 'POST',
          url: PASSWORD_RESET_PATH,
          headers: { 'x-branch': 'web', 'content-type': 'application/json' },
          payload: { email },
        });
        if (answer.statusCode >= 300)
          throw new Error(`Password reset failed (${answer.statusCode})`);
        return 'sent';
      },
    };

    try {
      const result = await catalogue.storefront(graphqlRequest, context);
      return reply.code(200).header('cache-control', 'no-store').send(result);
    } catch (error) {
      request.log.error(error);
      return reply.code(502).send(badRequest("Couldn't fetch menu"));
    }
  });
}
