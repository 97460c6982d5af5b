import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { GNOCCHI } from './support/kit-checkout';
import { paidBoxViaApi } from './support/paid-box';
import { paidTakeawayOrder } from './support/paid-takeaway-order';
import { journeySizes } from './support/sizes';
import { shot } from './support/shots';

for (const size of journeySizes('desktop')) {
  test.describe(`editing an order (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('changes the dishes, the day and the address of a paid box, each total shown first', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const orderId = await paidBoxViaApi(page.request, { otherAddress: true });
      await page.goto(`/order/${orderId}`);
      await page.getByRole('link', { name: 'Change this order' }).click();
      await expect(page).toHaveURL(new RegExp(`/order/${orderId}/edit$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Change order /);
      await expect(page.getByText(/You can change this box until/)).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `overview-${size.name}`);

      // Dishes: one more gnocchi; the new total and the card charge are shown before anything changes.
      await page.getByRole('button', { name: 'Change dishes' }).click();
      await expect(page).toHaveURL(new RegExp(`/order/${orderId}/edit/recipes$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your dishes this week');
      await expectNoAxeViolations(page);
      await shot(page, `recipes-${size.name}`);
      await page.getByRole('button', { name: `Add one more ${GNOCCHI}`, exact: true }).click();
      await page.getByRole('button', { name: 'See the new total' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your change');
      await expect(page.getByText(/^We will charge £7\.95 to the card/)).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `review-${size.name}`);
      await page.getByRole('button', { name: 'Confirm change' }).click();
      await expect(page.getByText('Your order is updated')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/order/${orderId}/edit$`));
      await expect(page.getByText(`1 × ${GNOCCHI}`)).toBeVisible();

      // Day and note.
      await page.getByRole('button', { name: 'Change delivery day' }).click();
      await expect(page).toHaveURL(/\/edit\/delivery-info$/);
      const days = page.getByRole('group', { name: 'Which day should we deliver?' });
      await expect(days).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `delivery-info-${size.name}`);
      const other = days.getByRole('radio', { checked: false }).first();
      const label = (await other.getAttribute('value'))!;
      await other.check();
      await page.getByLabel('Note for the courier (optional)').fill('Leave it with the porter');
      await page.getByRole('button', { name: 'See the new total' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your change');
      await page.getByRole('button', { name: 'Confirm change' }).click();
      await expect(page).toHaveURL(new RegExp(`/order/${orderId}/edit$`));
      await expect(page.getByText('Note: Leave it with the porter')).toBeVisible();
      const order = await page.request.get(`/api/v2/orders/${orderId}`);
      expect((await order.json()).data.attributes.delivery_date).toBe(label);

      // Address.
      await page.getByRole('button', { name: 'Change address' }).click();
      await expect(page).toHaveURL(/\/edit\/change-delivery-address$/);
      await expectNoAxeViolations(page);
      await shot(page, `address-${size.name}`);
      await page.getByRole('radio', { name: /3 Leather Lane/ }).check();
      await page.getByRole('button', { name: 'See the new total' }).click();
      await expect(page.getByText('Your total stays the same.')).toBeVisible();
      await page.getByRole('button', { name: 'Confirm change' }).click();
      await expect(
        page.getByRole('region', { name: 'Delivery address' }).getByText(/3 Leather Lane/),
      ).toBeVisible();

      // Back on the order page, the changes are there.
      await page.getByRole('link', { name: 'Back to your order' }).click();
      await expect(page.getByText(/3 Leather Lane/)).toBeVisible();
    });

    test('a takeaway order says it cannot change and links back', async ({ page }) => {
      await signUpViaApi(page.request);
      const orderId = await paidTakeawayOrder(page.request);
      await page.goto(`/order/${orderId}/edit`);
      // The order loads first (the shared machine can be slow): wait for the answer.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'This order can no longer change',
        { timeout: 20_000 },
      );
      await expect(page.getByText(/^Takeaway orders can't be changed/)).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `takeaway-${size.name}`);
      await page.getByRole('link', { name: 'Back to your order' }).click();
      await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
    });
  });
}

/** Product rule R9.26: each step's URL opens that step, and Back and Forward keep URL and screen together. */
test.describe('an edit step opened by its URL', () => {
  const steps = [
    { step: 'delivery-info', heading: 'Delivery day and note' },
    { step: 'recipes', heading: 'Your dishes this week' },
    { step: 'change-delivery-address', heading: 'Delivery address' },
  ];

  for (const { step, heading } of steps)
    test(`/order/{id}/edit/${step} opens that step, after a reload too`, async ({ page }) => {
      test.setTimeout(120_000);
      const orderId = await paidBoxViaApi(page.request, { otherAddress: true });
      const url = new RegExp(`/order/${orderId}/edit/${step}$`);
      await page.goto(`/order/${orderId}/edit/${step}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, {
        timeout: 20_000,
      });
      await expect(page).toHaveURL(url);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, {
        timeout: 20_000,
      });
      await expect(page).toHaveURL(url);
    });

  test('Back and Forward move between the steps, the URL and the screen together', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const orderId = await paidBoxViaApi(page.request, { otherAddress: true });
    const heading = page.getByRole('heading', { level: 1 });
    await page.goto(`/order/${orderId}/edit/recipes`);
    await expect(heading).toHaveText('Your dishes this week', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Back to what you can change' }).click();
    await expect(heading).toHaveText(/^Change order /);
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}/edit$`));
    await page.getByRole('button', { name: 'Change delivery day' }).click();
    await expect(heading).toHaveText('Delivery day and note');
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}/edit/delivery-info$`));

    await page.goBack();
    await expect(heading).toHaveText(/^Change order /);
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}/edit$`));
    await page.goBack();
    await expect(heading).toHaveText('Your dishes this week');
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}/edit/recipes$`));
    await page.goForward();
    await expect(heading).toHaveText(/^Change order /);
    await page.goForward();
    await expect(heading).toHaveText('Delivery day and note');
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}/edit/delivery-info$`));
  });

  test('a step of an order that cannot change shows why, at the overview URL', async ({ page }) => {
    await signUpViaApi(page.request);
    const orderId = await paidTakeawayOrder(page.request);
    await page.goto(`/order/${orderId}/edit/recipes`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This order can no longer change',
      { timeout: 20_000 },
    );
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}/edit$`));
  });
});
