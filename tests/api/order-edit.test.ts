import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_EDIT_MESSAGES } from '../../domain/order-edit';
import {
  addresses,
  catalogueVariants,
  customers,
  deliveryUnavailableDates,
  orderEdits,
  orders,
  payments,
  productUnavailableDates,
  vouchers,
} from '../../server/db/schema';
import { addDays, billingDateFor } from '../../server/services/subscriptions/schedule-dates';
import type { KitDish } from './support/kit-orders';
import { pendingOrder, signUp } from './support/payments';
import { planTestApp } from './support/subscribers';
import { ApiClient } from './support/test-app';

const { getApp, week1, dishes, setClock, firstBox, linesOf } = planTestApp({
  week1: ['Pappardelle', 'Ravioli', 'Tortellini'],
  weeks: 1,
});

/** A subscriber whose first box (2 Pappardelle, 1 Ravioli: £19.50) is paid with a card. */
const paidOrder = (credit?: number) =>
  firstBox(
    [
      { dish: dishes[0]!, quantity: 2 },
      { dish: dishes[1]!, quantity: 1 },
    ],
    { credit },
  );

const db = () => getApp().database.db;
const orderRow = async (id: number) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const editsOf = (id: number) => db().select().from(orderEdits).where(eq(orderEdits.orderId, id));
const balanceOf = async (customerId: number) =>
  (await db().select().from(customers).where(eq(customers.id, customerId)))[0]!.storeCreditPence;
const stockOf = async (variantId: number) =>
  (await db().select().from(catalogueVariants).where(eq(catalogueVariants.id, variantId)))[0]!
    .quantityAvailable;

const items = (...lines: [KitDish, number][]) => ({
  items: lines.map(([dish, quantity]) => ({
    product_variant_id: String(dish.regularId),
    quantity,
  })),
});

describe('PUT /orders/{id} (items)', () => {
  it('previews the new total without writing, then charges the difference to the card once', async () => {
    const { browser, orderId } = await paidOrder();
    const before = await orderRow(orderId);
    const change = items([dishes[0]!, 2], [dishes[1]!, 1], [dishes[2]!, 1]);

    const preview = await browser.put(`/orders/${orderId}?preview=true`, change);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().meta).toMatchObject({
      preview: true,
      previous_total: before.totalPence / 100,
    });
    const newTotal = preview.json().meta.total_price as number;
    expect(preview.json().meta.card_charge).toBeCloseTo(newTotal - before.totalPence / 100);
    expect((await linesOf(orderId)).length).toBe(2);

    const saved = await browser.put(
      `/orders/${orderId}?expected_total_pence=${Math.round(newTotal * 100)}`,
      change,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().meta).toMatchObject({ preview: false, changed: true });
    expect(
      saved.json().included.map((line: { attributes: { title: string } }) => line.attributes.title),
    ).toEqual(['Pappardelle', 'Ravioli', 'Tortellini']);
    const after = await orderRow(orderId);
    expect(after.totalPence).toBe(Math.round(newTotal * 100));
    const [edit] = await editsOf(orderId);
    expect(edit).toMatchObject({
      change: 'items',
      previousTotalPence: before.totalPence,
      chargedPence: after.totalPence - before.totalPence,
    });
    expect(edit!.processorPaymentId).toBeTruthy();
  });

  it('gives a decrease back as store credit', async () => {
    const { browser, orderId, customerId } = await paidOrder();
    const before = await orderRow(orderId);
    const saved = await browser.put(`/orders/${orderId}`, items([dishes[0]!, 2]));
    expect(saved.statusCode).toBe(200);
    const after = await orderRow(orderId);
    expect(after.totalPence).toBeLessThan(before.totalPence);
    expect(await balanceOf(customerId)).toBe(before.totalPence - after.totalPence);
    expect(saved.json().meta.store_credit_refund).toBeCloseTo(
      (before.totalPence - after.totalPence) / 100,
    );
  });

  it('spends store credit before charging the card', async () => {
    const { browser, orderId, customerId } = await paidOrder(100_000);
    const credit = await balanceOf(customerId);
    const before = await orderRow(orderId);
    await browser.put(`/orders/${orderId}`, items([dishes[0]!, 3], [dishes[1]!, 1]));
    const after = await orderRow(orderId);
    const difference = after.totalPence - before.totalPence;
    expect(difference).toBeGreaterThan(0);
    expect(await balanceOf(customerId)).toBe(credit - difference);
    expect((await editsOf(orderId))[0]).toMatchObject({
      chargedPence: 0,
      storeCreditSpentPence: difference,
    });
  });

  it('refuses a box under the £10 minimum, a dish off the menu and a changed price, writing nothing', async () => {
    const { browser, orderId } = await paidOrder();
    const before = await orderRow(orderId);
    const small = await browser.put(`/orders/${orderId}`, items([dishes[0]!, 1]));
    expect(small.statusCode).toBe(400);
    const offMenu = await browser.put(`/orders/${orderId}`, {
      items: [{ product_variant_id: '999999', quantity: 2 }],
    });
    expect(offMenu.statusCode).toBe(400);
    expect(offMenu.json().errors[0].detail).toBe(ORDER_EDIT_MESSAGES.notOnMenu);
    const bad = await browser.put(`/orders/${orderId}`, {
      items: [{ product_variant_id: 'x', quantity: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    const moved = await browser.put(
      `/orders/${orderId}?expected_total_pence=1`,
      items([dishes[0]!, 3]),
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json().errors[0].detail).toBe(ORDER_EDIT_MESSAGES.priceChanged);
    expect(await orderRow(orderId)).toMatchObject({ totalPence: before.totalPence });
    expect((await linesOf(orderId)).map((l) => l.quantity)).toEqual([2, 1]);
    expect(await editsOf(orderId)).toEqual([]);
  });

  it('takes the stock a change adds and gives back what it removes', async () => {
    const { browser, orderId } = await paidOrder();
    await db()
      .update(catalogueVariants)
      .set({ quantityAvailable: 5 })
      .where(eq(catalogueVariants.id, dishes[2]!.regularId));
    await db()
      .update(catalogueVariants)
      .set({ quantityAvailable: 5 })
      .where(eq(catalogueVariants.id, dishes[1]!.regularId));
    await browser.put(`/orders/${orderId}`, items([dishes[0]!, 2], [dishes[2]!, 2]));
    expect(await stockOf(dishes[2]!.regularId)).toBe(3);
    expect(await stockOf(dishes[1]!.regularId)).toBe(6);
    const tooMany = await browser.put(`/orders/${orderId}`, items([dishes[2]!, 9]));
    expect(tooMany.statusCode).toBe(409);
    expect(await stockOf(dishes[2]!.regularId)).toBe(3);
    // Untracked again, so later tests order freely.
    for (const dish of [dishes[1]!, dishes[2]!])
      await db()
        .update(catalogueVariants)
        .set({ quantityAvailable: null })
        .where(eq(catalogueVariants.id, dish.regularId));
  });

  it('applies two identical concurrent changes once, charging once', async () => {
    const { browser, orderId } = await paidOrder();
    const change = items([dishes[0]!, 2], [dishes[1]!, 2]);
    const answers = await Promise.all([
      browser.put(`/orders/${orderId}`, change),
      browser.put(`/orders/${orderId}`, change),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200]);
    const edits = await editsOf(orderId);
    expect(edits.filter((e) => e.chargedPence > 0)).toHaveLength(1);
    expect((await linesOf(orderId)).map((l) => l.quantity)).toEqual([2, 2]);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.state).toBe('succeeded');
  });

  it("is 404 for another customer's order and 401 signed out", async () => {
    const { orderId } = await paidOrder();
    const other = new ApiClient(getApp().app);
    await signUp(other);
    expect((await other.put(`/orders/${orderId}`, items([dishes[0]!, 2]))).statusCode).toBe(404);
    const signedOut = new ApiClient(getApp().app);
    expect((await signedOut.put(`/orders/${orderId}`, items([dishes[0]!, 2]))).statusCode).toBe(
      401,
    );
  });

  it('is a 409 after the cut-off, and for a takeaway order', async () => {
    const { browser, orderId, customerId } = await paidOrder();
    setClock(new Date(billingDateFor(week1).getTime() + 60_000));
    const late = await browser.put(`/orders/${orderId}`, items([dishes[0]!, 2]));
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].detail).toMatch(/^Too late to change this order/);
    expect((await browser.post(`/orders/${orderId}/chef_selections`)).statusCode).toBe(409);
    setClock(new Date());
    const takeaway = await pendingOrder(getApp().database, customerId);
    const refused = await browser.post(`/orders/${takeaway.id}/remove_voucher`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].detail).toBe(ORDER_EDIT_MESSAGES.takeaway);
  });
});

describe('POST /orders/{id}/delivery_date', () => {
  it('moves the box within its week and sets the note', async () => {
    const { browser, orderId } = await paidOrder();
    const thursday = addDays(week1, 3);
    const moved = await browser.post(`/orders/${orderId}/delivery_date`, {
      delivery_date: thursday,
      delivery_note: '  Leave it with the porter ',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.attributes).toMatchObject({
      delivery_date: thursday,
      delivery_note: 'Leave it with the porter',
    });
  });

  it('refuses a Sunday, another week and a closed day, writing nothing', async () => {
    const { browser, orderId } = await paidOrder();
    const before = await orderRow(orderId);
    const sunday = await browser.post(`/orders/${orderId}/delivery_date`, {
      delivery_date: addDays(week1, 6),
    });
    expect(sunday.statusCode).toBe(400);
    const nextWeek = await browser.post(`/orders/${orderId}/delivery_date`, {
      delivery_date: addDays(week1, 9),
    });
    expect(nextWeek.statusCode).toBe(400);
    expect(nextWeek.json().errors[0].source.pointer).toBe('/delivery_date');
    const malformed = await browser.post(`/orders/${orderId}/delivery_date`, {
      delivery_date: 'tomorrow',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await orderRow(orderId)).deliveryDate).toBe(before.deliveryDate);
  });

  it("refuses a day the courier does not deliver, and one a box's dish cannot be delivered (R8.4)", async () => {
    const { browser, orderId } = await paidOrder();
    const before = await orderRow(orderId);
    const thursday = addDays(week1, 3);
    const moveTo = () =>
      browser.post(`/orders/${orderId}/delivery_date`, { delivery_date: thursday });
    try {
      await db().insert(deliveryUnavailableDates).values({ date: thursday, reason: 'Test' });
      const closed = await moveTo();
      expect(closed.statusCode).toBe(400);
      expect(closed.json().errors[0]).toMatchObject({
        code: 'delivery_date_unavailable',
        detail: ORDER_EDIT_MESSAGES.dateUnavailable,
      });
    } finally {
      await db()
        .delete(deliveryUnavailableDates)
        .where(eq(deliveryUnavailableDates.date, thursday));
    }
    try {
      await db()
        .insert(productUnavailableDates)
        .values({ variantId: dishes[1]!.regularId, date: thursday });
      const dish = await moveTo();
      expect(dish.statusCode).toBe(400);
      expect(dish.json().errors[0]).toMatchObject({
        code: 'product_unavailable',
        detail: ORDER_EDIT_MESSAGES.dishUnavailable('Ravioli'),
      });
    } finally {
      await db()
        .delete(productUnavailableDates)
        .where(eq(productUnavailableDates.variantId, dishes[1]!.regularId));
    }
    expect((await orderRow(orderId)).deliveryDate).toBe(before.deliveryDate);
  });
});

describe('PUT /orders/{id}/shipping_address/{addressId}', () => {
  it("delivers to another saved address, never to another customer's", async () => {
    const { browser, orderId, customerId } = await paidOrder();
    const [home] = await db()
      .insert(addresses)
      .values({
        customerId,
        address1: '3 Leather Lane',
        city: 'London',
        zip: 'EC1N 7TJ',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '07700900123',
      })
      .returning();
    const moved = await browser.put(`/orders/${orderId}/shipping_address/${home!.id}`);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.attributes.address).toMatchObject({ address1: '3 Leather Lane' });

    const other = await paidOrder();
    expect(
      (await other.browser.put(`/orders/${other.orderId}/shipping_address/${home!.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('POST /orders/{id}/chef_selections', () => {
  it("lets the chef pick as many dishes from the week's menu", async () => {
    const { browser, orderId } = await paidOrder();
    const picked = await browser.post(`/orders/${orderId}/chef_selections`);
    expect(picked.statusCode).toBe(200);
    expect(picked.json().data.attributes.chef_selected).toBe(true);
    const lines = await linesOf(orderId);
    expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(3);
  });
});

describe('POST /orders/{id}/voucher and /remove_voucher', () => {
  it('applies an upper-cased code with its discount and removes it', async () => {
    const code = `EDIT${Date.now()}`;
    await db()
      .insert(vouchers)
      .values({ code, type: 'DiscountVoucher', valueType: 'percentage', value: 10 });
    const { browser, orderId, customerId } = await paidOrder();
    const before = await orderRow(orderId);
    const applied = await browser.post(`/orders/${orderId}/voucher`, { code: code.toLowerCase() });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data.attributes.voucher_code).toBe(code);
    const discounted = await orderRow(orderId);
    expect(discounted.discountPence).toBeGreaterThan(0);
    expect(await balanceOf(customerId)).toBe(before.totalPence - discounted.totalPence);

    const removed = await browser.post(`/orders/${orderId}/remove_voucher`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.attributes.voucher_code).toBeNull();
    expect((await orderRow(orderId)).totalPence).toBe(before.totalPence);
  });

  it('is 404 for an unknown code and 400 for an empty one', async () => {
    const { browser, orderId } = await paidOrder();
    expect(
      (await browser.post(`/orders/${orderId}/voucher`, { code: 'NOPE-NOPE' })).statusCode,
    ).toBe(404);
    expect((await browser.post(`/orders/${orderId}/voucher`, { code: '' })).statusCode).toBe(400);
  });
});
