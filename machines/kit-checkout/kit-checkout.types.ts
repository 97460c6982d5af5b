import type { BoxWeekDay, DeliveryDateOption } from '../../domain/delivery-dates';
import type {
  CheckoutAddress,
  CheckoutFailure,
  FormError,
  NewCard,
  OrderSummary,
  PaymentGateway,
  PaymentOptions,
  SavedPaymentMethod,
} from '../checkout-shared/checkout-shared.types';
import type { PostcodeLookupFailure } from '../../src/api/postcode-lookup';
import type { PostcodeAddress } from '../../src/api/types';

/** A saved address (GET addresses), as the checkout needs it. */
export interface SavedAddress {
  id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  address1: string;
  address2: string | null;
  city: string;
  zip: string;
  isDefault: boolean;
}

/** What the address step's postcode lookup found (product rule R8.11). */
export interface PostcodeLookup {
  /** The postcode looked up, as the lookup was asked for it ('W4 2HD'). */
  postcode: string;
  /** The directory's addresses for it; none when it is placed at its district's centre. */
  addresses: PostcodeAddress[];
}

/** What a found address fills in the new-address form; the customer types the rest. */
export type FoundAddress = Pick<
  CheckoutAddress,
  'address1' | 'address2' | 'city' | 'zip' | 'lat' | 'lon'
>;

/** The recipe-kit basket as the checkout needs it. */
export interface KitBasket {
  id: string;
  itemCount: number;
  /** Every week reaches its minimum and the total the minimum spend (GET baskets/{id}/validate). */
  valid: boolean;
  totalPrice: number;
  startSubscription: boolean;
  frequency: number | null;
  deliveryDate: string | null;
  deliveryNote: string | null;
  /** The basket's variants, for the delivery-date constraints. */
  variantIds: string[];
  /** Product rule R11.1 basket meta: the basket asks for a card whatever the total. */
  requestCard: boolean;
  /** The first meal week's box, the one the checkout orders (pounds): its week, lines, discount. */
  firstBox: { mealWeek: string; subtotal: number; discount: number } | null;
  /** The lines and totals every step shows (product rule R5.8). */
  summary?: OrderSummary;
}

/** A day the day step lists (product rule R8.10), with what the box costs on it (R8.9, pounds). */
export interface DeliveryDayChoice extends BoxWeekDay {
  fee: number;
  total: number;
}

/** What the instructions step offers (session-client calls). */
export interface DeliveryInstructionOptions {
  courierInstructions: string[];
  dates: DeliveryDateOption[];
  /** The box's week, day by day, with each day's fee and total or why it cannot be chosen. */
  days: DeliveryDayChoice[];
  /** The basket's date, moved to the first available when before it, missing or disabled. */
  deliveryDate: string | null;
}

/** The customer's choice on the instructions step. */
export interface DeliveryInstructions {
  courierInstruction: string;
  note: string;
  deliveryDate: string;
}

/** POST preview_order (pounds). */
export interface OrderPreview {
  subtotal: number;
  delivery: number;
  discount: number;
  storeCredit: number;
  total: number;
  amountToCharge: number;
  requestCard: boolean;
  likelyCardCharge: boolean;
  /** Product rule R8.13: what recurs when the basket starts a plan; null for a one-off box. */
  recurring: RecurringPromise | null;
}

/** What a plan charges again (pounds), as the payment step says it. */
export interface RecurringPromise {
  recipesPerBox: number;
  frequency: number;
  /** 1 Monday .. 6 Saturday. */
  deliveryDay: number;
  pricePerBox: number;
  deliveryFee: number;
  /** ISO instant: the next box's cut-off. */
  nextChargeAt: string;
  nextDeliveryDate: string;
}

export interface KitPaymentOptions extends PaymentOptions {
  preview: OrderPreview;
}

export type KitPaymentChoice =
  | { kind: 'saved'; methodId: string }
  | { kind: 'newCard'; card: NewCard }
  /** Store credit covers the box: no card. */
  | { kind: 'credits' };

/** The order written for the box: its first delivery and, for a subscription, its frequency. */
export interface PlacedKitOrder {
  id: string;
  /** The reference the customer sees (product rule R9.8). */
  reference: string;
  deliveryDate: string | null;
  totalPrice: number;
  /** Store credit spent on it, and what the card paid (pounds). */
  storeCredit: number;
  amountCharged: number;
  subscriptionId: string | null;
  frequency: number | null;
}

export type KitOrderOutcome =
  { status: 'succeeded'; order: PlacedKitOrder } | { status: 'requires_action'; actionUrl: string };

export interface ReturnedKitPayment {
  status: 'succeeded' | 'failed' | 'pending';
  order: PlacedKitOrder;
  message: string | null;
}

export interface PlaceKitOrderInput {
  basketId: string;
  paymentMethodId: string | null;
  shippingAddressId: string;
  billingAddressId: string | null;
  deliveryNote: string | null;
  courierInstruction: string | null;
  frequency: number | null;
}

export type {
  CheckoutAddress,
  CheckoutFailure,
  FormError,
  NewCard,
  PaymentGateway,
  PostcodeAddress,
  PostcodeLookupFailure,
  SavedPaymentMethod,
};
