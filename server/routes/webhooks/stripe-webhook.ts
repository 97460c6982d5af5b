import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { payments, webhookEvents } from '../../db/schema';
import { errorDocument } from '../../http/jsonapi';
import { declineMessage, type PaymentOutcome } from '../../services/payments/gateway';
import { recordOutcomeIn } from '../../services/payments/payment-service';
import type { Deps } from '../../deps';

export const STRIPE_WEBHOOK_PATH = '/api/v2/webhooks/stripe';

function outcomeOf(event: Stripe.Event): PaymentOutcome | undefined {
  if (event.type === 'payment_intent.succeeded')
    return { status: 'succeeded', id: event.data.object.id };
  if (event.type === 'payment_intent.payment_failed') {
    const error = event.data.object.last_payment_error;
    const declineCode = error?.decline_code ?? error?.code ?? 'generic_decline';
    return {
      status: 'failed',
      id: event.data.object.id,
      declineCode,
      message: error?.message ?? declineMessage(declineCode),
    };
  }
  return undefined;
}

/**
 * Stripe's calls about payments that finish after our request (3-D Secure, wallets, delays).
 * The signature is checked over the raw body; each event id is handled once, in the same
 * transaction as its change, so a redelivered event is acknowledged and ignored.
 */
export function registerStripeWebhook(app: FastifyInstance, { config, db, now }: Deps) {
  const stripe = new Stripe(config.stripeSecretKey ?? 'sk_test_webhook_verification_only');
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      const secret = config.stripeWebhookSecret;
      if (!secret)
        return reply
          .code(404)
          .send(errorDocument([{ status: '404', code: 'not_found', title: 'Not found' }]));
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
          throw new Error('missing signature or body');
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        return reply.code(400).send(
          errorDocument([
            {
              status: '400',
              code: 'invalid_signature',
              title: 'Invalid signature',
              detail: 'The Stripe-Signature header does not match the body',
            },
          ]),
        );
      }
      const outcome = outcomeOf(event);
      const handled = await db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(webhookEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning();
        if (!fresh) return false;
        if (outcome?.id) {
          const [payment] = await tx
            .select({ id: payments.id })
            .from(payments)
            .where(
              and(eq(payments.processor, 'stripe'), eq(payments.processorPaymentId, outcome.id)),
            );
          if (payment) await recordOutcomeIn(tx, payment.id, outcome, now);
        }
        return true;
      });
      return reply.code(200).send({ received: true, duplicate: !handled });
    });
  });
}
