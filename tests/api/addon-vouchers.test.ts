import { describe, expect, it } from 'vitest';
import { firstOrderableWeek } from '../../domain/weeks';
import { doubleVariantId, regularVariantId } from '../../server/db/seed-data/catalogue-products';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);

const firstWeek = firstOrderableWeek(new Date());
/** Core dish 1 is on every week's menu; 34 is the tiramisù add-on both add-on vouchers give. */
const DOUBLE = String(doubleVariantId(1));
const TIRAMISU = String(regularVariantId(34));

interface Item {
  attributes: { product_variant_id: string; price: number; quantity: number };
}

/** A kit box over its minimums, with `tiramisu` add-ons already in it. */
async function boxWith(browser: ApiClient, tiramisu: number) {
  const id: string = (await browser.post('/baskets', { type: 'RecipeKitBasket' })).json().data.id;
  const add = (variant: string, quantity: number) =>
    browser.post(`/baskets/${id}/items`, {
      product_variant_id: variant,
      quantity,
      meal_week: firstWeek,
    });
  await add(DOUBLE, 2);
  if (tiramisu > 0) await add(TIRAMISU, tiramisu);
  return id;
}

async function applied(browser: ApiClient, id: string, code: string) {
  const response = await browser.post(`/baskets/${id}/vouchers`, { code });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  const addon = (body.included as Item[]).find(
    (item) => item.attributes.product_variant_id === TIRAMISU,
  );
  return { discount: body.data.attributes.total_discount as number, addon: addon?.attributes };
}

describe('add-on vouchers: one add-on, free or at a percentage off', () => {
  it('a percentage add-on voucher puts the add-on in the box at that percentage off', async () => {
    const browser = client();
    const id = await boxWith(browser, 0);

    const { discount, addon } = await applied(browser, id, 'halftiramisu');

    expect(addon?.quantity).toBe(1);
    expect(discount).toBeGreaterThan(0);
    expect(discount).toBe(Math.round(addon!.price * 50) / 100);
  });

  it('takes the percentage off one add-on, however many the box has', async () => {
    const browser = client();
    const id = await boxWith(browser, 3);

    const { discount, addon } = await applied(browser, id, 'HALFTIRAMISU');

    expect(addon?.quantity).toBe(3);
    expect(discount).toBe(Math.round(addon!.price * 50) / 100);
  });

  it('a fixed add-on voucher makes one add-on free, however many the box has', async () => {
    const browser = client();
    const id = await boxWith(browser, 2);

    const { discount, addon } = await applied(browser, id, 'FREEDESSERT');

    expect(addon?.quantity).toBe(2);
    expect(discount).toBe(addon!.price);
  });
});
