import { expect, expectNoAxeViolations, test } from './support/fixtures';

test.describe('landing: address search', () => {
  test('/ lands on the address search', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
    await expect(page).toHaveTitle(/Sfoglia/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh pasta, delivered hot');
  });

  test('a postcode near Chiswick, typed loosely, finds the address and moves on with the delivery stored for a week', async ({
    page,
  }) => {
    await page.goto('/pasta-now-search-address');
    await page.getByLabel('Postcode').fill(' w42hd ');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await page.getByRole('radio', { name: '12 Devonshire Road, London' }).check();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await expect(page).toHaveURL(/\/pasta-now$/);
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('sfoglia.delivery') ?? 'null'),
    );
    expect(stored.value).toMatchObject({
      restaurantId: '16',
      restaurantSite: 'Chiswick',
      address: { address1: '12 Devonshire Road', zip: 'W4 2HD' },
    });
    const weekMs = 7 * 24 * 60 * 60 * 1000;
    expect(stored.expiresAt - Date.now()).toBeGreaterThan(weekMs - 60_000);
    expect(stored.expiresAt - Date.now()).toBeLessThanOrEqual(weekMs);

    await page.goto('/pasta-now-search-address');
    await expect(
      page.getByText('Deliver to 12 Devonshire Road, London, W4 2HD from Chiswick?'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/pasta-now$/);
  });

  test('a typed address is placed by its postcode', async ({ page }) => {
    await page.goto('/pasta-now-search-address');
    await page.getByLabel('Postcode').fill('EC1N 8SS');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await page.getByRole('button', { name: 'My address is not listed' }).click();
    await page.getByLabel('Address line 1').fill('Flat 3, 9 Hatton Garden');
    await page.getByLabel('Town or city').fill('London');
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await expect(page).toHaveURL(/\/pasta-now$/);
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('sfoglia.delivery') ?? 'null'),
    );
    expect(stored.value.restaurantSite).toBe('Farringdon');
  });

  test('far from every restaurant: the unavailable modal offers a recipe kit or another address', async ({
    page,
  }) => {
    await page.goto('/pasta-now-search-address');
    await page.getByLabel('Postcode').fill('EH1 1YZ');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await page.getByRole('radio', { name: '2 Princes Street, Edinburgh' }).check();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    const dialog = page.getByRole('dialog', {
      name: "Sorry, we can't deliver hot pasta to this address yet",
    });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('No restaurants available');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Check another address' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Postcode')).toBeVisible();

    await page.getByLabel('Postcode').fill('EH1 1YZ');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await page.getByRole('radio', { name: '2 Princes Street, Edinburgh' }).check();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await page.getByRole('button', { name: 'Get a recipe kit' }).click();
    await expect(page).toHaveURL(/\/menu$/);
  });

  test('on a small screen the modal closes on Back', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/pasta-now-search-address');
    await page.getByLabel('Postcode').fill('CF10 1EP');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await page.getByRole('radio', { name: '6 Queen Street, Cardiff' }).check();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  });

  test('on a small screen a recipe kit still goes to the menu, and another address goes back to the postcode', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 700, height: 740 });
    await page.goto('/pasta-now-search-address');
    await page.getByLabel('Postcode').fill('NR2 1NH');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await page.getByRole('radio', { name: '3 Gentleman\u2019s Walk, Norwich' }).check();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Check another address' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByLabel('Postcode')).toBeFocused();

    await page.getByRole('button', { name: 'Find my address' }).click();
    await page.getByRole('radio', { name: '3 Gentleman\u2019s Walk, Norwich' }).check();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Get a recipe kit' }).click();
    await expect(page).toHaveURL(/\/menu$/);
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/menu$/);
  });

  test('each new step takes focus to its first control', async ({ page }) => {
    await page.goto('/pasta-now-search-address');
    await page.getByLabel('Postcode').fill('W4 2HD');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await expect(page.getByRole('radio', { name: '12 Devonshire Road, London' })).toBeFocused();
    await page.getByRole('button', { name: 'My address is not listed' }).click();
    await expect(page.getByLabel('Address line 1')).toBeFocused();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByRole('alert')).toContainText('Enter the first line of your address');
  });

  test('an unknown postcode is named in the message; a malformed one says how to fix it', async ({
    page,
  }) => {
    await page.goto('/pasta-now-search-address');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter a postcode');
    await page.getByLabel('Postcode').fill('hello');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter a real postcode, like W4 2HD');
    await page.getByLabel('Postcode').fill('zz99zz');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await expect(page.getByRole('alert')).toContainText('ZZ9 9ZZ');
    await expectNoAxeViolations(page);
  });

  test('the landing screen has no axe violations', async ({ page }) => {
    await page.goto('/pasta-now-search-address');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('stored details from an older version of the app are ignored, not trusted', async ({
  page,
}) => {
  await page.goto('/support');
  await page.evaluate(() =>
    localStorage.setItem('sfoglia.delivery', JSON.stringify({ value: { x: 1 }, expiresAt: null })),
  );
  await page.goto('/pasta-now-search-address');
  await expect(page.getByLabel('Postcode')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sfoglia.delivery'))).toBeNull();
});
