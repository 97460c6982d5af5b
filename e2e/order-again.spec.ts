import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { paidBoxViaApi } from './support/paid-box';
import { journeySizes } from './support/sizes';
import { shot } from './support/shots';

for (const size of journeySizes('phone')) {
  test.describe(`ordering a box again (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('"Order this box again" on a kit order goes to paying the new box (product rule R9.27)', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const orderId = await paidBoxViaApi(page.request);
      await page.goto(`/order/${orderId}`);
      const again = page.getByRole('region', { name: 'Enjoyed this box?' });
      await expect(again).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `order-${size.name}`);

      await again.getByRole('button', { name: 'Order this box again' }).dblclick();
      await expect(page).toHaveURL(/\/payment\/\d+$/);
      const newId = page.url().split('/').pop()!;
      expect(newId).not.toBe(orderId);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for your order');
      // Product rule R9.28: no payment of the new box was tried, so none failed.
      await expect(
        page.getByText('This order is awaiting payment. Pay now to keep your delivery.'),
      ).toBeVisible();
      const summary = page.getByRole('region', { name: /^Order / });
      await expect(summary.getByText('Status: Awaiting payment')).toBeVisible();
      await expect(page.getByRole('main').getByText(/Payment failed|couldn't take/)).toHaveCount(0);
      // Every dish of the box is on the week's menu: nothing is named as left out.
      await expect(page.getByText(/left out/)).toHaveCount(0);

      const placed = (await (await page.request.get(`/api/v2/orders/${newId}`)).json()).data
        .attributes;
      expect(placed.state).toBe('payment_pending');
      const amount = `£${(placed.amount_to_charge as number).toFixed(2)}`;
      await expect(page.getByText(amount).first()).toBeVisible();
      await shot(page, `payment-${size.name}`);

      // The double click made one order: the customer's upcoming list holds the old and the new box.
      const pending = (await (await page.request.get('/api/v2/orders/pending_payment')).json())
        .data as { id: string }[];
      expect(pending.map((o) => o.id)).toEqual([newId]);

      // The dashboard asks for the payment in the same words.
      await page.goto('/account/dashboard');
      await expect(page.getByText(`Order ${placed.reference} is awaiting payment`)).toBeVisible();
      await expect(page.getByText(/Payment failed for order/)).toHaveCount(0);
    });
  });
}
