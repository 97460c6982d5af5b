import { EXTRA_VOUCHER_CODE, OUT_OF_STOCK_VOUCHER_CODE } from '../../../domain/voucher';
import type { vouchers } from '../schema';
import { ADD_ONS, regularVariantId } from './catalogue-products';

const TIRAMISU = ADD_ONS.find((addOn) => addOn.handle === 'classic-tiramisu') ?? {
  id: 34,
  pricePence: 550,
};

type Voucher = typeof vouchers.$inferInsert;

/**
 * Demo vouchers: the constants of product rule R12.5, one of each kind the takeaway basket checks
 * (fixed with a minimum, percentage, expired, another proposition, tied to dishes), and one of
 * each type and value type: discount, add-on and credit vouchers.
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
    offerTitle: '10% off your takeaway',
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
    offerTitle: '£5 off your recipe-kit box',
    type: 'DiscountVoucher',
    valueType: 'fixed_amount',
    value: 500,
    propositions: ['RK'],
  },
  // Recipe kits: a single-order voucher with its own per-order minimum for the first week, and
  // add-on vouchers whose add-on (Classic Tiramisù, Regular) the box gets free or at half price.
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
    offerTitle: 'A free Classic Tiramisù in your box',
    type: 'AddonVoucher',
    valueType: 'fixed_amount',
    value: TIRAMISU.pricePence,
    productVariantIds: [String(regularVariantId(TIRAMISU.id))],
    addonProductVariantId: String(regularVariantId(TIRAMISU.id)),
    propositions: ['RK', 'OO'],
  },
  {
    code: 'HALFTIRAMISU',
    type: 'AddonVoucher',
    valueType: 'percentage',
    value: 50,
    productVariantIds: [String(regularVariantId(TIRAMISU.id))],
    addonProductVariantId: String(regularVariantId(TIRAMISU.id)),
    propositions: ['RK', 'OO'],
  },
  // Credit vouchers, redeemed into store credit from the account (once per customer), never in a
  // basket. WELCOME60 covers a whole first box, so the checkout needs no card: it is a
  // new-customer credit (a verified email; once per household and per card).
  {
    code: 'GIFT25',
    type: 'CreditVoucher',
    valueType: 'fixed_amount',
    value: 2500,
  },
  {
    code: 'WELCOME60',
    type: 'CreditVoucher',
    valueType: 'fixed_amount',
    value: 6000,
    newCustomer: true,
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
