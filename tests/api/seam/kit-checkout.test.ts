import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../server/services/subscriptions/schedule-dates';
import { createAddress } from '../../../src/api/addresses';
import type { ApiClient } from '../../../src/api/client';
import {
  confirmKitPayment,
  currentKitBasket,
  loadDeliveryOptions,
  loadKitPayment,
  placeKitOrder,
  saveKitInstructions,
} from '../../../src/api/kit-checkout';
import { paymentGateway, saveChosenCard } from '../../../src/api/payments';
import { checkoutCall } from '../../../src/views/checkout-shared/checkout-call';
import {
  boxDeliveryDate,
  firstOpenWeek,
  kitBasket,
  menuWithDishes,
  type KitDish,
} from '../support/kit-orders';
import { signedUpClient } from '../support/typed-client';
import { submitForm, useTestApp } from '../support/test-app';
import { testNow } from '../support/test-now';

const now = testNow();
const getApp = useTestApp({ overrides: { now: () => now } });
const week1 = firstOpenWeek(now);
const week2 = addDays(week1, 7);
const expiry = `12/${String(now.getUTCFullYear() + 1).slice(2)}`;
let dishes: KitDish[];

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [
    { title: 'Pappardelle al ragù' },
    { title: 'Tortelloni di zucca' },
  ]);
  await menuWithDishes(database, week2, [{ title: 'Cacio e pepe' }]);
});

/** A signed-up customer (typed client) with a two-week subscription box, weekly. */
async function customerWithBox() {
  const { app, database } = getApp();
  const { client, customerId } = await signedUpClient(app);
  const basket = await kitBasket(database, customerId, [
    { dish: dishes[0]!, week: week1, quantity: 1 },
    { dish: dishes[1]!, week: week1, quantity: 1 },
    { dish: dishes[0]!, week: week2, quantity: 2 },
  ]);
  const address = await createAddress(
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '07812 345678',
      address1: '12 Exmouth Market',
      address2: '',
      city: 'London',
      zip: 'EC1R 4QE',
      lat: null,
      lon: null,
    },
    { isDefault: true },
    client,
  );
  return { client, basketId: String(basket.id), address };
}

async function newCard(client: ApiClient, number: string) {
  const gateway = await paymentGateway(client);
  return saveChosenCard(
    { choice: { kind: 'newCard', card: { number, expiry, cvc: '123' } }, gateway },
    client,
  );
}

describe('src/api/kit-checkout against the server', () => {
  it('reads the box, offers its week, saves the choice, previews and places the order', async () => {
    const { client, basketId, address } = await customerWithBox();

    const basket = await currentKitBasket(client);
    const boxDay = await boxDeliveryDate(getApp().database, week1);
    expect(basket).toEqual({
      id: basketId,
      itemCount: 3,
      valid: true,
      totalPrice: expect.any(Number),
      startSubscription: true,
      frequency: 1,
      deliveryDate: boxDay,
      deliveryNote: null,
      variantIds: [String(dishes[0]!.regularId), String(dishes[1]!.regularId)],
      // The basket's own meta never asks; the preview does (below).
      requestCard: false,
      firstBox: { mealWeek: week1, subtotal: 13, discount: 0 },
      // Product rule R5.8: the order summary every step shows, from the same basket.
      summary: {
        lines: [
          expect.objectContaining({ title: dishes[0]!.title, quantity: 1, extras: ['Regular'] }),
          expect.objectContaining({ title: dishes[1]!.title, quantity: 1 }),
          expect.objectContaining({ title: dishes[0]!.title, quantity: 2 }),
        ],
        subtotal: expect.any(Number),
        delivery: expect.any(Number),
        discount: 0,
        total: basket!.totalPrice,
      },
    });

    const options = await loadDeliveryOptions({ basket: basket!, address }, client, now);
    expect(options.courierInstructions.length).toBeGreaterThan(0);
    expect(options.dates.length).toBeGreaterThan(0);
    expect(options.dates.every((option) => option.weekStart === week1)).toBe(true);
    // Product rule R8.5: the box's day, which the week offers (boxDeliveryDate chose an open one).
    const offered = options.days.filter((day) => day.available).map((day) => day.date);
    expect(offered).toContain(boxDay);
    expect(options.deliveryDate).toBe(boxDay);
    // Product rule R8.10: the box's week day by day, Sunday with its reason.
    expect(options.days.map((day) => day.date)).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((offset) => addDays(week1, offset)),
    );
    expect(options.days[6]).toMatchObject({ available: false, reason: 'No deliveries on Sundays' });

    // Another day the week offers: the customer's choice.
    const chosenDate = offered.filter((date) => date !== options.deliveryDate).at(-1)!;
    const saved = await saveKitInstructions(
      basket!,
      {
        deliveryDate: chosenDate,
        note: ' Leave it with the porter ',
        courierInstruction: '',
      },
      client,
    );
    expect(saved).toMatchObject({
      deliveryDate: chosenDate,
      deliveryNote: 'Leave it with the porter',
    });

    const card = await newCard(client, '4242 4242 4242 4242');
    expect(card).toMatchObject({ type: 'CreditCard', brand: 'visa', last4: '4242' });
    const payment = await loadKitPayment(basketId, client);
    expect(payment.gateway).toEqual({ name: 'sandbox' });
    expect(payment.methods).toEqual([card]);
    expect(payment.preview).toMatchObject({ subtotal: 13, storeCredit: 0, requestCard: true });
    expect(payment.preview.amountToCharge).toBe(payment.preview.total);
    // Product rule R8.9: the day step's fee and total for the day chosen are the payment step's.
    const chosen = options.days.find((day) => day.date === chosenDate);
    expect(chosen).toMatchObject({ fee: payment.preview.delivery, total: payment.preview.total });

    const outcome = await placeKitOrder(
      {
        basketId,
        paymentMethodId: card.id,
        shippingAddressId: address.id,
        billingAddressId: null,
        deliveryNote: saved.deliveryNote,
        courierInstruction: null,
        frequency: 1,
      },
      client,
    );
    expect(outcome).toEqual({
      status: 'succeeded',
      order: {
        id: expect.stringMatching(/^\d+$/),
        // Product rule R9.8: the order's reference for people.
        reference: expect.stringMatching(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/),
        deliveryDate: chosenDate,
        totalPrice: payment.preview.total,
        storeCredit: 0,
        amountCharged: payment.preview.total,
        subscriptionId: expect.stringMatching(/^\d+$/),
        frequency: 1,
      },
    });
  });

  it("sends a 3-D Secure card to the bank's page, then confirms the paid order", async () => {
    const { client, basketId, address } = await customerWithBox();
    const card = await newCard(client, '4000002760003184');
    const order = {
      basketId,
      paymentMethodId: card.id,
      shippingAddressId: address.id,
      billingAddressId: null,
      deliveryNote: null,
      courierInstruction: null,
      frequency: 2,
    };

    const outcome = await placeKitOrder(order, client);
    if (outcome.status !== 'requires_action') throw new Error('expected the bank challenge');
    const actionUrl = new URL(outcome.actionUrl, 'http://localhost');
    const returnUrl = actionUrl.searchParams.get('return_url')!;
    await submitForm(getApp().app, actionUrl.pathname, {
      return_url: returnUrl,
      outcome: 'complete',
    });
    const paymentId = new URL(returnUrl, 'http://localhost').searchParams.get('payment_id')!;
    const returned = await confirmKitPayment(paymentId, 2, client);

    expect(returned).toMatchObject({
      status: 'succeeded',
      message: null,
      order: { subscriptionId: expect.stringMatching(/^\d+$/), frequency: 2 },
    });
  });

  it('fails a hard decline as the checkout reads it: 402, the bank words, do not retry', async () => {
    const { client, basketId, address } = await customerWithBox();
    const card = await newCard(client, '4000000000009987');

    const placing = checkoutCall(() =>
      placeKitOrder(
        {
          basketId,
          paymentMethodId: card.id,
          shippingAddressId: address.id,
          billingAddressId: null,
          deliveryNote: null,
          courierInstruction: null,
          frequency: 1,
        },
        client,
      ),
    );

    await expect(placing).rejects.toEqual({
      status: 402,
      code: 'card_declined',
      message: 'Your card was declined. Please use a different card.',
      field: undefined,
      hardDecline: true,
      // Product rule R11.5: a card declined on its first payment is not kept.
      methodRemoved: true,
    });
  });
});
