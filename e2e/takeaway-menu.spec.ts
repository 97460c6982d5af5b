import { expect, expectNoAxeViolations, test } from './support/fixtures';

test.describe('/pasta-now menu', () => {
  test('after the address search, the customer browses the nearest restaurant menu with sold-out dishes marked', async ({
    page,
  }) => {
    await page.goto('/pasta-now-search-address');
    await page.getByLabel('Postcode').fill('W4 2HD');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await page.getByRole('radio', { name: '12 Devonshire Road, London' }).check();
    await page.getByRole('button', { name: 'Deliver here' }).click();

    await expect(page).toHaveURL(/\/pasta-now$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chiswick menu');
    // A full address: the ETA comes from POST /delivery_estimation (product rule R4.6).
    await expect(page.getByText(/^Delivery in about \d+ - \d+ mins$/)).toBeVisible();
    await expect(page.getByText('Delivery, ASAP')).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Menu sections' }).getByRole('link');
    await expect(sections).toHaveText([
      "This Week's Specials",
      'Fresh Pasta',
      'Starters & Sides',
      'Desserts',
      'Gelato',
      'Drinks',
      'Recipe Kits',
    ]);
    const gnocchi = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Gnocchi al Pomodoro', exact: true }) });
    await expect(gnocchi).toContainText('Sold out for now');
    const cacio = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Cacio e Pepe', exact: true }) });
    await expect(cacio).toContainText('£10.50');
    await expect(cacio).toContainText('Extra Parmigiano (+£1.00)');
    await expect(
      page.getByText('Kits ordered before 5:00pm are delivered next day.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the first add creates the basket; quantities change at once; minus on 1 removes; the minimum is explained', async ({
    page,
  }) => {
    await page.goto('/pasta-now-search-address');
    await page.getByLabel('Postcode').fill('EC1N 8SS');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await page.getByRole('radio', { name: '5 Hatton Garden, London' }).check();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Farringdon menu');
    const basket = page.getByRole('complementary', { name: 'Your basket' });
    await expect(basket).toContainText('Your basket is empty');

    await page.getByRole('button', { name: 'Add Garlic Focaccia to basket' }).click();
    await expect(basket).toContainText('Garlic Focaccia');
    await expect(basket).toContainText('Add £5.50 more to reach the £10.00 minimum order.');

    await basket.getByRole('button', { name: 'Add one more Garlic Focaccia' }).click();
    await basket.getByRole('button', { name: 'Add one more Garlic Focaccia' }).click();
    const subtotal = basket.getByRole('definition').first();
    await expect(subtotal).toHaveText('£13.50');
    await expect(basket).toContainText('Your order meets the £10.00 minimum.');
    await expect(basket.getByRole('button', { name: 'Checkout' })).toBeEnabled();

    await page.reload();
    await expect(subtotal).toHaveText('£13.50');

    for (let i = 0; i < 3; i += 1)
      await basket.getByRole('button', { name: 'Remove one Garlic Focaccia' }).click();
    await expect(basket).toContainText('Your basket is empty');
    await expectNoAxeViolations(page);
  });

  test('without a delivery address it sends the customer to the address search', async ({
    page,
  }) => {
    await page.goto('/pasta-now');
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  });
});
