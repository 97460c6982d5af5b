import { desc, eq, sql } from 'drizzle-orm';
import { CREDIT_VOUCHER_MESSAGES, creditVoucherProblem } from '../../../domain/credit-voucher';
import { normaliseVoucherCode } from '../../../domain/voucher';
import { customers, orders, storeCreditTransactions, vouchers } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError } from '../../http/jsonapi';
import { requireCustomer } from '../../services/sessions';
import type { Deps } from '../../deps';
import { storeCreditTransactionResource } from './store-credit-resource';

const cannotRedeem = (code: string, detail: string) =>
  new ApiError(400, code, 'Voucher cannot be redeemed', { detail, pointer: '/code' });

/**
 * Store credit (product rule R12.6): its history, and credit vouchers redeemed into it once per
 * customer. The balance lives on the customer row; each change is a transaction row.
 */
export function storeCreditHandlers({
  db,
  now,
}: Deps): OperationHandlers<'listStoreCreditTransactions' | 'redeemCreditVoucher'> {
  return {
    listStoreCreditTransactions: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const rows = await db
        .select({ transaction: storeCreditTransactions, orderReference: orders.reference })
        .from(storeCreditTransactions)
        .leftJoin(orders, eq(orders.id, storeCreditTransactions.orderId))
        .where(eq(storeCreditTransactions.customerId, customer.id))
        .orderBy(desc(storeCreditTransactions.createdAt), desc(storeCreditTransactions.id));
      return {
        data: rows.map((row) =>
          storeCreditTransactionResource(row.transaction, row.orderReference),
        ),
        meta: { balance: customer.storeCreditPence / 100 },
      };
    },

    redeemCreditVoucher: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      const code = normaliseVoucherCode(request.body.code);
      const [voucher] = await db.select().from(vouchers).where(eq(vouchers.code, code));
      if (!voucher) throw cannotRedeem('invalid_code', CREDIT_VOUCHER_MESSAGES.unknownCode);
      const problem = creditVoucherProblem(voucher, now().toISOString().slice(0, 10));
      if (problem) throw cannotRedeem(problem.code, problem.detail);
      // Proof of a real mailbox before a new-customer credit: the once-per-household rule binds
      // at the order that spends it (server/services/new-customer-claims.ts).
      if (voucher.newCustomer && customer.emailVerifiedAt === null)
        throw new ApiError(403, 'email_not_verified', 'Email not verified', {
          detail: CREDIT_VOUCHER_MESSAGES.emailNotVerified,
          pointer: '/code',
        });

      const { row, balancePence } = await db.transaction(async (tx) => {
        // The unique (customer, voucher) index decides between concurrent redemptions: the loser
        // inserts nothing, and the balance is raised only after a row was written.
        const [inserted] = await tx
          .insert(storeCreditTransactions)
          .values({
            customerId: customer.id,
            amountPence: voucher.value,
            reason: `Credit voucher ${voucher.code}`,
            voucherId: voucher.id,
            createdAt: now(),
          })
          .onConflictDoNothing({
            target: [storeCreditTransactions.customerId, storeCreditTransactions.voucherId],
          })
          .returning();
        if (!inserted)
          throw cannotRedeem('voucher_already_redeemed', CREDIT_VOUCHER_MESSAGES.alreadyRedeemed);
        const [updated] = await tx
          .update(customers)
          .set({ storeCreditPence: sql`${customers.storeCreditPence} + ${voucher.value}` })
          .where(eq(customers.id, customer.id))
          .returning({ storeCreditPence: customers.storeCreditPence });
        if (!updated) throw new Error('customer not found while crediting');
        return { row: inserted, balancePence: updated.storeCreditPence };
      });
      reply.code(201);
      return {
        // A voucher's credit: no order.
        data: storeCreditTransactionResource(row, null),
        meta: { balance: balancePence / 100 },
      };
    },
  };
}
