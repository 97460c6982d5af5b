import { describe, expect, it } from 'vitest';
import { DEFAULT_TAKEAWAY_CHOICE } from '../../../domain/takeaway-basket';
import {
  addTakeawayItem,
  applyTakeawayVoucher,
  changeTakeawayItem,
  deleteTakeawayBasket,
  loadTakeawayBasket,
  removeTakeawayVoucher,
  type TakeawayPlace,
} from '../../../src/api/takeaway-basket';
import { typedApiClient } from '../support/typed-client';
import { useTestApp } from '../support/test-app';

const getApp = useTestApp();
const CACIO = '102'; // £10.50
const MODIFIER = '901';

const place: TakeawayPlace = {
  restaurantId: 16,
  choice: DEFAULT_TAKEAWAY_CHOICE,
  delivery: {
    address: {
      address1: '12 Devonshire Road',
      address2: null,
      city: 'London',
      zip: 'W4 2HD',
      countryCode: 'GB',
      lat: 51.4916,
      lon: -0.2555,
    },
    restaurantId: '16',
    restaurantSite: 'chiswick',
  },
};

describe('src/api/takeaway-basket against the server', () => {
  it('has no basket, then the first dish creates one; quantities change and the last goes', async () => {
    const client = typedApiClient(getApp().app);
    expect(await loadTakeawayBasket(place, client)).toEqual({ basketId: null, lines: [] });

    const added = await addTakeawayItem(
      place,
      { basketId: null, productId: CACIO, subItems: [MODIFIER] },
      client,
    );
    const line = added.lines[0]!;
    const two = await changeTakeawayItem(
      { basketId: added.basketId!, lineId: line.id, quantity: 2 },
      client,
    );
    const none = await changeTakeawayItem(
      { basketId: added.basketId!, lineId: line.id, quantity: 0 },
      client,
    );

    expect(added).toMatchObject({
      basketId: expect.any(String),
      lines: [
        {
          id: expect.stringMatching(/^\d+$/),
          productId: CACIO,
          title: 'Cacio e Pepe',
          quantity: 1,
          modifiers: [expect.any(String)],
        },
      ],
      voucher: null,
    });
    expect(added.totals?.delivery).toBe(1.99);
    expect(two.lines[0]?.quantity).toBe(2);
    expect(two.totals?.subtotal).toBeCloseTo(line.price * 2, 2);
    expect(none.lines).toEqual([]);
    expect(await loadTakeawayBasket(place, client)).toEqual(none);
  });

  it('follows the customer to another way of ordering, and is deleted', async () => {
    const client = typedApiClient(getApp().app);
    const { basketId } = await addTakeawayItem(
      place,
      { basketId: null, productId: CACIO, subItems: [] },
      client,
    );
    const pickup = { ...place, choice: { ...place.choice, fulfillmentType: 'pickup' as const } };

    const moved = await loadTakeawayBasket(pickup, client);
    await deleteTakeawayBasket(basketId!, client);

    expect(moved.basketId).toBe(basketId);
    expect(moved.totals?.delivery).toBe(0);
    expect(await loadTakeawayBasket(pickup, client)).toEqual({ basketId: null, lines: [] });
  });

  it('applies and removes a voucher, its code upper-cased', async () => {
    const client = typedApiClient(getApp().app);
    const added = await addTakeawayItem(
      place,
      { basketId: null, productId: CACIO, subItems: [] },
      client,
    );
    const basketId = added.basketId!;
    await changeTakeawayItem({ basketId, lineId: added.lines[0]!.id, quantity: 2 }, client);

    const discounted = await applyTakeawayVoucher({ basketId, code: ' pasta10 ' }, client);
    const plain = await removeTakeawayVoucher(
      { basketId, voucherId: discounted.voucher!.id },
      client,
    );

    expect(discounted.voucher).toEqual({ id: expect.any(String), code: 'PASTA10' });
    expect(discounted.totals).toMatchObject({ subtotal: 21, discount: 2.1 });
    expect(plain).toMatchObject({ voucher: null, totals: { discount: 0 } });
  });
});
