import { payWithNewCard, returningCustomerAtPayment } from './support/kit-checkout';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

// The generated paths walk the bank's page and both returns from it; this keeps the error step's
// axe scan and the unpaid order then paid on its own page.
test.describe('kit checkout: a card that needs 3-D Secure', () => {
  test('a failed authentication says so; the written order is then paid with another card on its page', async ({
    page,
  }) => {
    await returningCustomerAtPayment(page);
    await payWithNewCard(page, '4000 0027 6000 3184');
    await expect(page).toHaveURL(/\/sandbox\/challenge\//);
    await page.getByRole('button', { name: 'Fail authentication' }).click();

    await expect(page).toHaveURL(/\/checkout\/error$/);
    await expect(page.getByRole('alert')).toContainText('unable to authenticate');
    await expect(page.getByText('Your box is ordered but not paid yet')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Pay with another card' }).click();

    await expect(page).toHaveURL(/\/payment\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for your order');
    await payWithNewCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Thank you, your payment was successful',
    );
  });
});
