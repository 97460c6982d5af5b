import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { paidTakeawayOrder } from './support/paid-takeaway-order';

test.describe('/rate-my-takeaway', () => {
  test('the customer rates a delivered order and a dish with the keyboard, then sees the confirmation', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpViaApi(page.request);
    const orderId = await paidTakeawayOrder(page.request);
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`/api/v2/orders/${orderId}`)).json()).data.attributes
            .state,
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe('delivered');

    await page.goto(`/rate-my-takeaway?order_id=${orderId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rate your order');
    await page.getByRole('button', { name: 'Send rating' }).click();
    await expect(page.getByRole('alert')).toContainText('Choose a rating from 1 to 5');
    await expectNoAxeViolations(page);

    const overall = page.getByRole('group', { name: 'How was your order?' });
    await overall.getByRole('radio', { name: '3 – Okay' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(overall.getByRole('radio', { name: '4 – Good' })).toBeChecked();
    await page.getByLabel('What mattered most? (optional)').selectOption('Food quality');
    await page.getByLabel('Anything else to tell us? (optional)').fill('Silky sauce, still hot');
    await page
      .getByRole('group', { name: 'Cacio e Pepe' })
      .getByRole('radio', { name: '5 – Excellent' })
      .check();
    await page.getByRole('button', { name: 'Send rating' }).click();

    await expect(page).toHaveURL(/\/rate-my-takeaway\/confirmation\?rating=4$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your rating');
    await expect(page.getByText('You rated your order 4 out of 5.')).toBeVisible();
    await expectNoAxeViolations(page);

    const order = await (await page.request.get(`/api/v2/orders/${orderId}`)).json();
    expect(order.data.attributes.rating).toBe(4);
    const dish = order.included.find(
      (line: { attributes: { title: string } }) => line.attributes.title === 'Cacio e Pepe',
    );
    expect(dish.attributes.product_rating).toBe(5);

    // Rating again changes the same rating (PUT), with the form filled from it.
    await page.goto(`/rate-my-takeaway?order_id=${orderId}`);
    await expect(
      page
        .getByRole('group', { name: 'How was your order?' })
        .getByRole('radio', { name: '4 – Good' }),
    ).toBeChecked();
    await page
      .getByRole('group', { name: 'How was your order?' })
      .getByRole('radio', { name: '5 – Excellent' })
      .check();
    await page.getByRole('button', { name: 'Send rating' }).click();
    await expect(page).toHaveURL(/\/rate-my-takeaway\/confirmation\?rating=5$/);
  });

  test('the confirmation without a rating goes back, or home when there is no history', async ({
    page,
  }) => {
    await page.goto('/rate-my-takeaway/confirmation');

    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  });
});
