import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import {
  boxThroughMenuToCheckout,
  fillHomeAddress,
  payWithNewCard,
  paymentSummaryRow,
  throughInstructions,
} from './support/kit-checkout';

test.describe('/next-order-voucher on a new recipe-kit box (R12.15)', () => {
  // A whole journey with axe scans on a busy 2-core machine.
  test.setTimeout(180_000);

  test('a customer without a box gets the kept code on the box they build, pays less, and the order records it once', async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    await page.goto('/next-order-voucher?vc=kitchen5');
    await expect(
      page.getByText('Voucher KITCHEN5 will be applied to your next order.'),
    ).toBeVisible({ timeout: 15_000 });

    // The box is built on /menu: its first dish creates it, and the kept code is applied to it.
    await boxThroughMenuToCheckout(page);

    await expect(page).toHaveURL(/\/checkout\/delivery\/address$/);
    await fillHomeAddress(page);
    await throughInstructions(page);
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    // Two regular gnocchi (£15.90), £5.00 off: the summary shows the discount before paying.
    await expect(paymentSummaryRow(page, 'Dishes')).toHaveText('£15.90');
    await expect(paymentSummaryRow(page, 'Discount')).toHaveText('−£5.00');
    await expectNoAxeViolations(page);
    await payWithNewCard(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/checkout\/confirmation$/);

    // The paid order carries the voucher; the customer's only order has it, once.
    const orders = (await (await page.request.get('/api/v2/orders')).json()).data as {
      attributes: { voucher_code: string | null; total_discounts: number };
    }[];
    expect(orders).toHaveLength(1);
    expect(orders[0]!.attributes.voucher_code).toBe('KITCHEN5');
    expect(orders[0]!.attributes.total_discounts).toBe(5);

    // The code was used: it is no longer kept for the next box.
    expect(
      await page.evaluate(() => sessionStorage.getItem('sfoglia.nextOrderVoucher')),
    ).toBeNull();
  });
});
