import Stripe from 'stripe';
import {
  declineMessage,
  GatewayUnavailableError,
  type ChargeRequest,
  type GatewayCustomer,
  type GatewayPaymentMethod,
  type PaymentGateway,
  type PaymentLookup,
  type PaymentMethodType,
  type PaymentOutcome,
  type SetupIntent,
  type WalletPaymentRequest,
} from './gateway';

export interface StripeSettings {
  secretKey: string;
  /** e.g. http://127.0.0.1:12111 to talk to a local stand-in; Stripe's API otherwise. */
  apiBase: string | undefined;
  /** Stripe needs absolute return URLs; ours are same-site paths. */
  publicUrl: string;
}

export function createStripeClient({ secretKey, apiBase }: Omit<StripeSettings, 'publicUrl'>) {
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base && {
      protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
    }),
  });
}

/** Stripe's own statuses mapped onto ours; a decline leaves the intent needing a new method. */
function outcomeOf(intent: Stripe.PaymentIntent): PaymentOutcome {
  if (intent.status === 'succeeded' || intent.status === 'processing')
    return intent.status === 'succeeded'
      ? { status: 'succeeded', id: intent.id }
      : { status: 'requires_action', id: intent.id, actionUrl: '' };
  // Cancelled by us (reconcilePayments) once a challenge or an approval was abandoned.
  if (intent.status === 'canceled')
    return {
      status: 'failed',
      id: intent.id,
      declineCode: 'payment_abandoned',
      message: declineMessage('payment_abandoned'),
    };
  const redirect = intent.next_action?.redirect_to_url?.url;
  if (intent.status === 'requires_action' && redirect)
    return { status: 'requires_action', id: intent.id, actionUrl: redirect };
  const error = intent.last_payment_error;
  const declineCode = error?.decline_code ?? error?.code ?? 'generic_decline';
  return {
    status: 'failed',
    id: intent.id,
    declineCode,
    message: error?.message ?? declineMessage(declineCode),
  };
}

/** Stripe behind the gateway interface; the browser collects cards with Stripe Elements. */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = createStripeClient(settings);
  }

  private absolute(url: string) {
    return new URL(url, this.settings.publicUrl).toString();
  }

  /** Our customer's Stripe customer, found by metadata-tagged email or created once. */
  private async stripeCustomer(customer: GatewayCustomer): Promise<string> {
    const existing = await this.stripe.customers.list({ email: customer.email, limit: 10 });
    const ours = existing.data.find((c) => c.metadata?.sfoglia_customer_id === String(customer.id));
    if (ours) return ours.id;
    const created = await this.stripe.customers.create(
      {
        email: customer.email,
        name: customer.name,
        metadata: { sfoglia_customer_id: String(customer.id) },
      },
      { idempotencyKey: `customer-${customer.id}` },
    );
    return created.id;
  }

  async createSetupIntent(input: {
    customer: GatewayCustomer;
    type: PaymentMethodType;
    returnUrl: string;
  }): Promise<SetupIntent> {
    return this.guard(async () => {
      const customer = await this.stripeCustomer(input.customer);
      const metadata = { sfoglia_customer_id: String(input.customer.id) };
      const intent =
        input.type === 'CreditCard'
          ? await this.stripe.setupIntents.create({
              customer,
              allowed_payment_method_types: ['card'],
              usage: 'off_session',
              metadata,
            })
          : await this.stripe.setupIntents.create({
              customer,
              allowed_payment_method_types: ['paypal'],
              payment_method_data: { type: 'paypal' },
              usage: 'off_session',
              confirm: true,
              return_url: this.absolute(input.returnUrl),
              mandate_data: { customer_acceptance: { type: 'offline' } },
              metadata,
            });
      return this.setupIntentOf(intent);
    });
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntent | undefined> {
    return this.guard(async () => {
      try {
        const intent = await this.stripe.setupIntents.retrieve(id, {
          expand: ['payment_method'],
        });
        return this.setupIntentOf(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return undefined;
        throw error;
      }
    });
  }

  async charge(input: ChargeRequest): Promise<PaymentOutcome> {
    return this.guard(async () => {
      try {
        const intent = await this.stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: 'gbp',
            customer: await this.stripeCustomer(input.customer),
            payment_method: input.paymentMethodId,
            allowed_payment_method_types: ['card'],
            confirm: true,
            return_url: this.absolute(input.returnUrl),
            metadata: chargeMetadata(input),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return outcomeOf(intent);
      } catch (error) {
        // A declined confirmation is a 402 card error carrying the failed intent.
        if (error instanceof Stripe.errors.StripeCardError) {
          const declineCode = error.decline_code ?? error.code ?? 'generic_decline';
          return {
            status: 'failed',
            id: error.payment_intent?.id ?? null,
            declineCode,
            message: error.message || declineMessage(declineCode),
          };
        }
        throw error;
      }
    });
  }

  async startWalletPayment(input: WalletPaymentRequest): Promise<PaymentOutcome> {
    return this.guard(async () => {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountPence,
          currency: 'gbp',
          customer: await this.stripeCustomer(input.customer),
          allowed_payment_method_types: ['paypal'],
          payment_method_data: { type: 'paypal' },
          confirm: true,
          return_url: this.absolute(input.returnUrl),
          metadata: chargeMetadata(input),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return outcomeOf(intent);
    });
  }

  async retrievePayment(id: string): Promise<PaymentOutcome> {
    return this.guard(async () => outcomeOf(await this.stripe.paymentIntents.retrieve(id)));
  }

  /**
   * By id, or (a charge whose answer was never recorded) among the customer's intents since the
   * attempt by the idempotency key in its metadata: Stripe has no lookup by idempotency key, and
   * its search lags, but a customer's list is read-after-write.
   */
  async retrieve(lookup: PaymentLookup): Promise<PaymentOutcome | null> {
    if (lookup.id) return this.retrievePayment(lookup.id);
    return this.guard(async () => {
      const existing = await this.stripe.customers.list({
        email: lookup.customer.email,
        limit: 10,
      });
      const customer = existing.data.find(
        (c) => c.metadata?.sfoglia_customer_id === String(lookup.customer.id),
      );
      if (!customer) return null;
      const since = Math.floor(lookup.createdAt.getTime() / 1000) - 60;
      for await (const intent of this.stripe.paymentIntents.list({
        customer: customer.id,
        created: { gte: since },
        limit: 100,
      })) {
        if (intent.metadata?.sfoglia_idempotency_key === lookup.idempotencyKey)
          return outcomeOf(intent);
      }
      return null;
    });
  }

  async cancel(id: string): Promise<PaymentOutcome> {
    return this.guard(async () => {
      try {
        return outcomeOf(
          await this.stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }),
        );
      } catch (error) {
        // Already succeeded (or otherwise final): its state now is the answer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return outcomeOf(await this.stripe.paymentIntents.retrieve(id));
        throw error;
      }
    });
  }

  private setupIntentOf(intent: Stripe.SetupIntent): SetupIntent {
    const method =
      intent.payment_method && typeof intent.payment_method === 'object'
        ? paymentMethodOf(intent.payment_method)
        : null;
    const customerId = Number(intent.metadata?.sfoglia_customer_id);
    return {
      id: intent.id,
      status: intent.status,
      clientSecret: intent.client_secret ?? '',
      paymentMethodType: intent.payment_method_types.includes('paypal')
        ? 'PaypalAccount'
        : 'CreditCard',
      customerId: Number.isInteger(customerId) ? customerId : null,
      actionUrl: intent.next_action?.redirect_to_url?.url ?? null,
      paymentMethod: method,
    };
  }

  /** Anything but a decline (network, auth, Stripe down) becomes one error type for the service. */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError)
        throw new GatewayUnavailableError(`Stripe: ${error.message}`, { cause: error });
      throw error;
    }
  }
}

/** The idempotency key goes into metadata too, so retrieve() can find a charge never recorded. */
const chargeMetadata = (input: { customer: GatewayCustomer; idempotencyKey: string }) => ({
  sfoglia_customer_id: String(input.customer.id),
  sfoglia_idempotency_key: input.idempotencyKey,
});

function paymentMethodOf(method: Stripe.PaymentMethod): GatewayPaymentMethod {
  return {
    id: method.id,
    type: method.type === 'paypal' ? 'PaypalAccount' : 'CreditCard',
    brand: method.card?.brand ?? null,
    last4: method.card?.last4 ?? null,
    expMonth: method.card?.exp_month ?? null,
    expYear: method.card?.exp_year ?? null,
    email: method.paypal?.payer_email ?? null,
    fingerprint: method.card?.fingerprint ?? null,
  };
}
