import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe endpoints the server calls (there is no stripe-mock here).
 * It answers like Stripe's test mode for Stripe's test payment methods (pm_card_visa,
 * pm_card_chargeDeclined..., pm_card_authenticationRequired), honours Idempotency-Key like
 * Stripe (a repeated key replays the first answer) and records every request.
 */
type Json = Record<string, unknown>;

const DECLINES: Record<string, { decline_code: string; message: string }> = {
  pm_card_chargeDeclined: { decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: {
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_chargeDeclinedStolenCard: {
    decline_code: 'stolen_card',
    message: 'Your card was declined.',
  },
};

const CARDS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995' },
  pm_card_chargeDeclinedStolenCard: { brand: 'visa', last4: '9979' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184' },
};

/** Stripe's form encoding (a[b]=c, a[0]=c) back into objects. */
function parseForm(body: string): Json {
  const result: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = result as Record<string, unknown>;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

const list = (value: unknown) => (value && typeof value === 'object' ? Object.values(value) : []);
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export interface StripeStandIn {
  url: string;
  requests: { method: string; path: string; idempotencyKey?: string; body: Json }[];
  /** PaymentIntents actually created (idempotent replays excluded). */
  charges: Json[];
  setupIntents: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  /** What Stripe.js does in the browser: confirms the setup intent with a test payment method. */
  confirmSetupIntent(setupIntentId: string, paymentMethod: string): void;
  /** What the bank's challenge does: the intent succeeds. */
  completePaymentIntent(paymentIntentId: string): void;
  /** Makes every call fail with a 500, as when Stripe is down. */
  failAll: boolean;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const customers: Json[] = [];
  const setupIntents = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const replays = new Map<string, { status: number; body: Json }>();
  // Attached methods get ids of their own, like Stripe's; each remembers its test method.
  const methods = new Map<string, string>();
  const templateOf = (pm: string) => methods.get(pm) ?? pm;
  const paymentMethodOf = (pm: string) => ({
    id: pm,
    object: 'payment_method',
    type: templateOf(pm).startsWith('pm_paypal') ? 'paypal' : 'card',
    card: CARDS[templateOf(pm)]
      ? { ...CARDS[templateOf(pm)], exp_month: 12, exp_year: 2034 }
      : null,
    paypal: templateOf(pm).startsWith('pm_paypal') ? { payer_email: 'buyer@example.com' } : null,
  });

  function route(method: string, path: string, query: URLSearchParams, body: Json): [number, Json] {
    if (method === 'GET' && path === '/v1/customers') {
      const data = customers.filter((c) => c.email === query.get('email'));
      return [200, { object: 'list', data, has_more: false, url: '/v1/customers' }];
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email,
        metadata: body.metadata ?? {},
      };
      customers.push(customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const types = list(body.allowed_payment_method_types) as string[];
      const seti = id('seti');
      const paypal = types.includes('paypal');
      const intent: Json = {
        id: seti,
        object: 'setup_intent',
        status: paypal ? 'requires_action' : 'requires_payment_method',
        client_secret: `${seti}_secret_${randomBytes(6).toString('hex')}`,
        customer: body.customer,
        metadata: body.metadata ?? {},
        payment_method_types: types,
        payment_method: null,
        next_action: paypal
          ? {
              type: 'redirect_to_url',
              redirect_to_url: {
                url: `https://pm-redirects.stripe.test/${seti}`,
                return_url: body.return_url,
              },
            }
          : null,
      };
      setupIntents.set(seti, intent);
      return [200, intent];
    }
    const setupMatch = path.match(/^\/v1\/setup_intents\/([\w]+)$/);
    if (method === 'GET' && setupMatch) {
      const intent = setupIntents.get(setupMatch[1]!);
      if (!intent)
        return [
          404,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such setupintent',
            },
          },
        ];
      const expand = query.getAll('expand[]').concat(query.getAll('expand[0]'));
      const pm = intent.payment_method as string | null;
      return [
        200,
        {
          ...intent,
          payment_method: pm && expand.includes('payment_method') ? paymentMethodOf(pm) : pm,
        },
      ];
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = (body.payment_method as string | undefined) ?? null;
      const pi = id('pi');
      const base: Json = {
        id: pi,
        object: 'payment_intent',
        created: Math.floor(Date.now() / 1000),
        amount: Number(body.amount),
        currency: body.currency,
        customer: body.customer,
        metadata: body.metadata ?? {},
        payment_method: pm,
        payment_method_types: list(body.allowed_payment_method_types),
        next_action: null,
        last_payment_error: null,
      };
      const decline = pm ? DECLINES[templateOf(pm)] : undefined;
      if (decline) {
        const error = { type: 'card_error', code: 'card_declined', ...decline };
        const intent = { ...base, status: 'requires_payment_method', last_payment_error: error };
        paymentIntents.set(pi, intent);
        return [402, { error: { ...error, payment_intent: intent } }];
      }
      const redirect = !pm || templateOf(pm) === 'pm_card_authenticationRequired';
      const intent = {
        ...base,
        status: redirect ? 'requires_action' : 'succeeded',
        next_action: redirect
          ? {
              type: 'redirect_to_url',
              redirect_to_url: {
                url: `https://hooks.stripe.test/3ds/${pi}`,
                return_url: body.return_url,
              },
            }
          : null,
      };
      paymentIntents.set(pi, intent);
      return [200, intent];
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      // Newest first, like Stripe; filtered by customer and created[gte] (seconds).
      const since = Number(query.get('created[gte]') ?? 0);
      const data = [...paymentIntents.values()]
        .filter((intent) => !query.get('customer') || intent.customer === query.get('customer'))
        .filter((intent) => Number(intent.created) >= since)
        .reverse();
      return [200, { object: 'list', data, has_more: false, url: '/v1/payment_intents' }];
    }
    const cancelMatch = path.match(/^\/v1\/payment_intents\/([\w]+)\/cancel$/);
    if (method === 'POST' && cancelMatch) {
      const intent = paymentIntents.get(cancelMatch[1]!);
      if (!intent)
        return [
          404,
          { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
        ];
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
            },
          },
        ];
      Object.assign(intent, {
        status: 'canceled',
        next_action: null,
        cancellation_reason: body.cancellation_reason ?? null,
      });
      return [200, intent];
    }
    const piMatch = path.match(/^\/v1\/payment_intents\/([\w]+)$/);
    if (method === 'GET' && piMatch) {
      const intent = paymentIntents.get(piMatch[1]!);
      return intent
        ? [200, intent]
        : [404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } }];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `stand-in: no route ${method} ${path}` } },
    ];
  }

  const standIn: Omit<StripeStandIn, 'url' | 'close'> & { failAll: boolean } = {
    requests: [],
    charges: [],
    setupIntents,
    paymentIntents,
    failAll: false,
    confirmSetupIntent(setupIntentId, paymentMethod) {
      const intent = setupIntents.get(setupIntentId);
      if (!intent) throw new Error(`no setup intent ${setupIntentId}`);
      const attached = id('pm');
      methods.set(attached, paymentMethod);
      Object.assign(intent, { status: 'succeeded', payment_method: attached, next_action: null });
    },
    completePaymentIntent(paymentIntentId) {
      const intent = paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
      Object.assign(intent, { status: 'succeeded', next_action: null });
    },
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const method = request.method ?? 'GET';
      const body = parseForm(Buffer.concat(chunks).toString('utf8'));
      const key = request.headers['idempotency-key'] as string | undefined;
      standIn.requests.push({ method, path: url.pathname, idempotencyKey: key, body });
      let answer: { status: number; body: Json };
      const replayKey = key && `${method} ${url.pathname} ${key}`;
      if (standIn.failAll) {
        answer = {
          status: 500,
          body: { error: { type: 'api_error', message: 'stand-in is down' } },
        };
      } else if (replayKey && replays.has(replayKey)) {
        answer = replays.get(replayKey)!;
      } else {
        const [status, json] = route(method, url.pathname, url.searchParams, body);
        answer = { status, body: json };
        if (replayKey) replays.set(replayKey, answer);
        if (method === 'POST' && url.pathname === '/v1/payment_intents') standIn.charges.push(body);
      }
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(replayKey && replays.has(replayKey) ? { 'idempotent-replayed': 'true' } : {}),
      });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
