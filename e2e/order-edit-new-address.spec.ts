import type { APIRequestContext } from '@playwright/test';
import { apiCall, savedSandboxCard } from './support/api';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { kitBasket, savedHome } from './support/kit-checkout';
import { journeySizes } from './support/sizes';
import { shot } from './support/shots';

/** A new customer's paid one-week box, delivered to their only saved address. */
async function paidBox(request: APIRequestContext) {
  await signUpViaApi(request);
  const home = await savedHome(request);
  const card = await savedSandboxCard(request);
  const basketId = await kitBasket(request);
  const order = await apiCall(request, 'post', '/orders/recipe_kits', {
    basket_id: basketId,
    shipping_address_id: home,
    payment_method_id: card,
  });
  return order.id as string;
}

for (const size of journeySizes('phone')) {
  test.describe(`a new delivery address for an order (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('finds it by postcode, saves it, moves the box there, the total shown first (R9.25)', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const orderId = await paidBox(page.request);
      await page.goto(`/order/${orderId}`);
      await page.getByRole('link', { name: 'Change this order' }).click();
      await page.getByRole('button', { name: 'Change address' }).click();
      await expect(page).toHaveURL(/\/edit\/change-delivery-address$/);
      await page.getByRole('button', { name: 'Use a new address' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('A new delivery address');
      await expect(page).toHaveURL(new RegExp(`/order/${orderId}/edit/change-delivery-address$`));
      await expectNoAxeViolations(page);

      const finder = page.getByLabel('Find the address by postcode');
      const find = page.getByRole('button', { name: 'Find address' });
      const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });

      // A postcode that is not one says so in the error summary, linking to the field.
      await finder.fill('NOT A CODE');
      await find.click();
      await expect(summary).toContainText('Enter a real postcode, like W4 2HD');
      await summary.getByRole('link', { name: 'Enter a real postcode, like W4 2HD' }).click();
      await expect(finder).toBeFocused();
      await expectNoAxeViolations(page);
      await shot(page, `new-address-error-${size.name}`);

      // An unknown one: the lookup's words, naming the postcode.
      await finder.fill('ZZ9 9ZZ');
      await find.click();
      await expect(summary).toContainText('ZZ9 9ZZ');

      // A listed postcode offers its addresses; choosing one fills the street, town and postcode.
      await finder.fill('w4 2hd');
      await find.click();
      const choice = page.getByLabel('Choose the address');
      await expect(choice).toBeVisible();
      await expect(summary).toHaveCount(0);
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('Phone number').fill('07812 345678');
      await choice.selectOption({ index: 1 });
      await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('W4 2HD');
      await expect(page.getByLabel('First name')).toHaveValue('Ada');
      const street = await page.getByLabel('Address line 1').inputValue();
      expect(street).not.toBe('');
      await expectNoAxeViolations(page);
      await shot(page, `new-address-found-${size.name}`);

      await page.getByRole('button', { name: 'Save and see the new total' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your change');
      await expect(page.getByText('New delivery address')).toBeVisible();
      await page.getByRole('button', { name: 'Confirm change' }).click();
      await expect(page.getByText('Your order is updated')).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Delivery address' }).getByText(street),
      ).toBeVisible();

      // Saved to the address book, and on the order page.
      const addresses = await page.request.get('/api/v2/addresses');
      const lines = (await addresses.json()).data.map(
        (a: { attributes: { address1: string; zip: string } }) => a.attributes,
      );
      expect(lines).toContainEqual(expect.objectContaining({ address1: street, zip: 'W4 2HD' }));
      await page.getByRole('link', { name: 'Back to your order' }).click();
      await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
      await expect(page.getByText(new RegExp(street))).toBeVisible();
    });
  });
}
