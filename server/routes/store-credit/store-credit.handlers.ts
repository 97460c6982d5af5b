import { desc, eq } from 'drizzle-orm';
import { storeCreditTransactions } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { requireCustomer } from '../../services/sessions';
import type { Deps } from '../index';

export function storeCreditHandlers({
  db,
  now,
}: Deps): OperationHandlers<'listStoreCreditTransactions'> {
  return {
    listStoreCreditTransactions: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const rows = await db
        .select()
        .from(storeCreditTransactions)
        .where(eq(storeCreditTransactions.customerId, customer.id))
        .orderBy(desc(storeCreditTransactions.createdAt), desc(storeCreditTransactions.id));
      return {
        data: rows.map((row) => ({
          type: 'store_credit_transactions' as const,
          id: String(row.id),
          attributes: {
            amount: row.amountPence / 100,
            reason: row.reason,
            order_id: row.orderId === null ? null : String(row.orderId),
            created_at: row.createdAt.toISOString(),
          },
        })),
        meta: { balance: customer.storeCreditPence / 100 },
      };
    },
  };
}
