import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { paymentMethods, payments } from '../../db/schema';

export interface PaymentSummary {
  state: 'processing' | 'requires_action' | 'succeeded' | 'failed';
  amountPence: number;
  methodType: 'CreditCard' | 'PaypalAccount';
  brand: string | null;
  last4: string | null;
  createdAt: Date;
}

/** Product rule R9.15: the payment the order page shows is the order's latest attempt. */
export async function latestPayment(
  db: Queryable,
  orderId: number,
): Promise<PaymentSummary | null> {
  const [row] = await db
    .select({
      state: payments.state,
      amountPence: payments.amountPence,
      methodType: payments.paymentMethodType,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row ?? null;
}
