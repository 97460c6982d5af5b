import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { isAddressReady } from '../../../domain/address';
import {
  editMoney,
  formatCutoff,
  isPaidOrder,
  ORDER_EDIT_MESSAGES,
  orderDateProblem,
  orderEditability,
  type EditMoney,
} from '../../../domain/order-edit';
import { optionalText } from '../../../domain/order-page';
import { DEFAULT_KIT_MINIMUMS, kitBasketProblems } from '../../../domain/recipe-kit-basket';
import { normaliseVoucherCode, voucherProblem } from '../../../domain/voucher';
import { CREDIT_VOUCHER_MESSAGES } from '../../../domain/credit-voucher';
import type { Database, Queryable } from '../../db/database';
import {
  addresses,
  catalogueVariants,
  customers,
  orderEdits,
  orderLineItems,
  orders,
  paymentMethods,
  payments,
  scheduleWeeks,
  subscriptions,
  vouchers,
  type OrderAddress,
} from '../../db/schema';
import { ApiError, notFound } from '../../http/jsonapi';
import { priceBasket, voucherTerms, type BasketPrice, type VoucherRow } from '../basket-pricing';
import type { BasketItemRow, BasketRow } from '../baskets';
import type { Catalogue } from '../catalogue/catalogue';
import { giveBackStoreCredit, spendStoreCredit } from './kit-order-insert';
import { kitOrderLineOf, lineItemRows, type KitOrderLine } from './order-line-rows';
import { orderAddressOf } from '../order-address';
import { deliveryDayClosure } from '../delivery-day-closures';
import { GatewayUnavailableError, type PaymentGateway } from '../payments/gateway';
import { gatewayCustomer, gatewayUnavailable } from '../payments/payment-service';
import type { CustomerRow } from '../sessions';
import { chefPicks, type MenuDish } from '../subscriptions/chef-picks';
import { mondayOf } from '../subscriptions/schedule-dates';
import { weeklyMenu } from '../subscriptions/weekly-menu';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLineItems.$inferSelect;

/** One change to a recipe-kit order (product rules R9.20 to R9.24). */
export type OrderChange =
  | { kind: 'items'; items: { variantId: number; quantity: number }[] }
  | { kind: 'delivery_date'; deliveryDate: string; deliveryNote?: string | null }
  | { kind: 'shipping_address'; addressId: number }
  | { kind: 'chef_selections' }
  | { kind: 'voucher'; code: string }
  | { kind: 'remove_voucher' };

export interface EditOptions {
  /** Price the change and write nothing. */
  preview: boolean;
  /** The total the customer saw (pence): a different one refuses the change (R9.23). */
  expectedTotalPence?: number;
}

export interface EditDeps {
  db: Database;
  paymentGateway: PaymentGateway;
  catalogue: Pick<Catalogue, 'kind' | 'decrementStock'>;
  now: () => Date;
}

export interface EditResult {
  orderId: number;
  preview: boolean;
  /** False when the change was already made (a retry, or a concurrent twin). */
  changed: boolean;
  previousTotalPence: number;
  price: BasketPrice;
  money: EditMoney;
}

interface DraftLine extends KitOrderLine {
  isDouble: boolean;
}

interface Draft {
  lines: DraftLine[];
  linesChanged: boolean;
  deliveryDate: string;
  deliveryNote: string | null;
  address: OrderAddress | null;
  voucher: VoucherRow | null;
  chefSelected: boolean;
}

interface Plan {
  order: OrderRow;
  draft: Draft;
  price: BasketPrice;
  money: EditMoney;
}

const conflict = (code: string, detail: string) =>
  new ApiError(409, code, 'Order cannot be changed', { detail });
const invalid = (code: string, detail: string, pointer?: string) =>
  new ApiError(400, code, 'Change not possible', { detail, pointer });

/** The customer's order, locked for the change; 404 for another customer's. */
async function lockOrder(tx: Queryable, customerId: number, orderId: number): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .for('update');
  if (!order) throw notFound('Order');
  return order;
}

/** Product rule R9.19: takeaway never, a kit order until its week's cut-off (409 after). */
export function assertEditable(order: OrderRow, now: Date): void {
  const editability = orderEditability(order, now);
  if (editability.editable) return;
  if (editability.reason === 'takeaway')
    throw conflict('order_not_editable', ORDER_EDIT_MESSAGES.takeaway);
  if (editability.reason === 'too_late')
    throw conflict(
      'order_edit_closed',
      ORDER_EDIT_MESSAGES.tooLate(formatCutoff(editability.cutoff!)),
    );
  throw conflict('order_not_editable', ORDER_EDIT_MESSAGES.notEditable(order.state));
}

async function assertNoPaymentInFlight(tx: Queryable, orderId: number) {
  const [inFlight] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.state, ['processing', 'requires_action']),
      ),
    )
    .limit(1);
  if (inFlight) throw conflict('payment_in_progress', ORDER_EDIT_MESSAGES.paymentInFlight);
}

const draftLinesOf = (lines: LineRow[]): DraftLine[] =>
  lines
    .filter((line) => line.parentId === null)
    .map((line) => ({
      ...kitOrderLineOf(line),
      isDouble: /double/i.test(line.variantTitle ?? ''),
    }));

async function voucherByCode(tx: Queryable, code: string | null): Promise<VoucherRow | null> {
  if (!code) return null;
  const [row] = await tx.select().from(vouchers).where(eq(vouchers.code, code.toUpperCase()));
  return row ?? null;
}

/** The variants a week's menu sells (recipes and add-ons on sale), by id. */
function menuVariants(menu: MenuDish[]) {
  const byId = new Map<number, { dish: MenuDish; variant: MenuDish['variants'][number] }>();
  for (const dish of menu) {
    if (!dish.availableForSale || dish.tags.includes('hide-from-menu')) continue;
    if (dish.productType !== 'Recipe Kit' && dish.productType !== 'Add-on') continue;
    for (const variant of dish.variants)
      if (variant.availableForSale) byId.set(variant.id, { dish, variant });
  }
  return byId;
}

/** The order's dishes as the basket pricing reads them: one meal week, the order's. */
function asBasket(order: OrderRow, draft: Draft): { basket: BasketRow; items: BasketItemRow[] } {
  const mealWeek = mondayOf(draft.deliveryDate);
  const basket: BasketRow = {
    id: `order-${order.id}`,
    type: 'RecipeKitBasket',
    customerId: order.customerId,
    sessionTokenHash: null,
    restaurantId: null,
    fulfillmentType: 'delivery',
    deliveryDate: draft.deliveryDate,
    timeSlot: 'asap',
    timeSlotEndTime: null,
    address: draft.address,
    deliveryNote: draft.deliveryNote,
    customerEmail: null,
    tableNumber: null,
    isOpenTab: false,
    isCateringOrder: false,
    frequency: null,
    numberOfRecipes: null,
    startSubscription: false,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
  const items = draft.lines.map((line, index) => ({
    id: index + 1,
    basketId: basket.id,
    parentId: null,
    productId: line.productId,
    productVariantId: line.productVariantId,
    title: line.title,
    quantity: line.quantity,
    unitPricePence: line.unitPricePence,
    mealWeek,
    isAddon: line.isAddon,
    isDouble: line.isDouble,
    createdAt: order.createdAt,
  }));
  return { basket, items };
}

/** Stock each variant needs beyond what the order holds now (negative: given back). */
function stockDelta(before: DraftLine[], after: DraftLine[]): Map<number, number> {
  const delta = new Map<number, number>();
  const add = (line: DraftLine, sign: number) => {
    const id = Number(line.productVariantId);
    if (!Number.isSafeInteger(id)) return;
    delta.set(id, (delta.get(id) ?? 0) + sign * line.quantity);
  };
  for (const line of after) add(line, 1);
  for (const line of before) add(line, -1);
  return delta;
}

/** Product rule R9.22: a dish the change adds must have the stock for it. */
async function assertStock(tx: Queryable, draft: DraftLine[], delta: Map<number, number>) {
  const wanted = [...delta].filter(([, quantity]) => quantity > 0).map(([id]) => id);
  if (wanted.length === 0) return;
  const rows = await tx
    .select({ id: catalogueVariants.id, left: catalogueVariants.quantityAvailable })
    .from(catalogueVariants)
    .where(inArray(catalogueVariants.id, wanted));
  const short = rows.filter((row) => row.left !== null && row.left < (delta.get(row.id) ?? 0));
  if (short.length === 0) return;
  const titles = draft
    .filter((line) => short.some((row) => String(row.id) === line.productVariantId))
    .map((line) => line.title);
  throw conflict('out_of_stock', `Sold out: ${titles.join(', ')}. Choose another dish`);
}

async function draftFor(
  tx: Queryable,
  order: OrderRow,
  lines: LineRow[],
  change: OrderChange,
  customerId: number,
  now: Date,
): Promise<Draft> {
  const current: Draft = {
    lines: draftLinesOf(lines),
    linesChanged: false,
    deliveryDate: order.deliveryDate!,
    deliveryNote: order.deliveryNote,
    address: order.address,
    voucher: await voucherByCode(tx, order.voucherCode),
    chefSelected: order.chefSelected,
  };
  const week = mondayOf(current.deliveryDate);
  switch (change.kind) {
    case 'items': {
      const menu = menuVariants(await weeklyMenu(tx, week));
      const merged = new Map<number, number>();
      for (const item of change.items)
        merged.set(item.variantId, (merged.get(item.variantId) ?? 0) + item.quantity);
      const next: DraftLine[] = [];
      for (const [variantId, quantity] of merged) {
        const found = menu.get(variantId);
        if (!found) throw invalid('not_on_menu', ORDER_EDIT_MESSAGES.notOnMenu, '/items');
        const kept = current.lines.find((line) => line.productVariantId === String(variantId));
        next.push({
          productId: found.dish.productId,
          productVariantId: String(variantId),
          title: found.dish.title,
          variantTitle: found.variant.title,
          quantity,
          // A dish the order already had keeps the price it was ordered at.
          unitPricePence: kept?.unitPricePence ?? found.variant.pricePence,
          isAddon: found.dish.productType !== 'Recipe Kit',
          isDouble: found.variant.isDouble,
        });
      }
      return { ...current, lines: next, linesChanged: true, chefSelected: false };
    }
    case 'chef_selections': {
      const recipes = current.lines.filter((line) => !line.isAddon);
      const count = Math.max(
        2,
        recipes.reduce((sum, line) => sum + line.quantity, 0),
      );
      const [plan] =
        order.subscriptionId === null
          ? []
          : await tx
              .select({ dietary: subscriptions.dietary })
              .from(subscriptions)
              .where(eq(subscriptions.id, order.subscriptionId));
      const picks = chefPicks(await weeklyMenu(tx, week), count, plan?.dietary ?? {});
      if (picks.length === 0) throw conflict('chef_nothing', ORDER_EDIT_MESSAGES.chefNothing);
      const next: DraftLine[] = picks.map(({ dish, variant }) => ({
        productId: dish.productId,
        productVariantId: String(variant.id),
        title: dish.title,
        variantTitle: variant.title,
        quantity: 1,
        unitPricePence:
          current.lines.find((line) => line.productVariantId === String(variant.id))
            ?.unitPricePence ?? variant.pricePence,
        isAddon: false,
        isDouble: variant.isDouble,
      }));
      return {
        ...current,
        lines: [...next, ...current.lines.filter((line) => line.isAddon)],
        linesChanged: true,
        chefSelected: true,
      };
    }
    case 'delivery_date': {
      const problem = orderDateProblem(current.deliveryDate, change.deliveryDate, now);
      if (problem) throw invalid('delivery_date_invalid', problem, '/delivery_date');
      const closure = await deliveryDayClosure(
        tx,
        change.deliveryDate,
        current.lines.map((line) => Number(line.productVariantId)),
      );
      if (closure?.kind === 'closed')
        throw invalid(
          'delivery_date_unavailable',
          ORDER_EDIT_MESSAGES.dateUnavailable,
          '/delivery_date',
        );
      if (closure?.kind === 'products')
        throw invalid(
          'product_unavailable',
          ORDER_EDIT_MESSAGES.dishUnavailable(
            current.lines
              .filter((line) =>
                closure.variantIds.some((id) => String(id) === line.productVariantId),
              )
              .map((line) => line.title)
              .join(', '),
          ),
          '/delivery_date',
        );
      return {
        ...current,
        deliveryDate: change.deliveryDate,
        deliveryNote:
          change.deliveryNote === undefined
            ? current.deliveryNote
            : optionalText(change.deliveryNote),
      };
    }
    case 'shipping_address': {
      const [address] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, change.addressId), eq(addresses.customerId, customerId)));
      if (!address) throw notFound('Address');
      if (!isAddressReady(address))
        throw invalid(
          'address_incomplete',
          'That address has no street, town or postcode yet: complete it first',
        );
      return { ...current, address: orderAddressOf(address) };
    }
    case 'voucher': {
      const code = normaliseVoucherCode(change.code);
      const voucher = await voucherByCode(tx, code);
      if (!voucher)
        throw new ApiError(404, 'voucher_not_found', 'Voucher not found', {
          detail: `No voucher has the code ${code}`,
          pointer: '/code',
        });
      if (voucher.type === 'CreditVoucher')
        throw invalid('voucher_not_for_baskets', CREDIT_VOUCHER_MESSAGES.notForBaskets, '/code');
      if (voucher.type === 'AddonVoucher')
        throw invalid(
          'voucher_not_for_orders',
          `${code} gives an add-on: use it in your basket when you order`,
          '/code',
        );
      const { items } = asBasket(order, current);
      const problem = voucherProblem(voucherTerms(voucher), {
        proposition: 'RK',
        today: now.toISOString().slice(0, 10),
        lines: items.map((item) => ({
          productVariantId: item.productVariantId,
          totalPence: item.unitPricePence * item.quantity,
        })),
      });
      if (problem) throw invalid(problem.code, problem.detail, '/code');
      return { ...current, voucher };
    }
    case 'remove_voucher':
      return { ...current, voucher: null };
  }
}

/** Locks the order and the customer, checks the change and prices it (nothing written). */
async function plan(
  tx: Queryable,
  customer: CustomerRow,
  orderId: number,
  change: OrderChange,
  now: Date,
): Promise<Plan> {
  const order = await lockOrder(tx, customer.id, orderId);
  assertEditable(order, now);
  await assertNoPaymentInFlight(tx, order.id);
  const lines = await tx
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, order.id))
    .orderBy(orderLineItems.id);
  const draft = await draftFor(tx, order, lines, change, customer.id, now);
  const { basket, items } = asBasket(order, draft);
  const price = await priceBasket(tx, basket, items, now, draft.voucher);
  if (draft.linesChanged) {
    const [problem] = kitBasketProblems(
      items.map((item) => ({
        mealWeek: item.mealWeek ?? '',
        isAddon: item.isAddon,
        productVariantId: item.productVariantId,
        totalPence: item.unitPricePence * item.quantity,
      })),
      DEFAULT_KIT_MINIMUMS,
      price.kitVoucher,
    );
    if (problem) throw invalid(problem.code, problem.message, '/items');
    await assertStock(tx, draft.lines, stockDelta(draftLinesOf(lines), draft.lines));
  }
  if (change.kind === 'voucher' && price.voucherCode === null)
    throw invalid('voucher_not_applicable', `${draft.voucher?.code} does not apply to this box`);
  const [balance] = await tx
    .select({ pence: customers.storeCreditPence })
    .from(customers)
    .where(eq(customers.id, customer.id))
    .for('update');
  const money = editMoney({
    paid: isPaidOrder(order.state),
    previousTotalPence: order.totalPence,
    totalPence: price.totalPence,
    orderStoreCreditPence: order.storeCreditPence,
    storeCreditBalancePence: balance?.pence ?? 0,
  });
  return { order, draft, price, money };
}

/** Writes a planned change: lines and stock, the order, store credit, and the edit's record. */
async function write(
  tx: Queryable,
  deps: EditDeps,
  planned: Plan,
  change: OrderChange,
  charge: { pence: number; methodId: number | null; paymentId: string | null; key: string | null },
  now: Date,
) {
  const { order, draft, price, money } = planned;
  if (draft.linesChanged) {
    const before = draftLinesOf(
      await tx.select().from(orderLineItems).where(eq(orderLineItems.orderId, order.id)),
    );
    const delta = stockDelta(before, draft.lines);
    const take = [...delta]
      .filter(([, quantity]) => quantity > 0)
      .map(([variantId, quantity]) => ({ variantId, quantity }));
    const short = await deps.catalogue.decrementStock(tx, take);
    if (short.length)
      throw conflict('out_of_stock', 'Sold out since you chose it: choose another dish');
    // Stock the change gives back returns to the embedded catalogue (an external one keeps its own).
    if (deps.catalogue.kind === 'embedded')
      for (const [variantId, quantity] of delta)
        if (quantity < 0)
          await tx
            .update(catalogueVariants)
            .set({ quantityAvailable: sql`${catalogueVariants.quantityAvailable} + ${-quantity}` })
            .where(
              and(
                eq(catalogueVariants.id, variantId),
                isNotNull(catalogueVariants.quantityAvailable),
              ),
            );
    await tx.delete(orderLineItems).where(eq(orderLineItems.orderId, order.id));
    if (draft.lines.length)
      await tx.insert(orderLineItems).values(lineItemRows(order.id, draft.lines));
  }
  const storeCreditPence =
    order.storeCreditPence +
    money.storeCreditSpentPence -
    (isPaidOrder(order.state) ? 0 : money.storeCreditRefundPence);
  // The order's version moves on with every change (the charge's idempotency key reads it).
  const updatedAt = new Date(Math.max(now.getTime(), order.updatedAt.getTime() + 1));
  await tx
    .update(orders)
    .set({
      deliveryDate: draft.deliveryDate,
      deliveryNote: draft.deliveryNote,
      address: draft.address,
      voucherCode: price.voucherCode,
      subtotalPence: price.subtotalPence,
      deliveryPence: price.deliveryPence,
      discountPence: price.discountPence,
      totalPence: price.totalPence,
      storeCreditPence: Math.max(0, storeCreditPence),
      chefSelected: draft.chefSelected,
      updatedAt,
    })
    .where(eq(orders.id, order.id));
  if (order.scheduleWeekId !== null && draft.deliveryDate !== order.deliveryDate)
    await tx
      .update(scheduleWeeks)
      .set({ deliveryDate: draft.deliveryDate })
      .where(eq(scheduleWeeks.id, order.scheduleWeekId));
  if (order.customerId !== null) {
    await spendStoreCredit(tx, order.customerId, money.storeCreditSpentPence, order.id, now);
    await giveBack(tx, order.customerId, money.storeCreditRefundPence, order.id, now);
  }
  if (money.differencePence !== 0 || charge.pence > 0 || money.storeCreditRefundPence > 0)
    await tx.insert(orderEdits).values({
      orderId: order.id,
      customerId: order.customerId,
      change: change.kind,
      previousTotalPence: order.totalPence,
      totalPence: price.totalPence,
      chargedPence: charge.pence,
      storeCreditSpentPence: money.storeCreditSpentPence,
      storeCreditRefundPence: money.storeCreditRefundPence,
      paymentMethodId: charge.methodId,
      processorPaymentId: charge.paymentId,
      idempotencyKey: charge.key,
      createdAt: now,
    });
}

/** Product rule R9.23: a decrease goes back to the customer as store credit. */
const giveBack = (tx: Queryable, customerId: number, pence: number, orderId: number, now: Date) =>
  giveBackStoreCredit(
    tx,
    { customerId, pence, orderId, reason: `Given back for a change to order #${orderId}` },
    now,
  );

/** The card that paid the order, or the customer's default card. */
async function cardFor(tx: Queryable, order: OrderRow, customerId: number, gatewayName: string) {
  const [paid] = await tx
    .select({ method: paymentMethods })
    .from(payments)
    .innerJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(and(eq(payments.orderId, order.id), eq(payments.state, 'succeeded')))
    .orderBy(desc(payments.id))
    .limit(1);
  const candidates = paid?.method.type === 'CreditCard' ? [paid.method] : [];
  if (candidates.length === 0)
    candidates.push(
      ...(await tx
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.customerId, customerId),
            eq(paymentMethods.saved, true),
            eq(paymentMethods.type, 'CreditCard'),
          ),
        )
        .orderBy(desc(paymentMethods.isDefault), paymentMethods.id)),
    );
  return candidates.find((method) => method.processor === gatewayName);
}

const result = (planned: Plan, preview: boolean, changed: boolean): EditResult => ({
  orderId: planned.order.id,
  preview,
  changed,
  previousTotalPence: planned.order.totalPence,
  price: planned.price,
  money: planned.money,
});

/**
 * Changes a recipe-kit order before its cut-off (product rules R9.19 to R9.24). The order row is
 * locked (`FOR UPDATE`) while the change is checked and written, so concurrent changes apply one
 * after the other, and a repeated one finds nothing left to change. A paid order's increase that
 * the store credit does not cover is charged to its card outside any transaction, with a key
 * derived from the order's version, so a retry or a concurrent twin charges once; the change is
 * then written only if the order is still at that version, and otherwise the charge goes back as
 * store credit and the answer is a 409.
 */
export async function editOrder(
  deps: EditDeps,
  customer: CustomerRow,
  orderId: number,
  change: OrderChange,
  options: EditOptions,
): Promise<EditResult> {
  const { db, paymentGateway } = deps;
  const first = await db.transaction(async (tx) => {
    const now = deps.now();
    const planned = await plan(tx, customer, orderId, change, now);
    if (options.preview) return { kind: 'done' as const, value: result(planned, true, true) };
    if (
      options.expectedTotalPence !== undefined &&
      options.expectedTotalPence !== planned.price.totalPence
    )
      throw conflict('price_changed', ORDER_EDIT_MESSAGES.priceChanged);
    if (planned.money.cardPence === 0) {
      await write(
        tx,
        deps,
        planned,
        change,
        { pence: 0, methodId: null, paymentId: null, key: null },
        now,
      );
      return { kind: 'done' as const, value: result(planned, false, true) };
    }
    const method = await cardFor(tx, planned.order, customer.id, paymentGateway.name);
    if (!method)
      throw new ApiError(402, 'card_required', 'Card required', {
        detail: ORDER_EDIT_MESSAGES.noCard,
      });
    return { kind: 'charge' as const, planned, method };
  });
  if (first.kind === 'done') return first.value;

  const { planned, method } = first;
  const pence = planned.money.cardPence;
  const key = `order-edit-${planned.order.id}-${planned.order.updatedAt.getTime()}-${change.kind}-${planned.price.totalPence}`;
  let outcome;
  try {
    outcome = await paymentGateway.charge({
      customer: gatewayCustomer(customer),
      paymentMethodId: method.processorId,
      amountPence: pence,
      idempotencyKey: key,
      returnUrl: `/order/${planned.order.id}/edit`,
    });
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw gatewayUnavailable();
    throw error;
  }
  if (outcome.status === 'requires_action') {
    await paymentGateway.cancel(outcome.id).catch(() => undefined);
    throw new ApiError(402, 'card_needs_confirming', 'Payment not confirmed', {
      detail: ORDER_EDIT_MESSAGES.needsConfirming,
    });
  }
  if (outcome.status === 'failed')
    throw new ApiError(402, 'card_declined', 'Payment declined', {
      detail: ORDER_EDIT_MESSAGES.declined,
    });

  const second = await db.transaction(async (tx) => {
    const now = deps.now();
    // Lock first: a concurrent twin holding the lock may be writing this key, and only once it
    // commits does the lookup below see its row (read committed), instead of a duplicate key.
    const order = await lockOrder(tx, customer.id, orderId);
    const [done] = await tx.select().from(orderEdits).where(eq(orderEdits.idempotencyKey, key));
    if (done) {
      const again = await plan(tx, customer, orderId, change, now).catch(() => null);
      return { kind: 'done' as const, value: again ? result(again, false, false) : null };
    }
    const replanned =
      order.updatedAt.getTime() === planned.order.updatedAt.getTime()
        ? await plan(tx, customer, orderId, change, now)
        : null;
    if (!replanned || replanned.price.totalPence !== planned.price.totalPence) {
      // The order moved on meanwhile: the charge goes back as store credit, recorded once by its key.
      await giveBack(tx, customer.id, pence, order.id, now);
      await tx.insert(orderEdits).values({
        orderId: order.id,
        customerId: customer.id,
        change: `${change.kind}_not_applied`,
        previousTotalPence: order.totalPence,
        totalPence: order.totalPence,
        chargedPence: pence,
        storeCreditRefundPence: pence,
        paymentMethodId: method.id,
        processorPaymentId: outcome.id,
        idempotencyKey: key,
        createdAt: now,
      });
      return { kind: 'moved' as const };
    }
    const spent = replanned.money.differencePence - pence;
    await write(
      tx,
      deps,
      {
        ...replanned,
        money: { ...replanned.money, cardPence: pence, storeCreditSpentPence: spent },
      },
      change,
      { pence, methodId: method.id, paymentId: outcome.id, key },
      now,
    );
    return { kind: 'done' as const, value: result(replanned, false, true) };
  });
  if (second.kind === 'moved') throw conflict('order_changed', ORDER_EDIT_MESSAGES.priceChanged);
  if (second.value) return second.value;
  throw conflict('order_changed', ORDER_EDIT_MESSAGES.priceChanged);
}
