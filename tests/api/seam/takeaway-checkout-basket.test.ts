import { describe, expect, it } from 'vitest';
import type { CheckoutAddress } from '../../../machines/checkout-shared/checkout-shared.types';
import {
  currentTakeawayBasket,
  saveTakeawayAddress,
  saveTakeawayInstructions,
} from '../../../src/api/takeaway-checkout';
import { fetchBasket } from '../../../src/api/basket-calls';
import { orderSummaryOf } from '../../../src/api/order-summary';
import { checkoutCall } from '../../../src/views/checkout-shared/checkout-call';
import { takeawayBasketWithDish } from '../support/takeaway-baskets';
import { signedUpClient } from '../support/typed-client';
import { useTestApp } from '../support/test-app';

const getApp = useTestApp();

const home: CheckoutAddress = {
  firstName: '',
  lastName: '',
  phone: '07812 345678',
  address1: ' 12 Devonshire Road ',
  address2: '',
  city: 'London',
  zip: 'w42hd',
  lat: null,
  lon: null,
};

describe("src/api/takeaway-checkout: the checkout's basket, against the server", () => {
  it('reads no basket, then the basket with its dishes and no address yet', async () => {
    const { client } = await signedUpClient(getApp().app);
    expect(await currentTakeawayBasket(client)).toBeNull();

    const id = await takeawayBasketWithDish(client);

    expect(await currentTakeawayBasket(client)).toEqual({
      id,
      fulfillmentType: 'delivery',
      itemCount: 1,
      totalPrice: expect.any(Number),
      address: null,
      deliveryNote: null,
      // Product rule R5.8: the order summary every checkout step shows.
      summary: expect.objectContaining({
        lines: [
          expect.objectContaining({
            title: 'Cacio e Pepe',
            quantity: 2,
            extras: ['Extra Parmigiano'],
          }),
        ],
        total: 24.99,
      }),
    });
  });

  it('reads the basket with its order summary in one request (product rule R5.12)', async () => {
    const { client } = await signedUpClient(getApp().app);
    const id = await takeawayBasketWithDish(client);
    const requests: string[] = [];
    client.use({
      onRequest: ({ request }) => {
        requests.push(`${request.method} ${new URL(request.url).pathname}`);
      },
    });

    const basket = await currentTakeawayBasket(client);

    expect(requests).toEqual(['GET /api/v2/baskets']);
    // The same summary the whole basket document gives.
    expect(basket?.summary).toEqual(orderSummaryOf(await fetchBasket(id, client)));
  });

  it("saves the address with its postcode's coordinates, then the note and the account's names", async () => {
    const { client } = await signedUpClient(getApp().app);
    const id = await takeawayBasketWithDish(client);

    const withAddress = await saveTakeawayAddress(id, home, client);
    expect(withAddress.address).toEqual({
      firstName: '',
      lastName: '',
      phone: '+447812345678',
      address1: '12 Devonshire Road',
      address2: '',
      city: 'London',
      zip: 'W4 2HD',
      lat: expect.any(Number),
      lon: expect.any(Number),
    });

    const ready = await saveTakeawayInstructions(
      {
        basket: withAddress,
        customer: { firstName: 'Ada', lastName: 'Lovelace', phone: null },
        note: ' Ring twice ',
      },
      client,
    );
    expect(ready.deliveryNote).toBe('Ring twice');
    expect(ready.address).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', zip: 'W4 2HD' });
    expect(await currentTakeawayBasket(client)).toEqual(ready);
  });

  it('fails an unknown postcode in the server words, before writing the basket', async () => {
    const { client } = await signedUpClient(getApp().app);
    const id = await takeawayBasketWithDish(client);

    await expect(
      checkoutCall(() => saveTakeawayAddress(id, { ...home, zip: 'ZZ9 9ZZ' }, client)),
    ).rejects.toMatchObject({ status: 404, message: "Can't find lat/long for postcode ZZ9 9ZZ" });
    expect((await currentTakeawayBasket(client))?.address).toBeNull();
  });
});
