import { describe, expect, it } from 'vitest';
import { addDays, firstOrderableWeek } from '../../../domain/weeks';
import { regularVariantId } from '../../../server/db/seed-data/catalogue-products';
import {
  addKitItem,
  applyKitVoucher,
  changeKitItem,
  createKitBasket,
  loadKitBasket,
  removeKitVoucher,
  resetKitBasket,
  updateKitPlan,
} from '../../../src/api/kit-basket';
import { isApiRequestError } from '../../../src/api/api-error';
import { typedApiClient } from '../support/typed-client';
import { useTestApp } from '../support/test-app';

const getApp = useTestApp();
const firstWeek = firstOrderableWeek(new Date());
/** Core dish 1 is on every week's menu. */
const REGULAR = String(regularVariantId(1));

describe('src/api/kit-basket against the server', () => {
  it('creates the basket as a subscription, adds, changes and removes a week’s dish', async () => {
    const client = typedApiClient(getApp().app);
    expect(await loadKitBasket(client)).toBeNull();

    const created = await createKitBasket(client);
    const added = await addKitItem(
      { basketId: created.basketId, variantId: REGULAR, mealWeek: firstWeek },
      client,
    );
    const line = added.lines[0]!;
    const doubled = await changeKitItem(
      { basketId: created.basketId, lineId: line.id, quantity: 2 },
      client,
    );
    const removed = await changeKitItem(
      { basketId: created.basketId, lineId: line.id, quantity: 0 },
      client,
    );

    expect(created).toMatchObject({ lines: [], voucher: null, subtotal: 0 });
    expect(added.lines).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        productId: '1',
        variantId: REGULAR,
        title: expect.any(String),
        quantity: 1,
        price: expect.any(Number),
        mealWeek: firstWeek,
        isAddon: false,
        isDouble: false,
      },
    ]);
    expect(added.weeks).toEqual([expect.objectContaining({ mealWeek: firstWeek })]);
    expect(doubled.lines[0]?.quantity).toBe(2);
    expect(doubled.subtotal).toBeCloseTo(line.price * 2, 2);
    expect(removed.lines).toEqual([]);
    expect(await loadKitBasket(client)).toEqual(removed);
  });

  it('changes the plan, applies and removes a voucher, and resets to a fresh basket', async () => {
    const client = typedApiClient(getApp().app);
    const { basketId } = await createKitBasket(client);
    await addKitItem({ basketId, variantId: REGULAR, mealWeek: firstWeek }, client);
    await addKitItem({ basketId, variantId: REGULAR, mealWeek: addDays(firstWeek, 7) }, client);

    const plan = await updateKitPlan({ basketId, numberOfRecipes: 3, frequency: 2 }, client);
    const discounted = await applyKitVoucher({ basketId, code: ' oos-20 ' }, client);
    const undiscounted = await removeKitVoucher(
      { basketId, voucherId: discounted.voucher!.id },
      client,
    );
    const fresh = await resetKitBasket(client);

    expect(plan).toMatchObject({ numberOfRecipes: 3, frequency: 2 });
    expect(discounted.voucher).toEqual({ id: expect.any(String), code: 'OOS-20' });
    expect(discounted.discount).toBeGreaterThan(0);
    expect(undiscounted).toMatchObject({ voucher: null, discount: 0 });
    expect(fresh.basketId).not.toBe(basketId);
    expect(fresh.lines).toEqual([]);
  });

  it("fails a voucher the kit does not take with the server's code", async () => {
    const client = typedApiClient(getApp().app);
    const { basketId } = await createKitBasket(client);
    await addKitItem({ basketId, variantId: REGULAR, mealWeek: firstWeek }, client);

    const error = await applyKitVoucher({ basketId, code: 'PASTA10' }, client).catch(
      (caught: unknown) => caught,
    );

    expect(isApiRequestError(error) && [error.status, error.code]).toEqual([
      400,
      'voucher_wrong_proposition',
    ]);
  });
});
