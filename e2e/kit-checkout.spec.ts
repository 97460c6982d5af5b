import { apiCall } from './support/api';
import { kitBasket, payWithNewCard, throughInstructions } from './support/kit-checkout';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';

test.describe('kit checkout', () => {
  test('a new customer gives a delivery address, chooses a day and pays for a fortnightly box', async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    await kitBasket(page.request);
    await page.goto('/checkout');

    await expect(page).toHaveURL(/\/checkout\/delivery\/address$/);
    await expect(page.getByLabel('First name')).toHaveValue('Carla');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter a phone number');
    await expectNoAxeViolations(page);
    await page.getByLabel('Phone number').fill('07812 345678');
    await page.getByLabel('Address line 1').fill('12 Devonshire Road');
    await page.getByLabel('Town or city').fill('London');
    await page.getByLabel('Postcode').fill('W4 2HD');
    await page.getByRole('button', { name: 'Continue' }).click();

    await throughInstructions(page);
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expectNoAxeViolations(page);
    await payWithNewCard(page, '4242 4242 4242 4242');

    await expect(page).toHaveURL(/\/checkout\/confirmation$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grazie! Your box is ordered');
    await expect(page.getByText('Then a box every 2 weeks')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a returning customer with a saved address goes straight to instructions; a declined card says so', async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    await apiCall(page.request, 'post', '/addresses', {
      first_name: 'Carla',
      last_name: 'Bianchi',
      phone: '07812 345678',
      address1: '12 Devonshire Road',
      city: 'London',
      zip: 'W4 2HD',
    });
    await kitBasket(page.request);
    await page.goto('/checkout');

    await throughInstructions(page);
    await payWithNewCard(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    await expect(page).toHaveURL(/\/checkout\/payment$/);
  });

  test('deep links land where the guards say: payment needs a step before it, the confirmation its origin', async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    await kitBasket(page.request);
    await page.goto('/checkout/payment');
    await expect(page).not.toHaveURL(/\/checkout\/payment$/);
    await expect(page).toHaveURL(/\/checkout\/delivery\/(address|instructions)$/);

    await page.goto('/checkout/confirmation');
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  });

  test('a box below the minimum cannot check out', async ({ page }) => {
    await signUpViaApi(page.request);
    await kitBasket(page.request, ['11']);
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/menu$/);
  });
});
