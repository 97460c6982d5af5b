import { EXTRA_VOUCHER_CODE, OUT_OF_STOCK_VOUCHER_CODE } from '../../../src/domain/voucher';
import type { vouchers } from '../schema';
import { ADD_ONS, regularVariantId } from './catalogue-products';

const TIRAMISU = ADD_ONS.find((addOn) => addOn.handle === 'classic-tiramisu') ?? {
  id: 34,
  pricePence: 550,
};

type Voucher = typeof vouchers.$inferInsert;

/**
 * Demo vouchers: the spec's constants (section 9) and one of each kind the takeaway basket
 * checks (fixed with a minimum, percentage, expired, another proposition, tied to dishes).
 */
export const VOUCHERS: Voucher[] = [
  {
    code: OUT_OF_STOCK_VOUCHER_CODE,
    type: 'DiscountVoucher',
    valueType: 'percentage',
    value: 20,
  },
  {
    code: EXTRA_VOUCHER_CODE,
    type: 'DiscountVoucher',
    valueType: 'percentage',
    value: 10,
  },
  {
    code: 'PASTA5',
    type: 'DiscountVoucher',
    valueType: 'fixed_amount',
    value: 500,
    minimumSpendPerOrderPence: 2000,
    propositions: ['TW'],
  },
  {
    code: 'PASTA10',
    type: 'DiscountVoucher',
    valueType: 'percentage',
    value: 10,
    propositions: ['TW'],
  },
  {
    code: 'SUMMER23',
    type: 'DiscountVoucher',
    valueType: 'fixed_amount',
    value: 300,
    startDate: '2023-06-01',
    endDate: '2023-08-31',
    propositions: ['TW'],
  },
  {
    code: 'KITCHEN5',
    type: 'DiscountVoucher',
    valueType: 'fixed_amount',
    value: 500,
    propositions: ['RK'],
  },
  // Recipe kits: a single-order voucher with its own per-order minimum for the first week, and an
  // add-on voucher whose add-on (Classic Tiramisù, Regular) the box gets free.
  {
    code: 'FIRSTBOX',
    type: 'DiscountVoucher',
    valueType: 'fixed_amount',
    value: 1000,
    singleOrder: true,
    minimumSpendPerOrderPence: 2500,
    propositions: ['RK', 'OO'],
  },
  {
    code: 'FREEDESSERT',
    type: 'AddonVoucher',
    valueType: 'fixed_amount',
    value: TIRAMISU.pricePence,
    productVariantIds: [String(regularVariantId(TIRAMISU.id))],
    addonProductVariantId: String(regularVariantId(TIRAMISU.id)),
    propositions: ['RK', 'OO'],
  },
  {
    code: 'DOLCE50',
    type: 'DiscountVoucher',
    valueType: 'percentage',
    value: 50,
    productVariantIds: ['301', '302'],
    propositions: ['TW'],
  },
];
