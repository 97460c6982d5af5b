import type { components } from '../../../openapi/schema';
import type { storeCreditTransactions } from '../../db/schema';

export type StoreCreditTransactionRow = typeof storeCreditTransactions.$inferSelect;

/**
 * One credit given or spent, in pounds (negative when spent), as the contract describes it; an
 * order it was spent on is named by its reference too (product rules R9.8, R12.7).
 */
export function storeCreditTransactionResource(
  row: StoreCreditTransactionRow,
  orderReference: string | null,
): components['schemas']['StoreCreditTransactionResource'] {
  return {
    type: 'store_credit_transactions',
    id: String(row.id),
    attributes: {
      amount: row.amountPence / 100,
      reason: row.reason,
      order_id: row.orderId === null ? null : String(row.orderId),
      order_reference: orderReference,
      created_at: row.createdAt.toISOString(),
    },
  };
}
