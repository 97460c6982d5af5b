import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sandboxIntents } from '../../db/schema';
import { ApiError } from '../../http/jsonapi';
import {
  declineMessage,
  type GatewayPaymentMethod,
  type PaymentGateway,
  type PaymentLookup,
  type PaymentMethodType,
  type PaymentOutcome,
  type SetupIntent,
} from './gateway';
import { cardBrand, cardProblem, normaliseCardNumber, testCardBehaviour } from './test-cards';

type IntentRow = typeof sandboxIntents.$inferSelect;

/** The demo account the sandbox wallet signs in as. */
export const SANDBOX_WALLET_EMAIL = 'sandbox-buyer@example.com';

interface SetupIntentData {
  customerId: number;
  type: PaymentMethodType;
  clientSecret: string;
  returnUrl: string;
  paymentMethodId?: string;
}

interface PaymentMethodData {
  customerId: number;
  type: PaymentMethodType;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  email: string | null;
  /** Absent on cards saved before fingerprints were kept. */
  fingerprint?: string | null;
  declineCode: string | null;
  threeDSecure: boolean;
}

export interface PaymentIntentData {
  customerId: number;
  type: PaymentMethodType;
  amountPence: number;
  paymentMethodId: string | null;
  idempotencyKey: string;
  returnUrl: string;
  declineCode?: string;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const challengeUrl = (id: string, returnUrl: string) =>
  `/sandbox/challenge/${id}?${new URLSearchParams({ return_url: returnUrl })}`;
const walletUrl = (id: string, returnUrl: string) =>
  `/sandbox/wallet/${id}?${new URLSearchParams({ return_url: returnUrl })}`;

/**
 * The embedded gateway: behaves like Stripe's test mode (ids, statuses, test cards, decline codes,
 * 3-D Secure challenges and wallet approvals on pages of its own), keeping its records in
 * `sandbox_intents`. Each method is one short statement or transaction of its own.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async createSetupIntent(input: {
    customer: { id: number };
    type: PaymentMethodType;
    returnUrl: string;
  }): Promise<SetupIntent> {
    const id = newId('seti');
    const data: SetupIntentData = {
      customerId: input.customer.id,
      type: input.type,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      returnUrl: input.returnUrl,
    };
    const status = input.type === 'CreditCard' ? 'requires_payment_method' : 'requires_action';
    const [row] = await this.db
      .insert(sandboxIntents)
      .values({ id, kind: 'setup_intent', status, data: { ...data } })
      .returning();
    return this.setupIntentOf(row!, null);
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntent | undefined> {
    const row = await this.find(id, 'setup_intent');
    if (!row) return undefined;
    const data = row.data as unknown as SetupIntentData;
    const method = data.paymentMethodId
      ? await this.find(data.paymentMethodId, 'payment_method')
      : undefined;
    return this.setupIntentOf(row, method ? paymentMethodOf(method) : null);
  }

  /** What Stripe.js does in the browser with the card form: 400 for a card Stripe would refuse. */
  async confirmCardSetup(
    id: string,
    input: {
      clientSecret: string;
      cardNumber: string;
      expMonth: number;
      expYear: number;
      cvc: string;
    },
  ): Promise<SetupIntent | undefined> {
    const row = await this.find(id, 'setup_intent');
    const data = row?.data as unknown as SetupIntentData | undefined;
    if (!row || !data) return undefined;
    if (data.clientSecret !== input.clientSecret)
      throw new ApiError(400, 'invalid_client_secret', 'Invalid client secret', {
        detail: 'client_secret does not belong to this setup intent',
        pointer: '/client_secret',
      });
    if (data.type !== 'CreditCard' || row.status === 'succeeded') {
      throw new ApiError(400, 'setup_intent_unexpected_state', 'Setup already confirmed', {
        detail: 'This card setup can no longer be confirmed. Start again.',
      });
    }
    const number = normaliseCardNumber(input.cardNumber);
    const problem = cardProblem(
      { number, expMonth: input.expMonth, expYear: input.expYear, cvc: input.cvc },
      this.now(),
    );
    if (problem) {
      throw new ApiError(400, problem.code, 'Card refused', {
        detail: problem.message,
        pointer: `/${problem.field}`,
      });
    }
    const methodId = newId('pm');
    const method: PaymentMethodData = {
      customerId: data.customerId,
      type: 'CreditCard',
      brand: cardBrand(number),
      last4: number.slice(-4),
      expMonth: input.expMonth,
      expYear: input.expYear < 100 ? 2000 + input.expYear : input.expYear,
      email: null,
      // Like Stripe's: derived from the number alone, so two accounts saving one card match.
      fingerprint: createHash('sha256').update(`sandbox-card:${number}`).digest('hex').slice(0, 16),
      ...testCardBehaviour(number),
    };
    return this.attach(row, data, methodId, method);
  }

  /** The sandbox wallet's answer to a setup intent or a payment intent. */
  async decideWallet(id: string, approve: boolean): Promise<IntentRow | undefined> {
    const row = await this.find(id);
    if (!row || row.status !== 'requires_action') return row;
    if (row.kind === 'setup_intent') {
      const data = row.data as unknown as SetupIntentData;
      if (!approve) return this.setStatus(row, 'canceled');
      const method: PaymentMethodData = {
        customerId: data.customerId,
        type: 'PaypalAccount',
        brand: null,
        last4: null,
        expMonth: null,
        expYear: null,
        email: SANDBOX_WALLET_EMAIL,
        declineCode: null,
        threeDSecure: false,
      };
      await this.attach(row, data, newId('pm'), method);
      return this.find(id);
    }
    return approve
      ? this.setStatus(row, 'succeeded')
      : this.setStatus(row, 'requires_payment_method', { declineCode: 'wallet_cancelled' });
  }

  /** The bank's answer to a 3-D Secure challenge. */
  async completeChallenge(id: string, authenticated: boolean): Promise<IntentRow | undefined> {
    const row = await this.find(id, 'payment_intent');
    if (!row || row.status !== 'requires_action') return row;
    return authenticated
      ? this.setStatus(row, 'succeeded')
      : this.setStatus(row, 'requires_payment_method', { declineCode: 'authentication_required' });
  }

  async charge(input: {
    customer: { id: number };
    paymentMethodId: string;
    amountPence: number;
    idempotencyKey: string;
    returnUrl: string;
  }): Promise<PaymentOutcome> {
    const replay = await this.byIdempotencyKey(input.idempotencyKey);
    if (replay) return outcomeOf(replay);
    const methodRow = await this.find(input.paymentMethodId, 'payment_method');
    if (!methodRow) throw new Error(`sandbox: no payment method ${input.paymentMethodId}`);
    const method = methodRow.data as unknown as PaymentMethodData;
    const status = method.declineCode
      ? 'requires_payment_method'
      : method.threeDSecure
        ? 'requires_action'
        : 'succeeded';
    const data: PaymentIntentData = {
      customerId: input.customer.id,
      type: method.type,
      amountPence: input.amountPence,
      paymentMethodId: input.paymentMethodId,
      idempotencyKey: input.idempotencyKey,
      returnUrl: input.returnUrl,
      ...(method.declineCode ? { declineCode: method.declineCode } : {}),
    };
    return outcomeOf(await this.insertPaymentIntent(status, data));
  }

  async startWalletPayment(input: {
    customer: { id: number };
    amountPence: number;
    idempotencyKey: string;
    returnUrl: string;
  }): Promise<PaymentOutcome> {
    const replay = await this.byIdempotencyKey(input.idempotencyKey);
    if (replay) return outcomeOf(replay);
    const data: PaymentIntentData = {
      customerId: input.customer.id,
      type: 'PaypalAccount',
      amountPence: input.amountPence,
      paymentMethodId: null,
      idempotencyKey: input.idempotencyKey,
      returnUrl: input.returnUrl,
    };
    return outcomeOf(await this.insertPaymentIntent('requires_action', data));
  }

  async retrievePayment(id: string): Promise<PaymentOutcome> {
    const row = await this.find(id, 'payment_intent');
    if (!row) throw new Error(`sandbox: no payment intent ${id}`);
    return outcomeOf(row);
  }

  /**
   * By id, or by idempotency key when the charge's answer was never recorded: the intent is written
   * by the same statement that decides the charge, in our database, so it survives a crash.
   */
  async retrieve(lookup: PaymentLookup): Promise<PaymentOutcome | null> {
    const row = lookup.id
      ? await this.find(lookup.id, 'payment_intent')
      : await this.byIdempotencyKey(lookup.idempotencyKey);
    return row ? outcomeOf(row) : null;
  }

  /** Only a payment still waiting can be cancelled; the guarded update keeps a late answer's win. */
  async cancel(id: string): Promise<PaymentOutcome> {
    await this.db
      .update(sandboxIntents)
      .set({
        status: 'canceled',
        data: sql`${sandboxIntents.data} || ${JSON.stringify({ declineCode: 'payment_abandoned' })}::jsonb`,
        updatedAt: this.now(),
      })
      .where(
        and(
          eq(sandboxIntents.id, id),
          eq(sandboxIntents.kind, 'payment_intent'),
          eq(sandboxIntents.status, 'requires_action'),
        ),
      );
    return this.retrievePayment(id);
  }

  /** Any sandbox record: the pages look them up to show the amount and check the id. */
  async find(id: string, kind?: IntentRow['kind']): Promise<IntentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxIntents)
      .where(
        kind
          ? and(eq(sandboxIntents.id, id), eq(sandboxIntents.kind, kind))
          : eq(sandboxIntents.id, id),
      );
    return row;
  }

  private async byIdempotencyKey(key: string): Promise<IntentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxIntents)
      .where(
        and(
          eq(sandboxIntents.kind, 'payment_intent'),
          sql`${sandboxIntents.data}->>'idempotencyKey' = ${key}`,
        ),
      );
    return row;
  }

  private async insertPaymentIntent(status: string, data: PaymentIntentData) {
    const [row] = await this.db
      .insert(sandboxIntents)
      .values({ id: newId('pi'), kind: 'payment_intent', status, data: { ...data } })
      .returning();
    return row!;
  }

  /** Saves the payment method and marks the setup intent succeeded, in one transaction. */
  private async attach(
    row: IntentRow,
    data: SetupIntentData,
    methodId: string,
    method: PaymentMethodData,
  ): Promise<SetupIntent> {
    const updated = await this.db.transaction(async (tx) => {
      await tx
        .insert(sandboxIntents)
        .values({ id: methodId, kind: 'payment_method', status: 'active', data: { ...method } });
      const [result] = await tx
        .update(sandboxIntents)
        .set({
          status: 'succeeded',
          data: { ...data, paymentMethodId: methodId },
          updatedAt: this.now(),
        })
        .where(eq(sandboxIntents.id, row.id))
        .returning();
      return result!;
    });
    return this.setupIntentOf(updated, { id: methodId, ...pick(method) });
  }

  /** Moves on from the status read; if another answer (a cancel) came first, that one stands. */
  private async setStatus(row: IntentRow, status: string, extra: Record<string, unknown> = {}) {
    const [updated] = await this.db
      .update(sandboxIntents)
      .set({ status, data: { ...row.data, ...extra }, updatedAt: this.now() })
      .where(and(eq(sandboxIntents.id, row.id), eq(sandboxIntents.status, row.status)))
      .returning();
    return updated ?? (await this.find(row.id));
  }

  private setupIntentOf(row: IntentRow, method: GatewayPaymentMethod | null): SetupIntent {
    const data = row.data as unknown as SetupIntentData;
    return {
      id: row.id,
      status: row.status,
      clientSecret: data.clientSecret,
      paymentMethodType: data.type,
      customerId: data.customerId,
      actionUrl:
        data.type === 'PaypalAccount' && row.status === 'requires_action'
          ? walletUrl(row.id, data.returnUrl)
          : null,
      paymentMethod: method,
    };
  }
}

function pick(method: PaymentMethodData): Omit<GatewayPaymentMethod, 'id'> {
  return {
    type: method.type,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.expMonth,
    expYear: method.expYear,
    email: method.email,
    fingerprint: method.fingerprint ?? null,
  };
}

function paymentMethodOf(row: IntentRow): GatewayPaymentMethod {
  return { id: row.id, ...pick(row.data as unknown as PaymentMethodData) };
}

function outcomeOf(row: IntentRow): PaymentOutcome {
  const data = row.data as unknown as PaymentIntentData;
  if (row.status === 'succeeded') return { status: 'succeeded', id: row.id };
  if (row.status === 'requires_action') {
    return {
      status: 'requires_action',
      id: row.id,
      actionUrl:
        data.type === 'PaypalAccount'
          ? walletUrl(row.id, data.returnUrl)
          : challengeUrl(row.id, data.returnUrl),
    };
  }
  const declineCode = data.declineCode ?? 'generic_decline';
  return { status: 'failed', id: row.id, declineCode, message: declineMessage(declineCode) };
}
