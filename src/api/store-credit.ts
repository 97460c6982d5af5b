import type { components } from '../../openapi/schema';
import { normaliseVoucherCode } from '../../domain/voucher';
import { api, unwrap } from './client';
import { toEntity, type Entity } from './json-api';

export type StoreCreditTransaction = Entity<
  components['schemas']['StoreCreditTransactionResource']
>;

export interface StoreCredit {
  /** Pounds. */
  balance: number;
  /** Newest first; amounts in pounds, negative when spent. */
  transactions: StoreCreditTransaction[];
}

/** Product rule R12.6: the message when the history cannot be read. */
export const STORE_CREDIT_HISTORY_FAILED = "Couldn't get store credit transaction history";

export const STORE_CREDIT_QUERY_KEY = ['store-credit-transactions'] as const;

/** GET store_credit_transactions: the history and the balance. */
export async function fetchStoreCredit(): Promise<StoreCredit> {
  const body = await unwrap(api.GET('/store_credit_transactions'), STORE_CREDIT_HISTORY_FAILED);
  return {
    balance: body.meta.balance,
    transactions: body.data.map((resource) => toEntity(resource) as StoreCreditTransaction),
  };
}

/** POST customers/credit_voucher: the credit given and the new balance (product rule R12.1: codes uppercased). */
export async function redeemCreditVoucher(
  code: string,
): Promise<{ transaction: StoreCreditTransaction; balance: number }> {
  const body = await unwrap(
    api.POST('/customers/credit_voucher', { body: { code: normaliseVoucherCode(code) } }),
  );
  return {
    transaction: toEntity(body.data) as StoreCreditTransaction,
    balance: body.meta.balance,
  };
}
