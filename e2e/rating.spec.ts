import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { paidTakeawayOrder } from './support/paid-takeaway-order';
import { journeySizes } from './support/sizes';

for (const size of journeySizes('phone')) {
  test.describe(`/rate-my-takeaway (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('stars chosen with the keyboard; opening the link again shows the rating, and a second one updates it', async ({
      page,
    }) => {
      test.setTimeout(150_000);
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
      const overall = page.getByRole('group', { name: 'How was your order?' });
      // Five stars, not twenty radio buttons' worth of words.
      await expect(overall.getByRole('radio')).toHaveCount(5);
      await expect(overall.getByRole('radio', { name: '4 out of 5 stars' })).toBeVisible();
      await page.getByRole('button', { name: 'Send rating' }).click();
      await expect(page.getByRole('alert')).toContainText('Choose a rating from 1 to 5');
      await expectNoAxeViolations(page);

      // Each star is a 44 px target.
      const star = overall.locator('label').first();
      const box = await star.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);

      await overall.getByRole('radio', { name: '3 out of 5 stars' }).focus();
      await page.keyboard.press('Space');
      await expect(overall.getByRole('radio', { name: '3 out of 5 stars' })).toBeChecked();
      await page.keyboard.press('ArrowRight');
      await expect(overall.getByRole('radio', { name: '4 out of 5 stars' })).toBeChecked();
      await expect(overall.getByRole('radio', { name: '4 out of 5 stars' })).toBeFocused();
      await expect(overall.getByText('Good (4 of 5)')).toBeVisible();
      await page.getByLabel('What mattered most? (optional)').selectOption('Food quality');
      await page.getByLabel('Anything else to tell us? (optional)').fill('Silky sauce, still hot');
      await page
        .getByRole('group', { name: 'Cacio e Pepe' })
        .getByRole('radio', { name: '5 out of 5 stars' })
        .check();
      await page.getByRole('button', { name: 'Send rating' }).click();

      await expect(page).toHaveURL(/\/rate-my-takeaway\/confirmation\?rating=4&order_id=\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your rating');
      await expect(page.getByText(/^You rated your order 4 out of 5 stars\./)).toBeVisible();
      await expectNoAxeViolations(page);

      const order = await (await page.request.get(`/api/v2/orders/${orderId}`)).json();
      expect(order.data.attributes.rating).toBe(4);
      const dish = order.included.find(
        (line: { attributes: { title: string } }) => line.attributes.title === 'Cacio e Pepe',
      );
      expect(dish.attributes.product_rating).toBe(5);

      // Opening the link again shows the rating as given.
      await page.getByRole('link', { name: 'See or change your rating' }).click();
      await expect(page.getByText(/^You rated this order 4 out of 5 stars on /)).toBeVisible();
      const again = page.getByRole('group', { name: 'How was your order?' });
      await expect(again.getByRole('radio', { name: '4 out of 5 stars' })).toBeChecked();
      await expect(page.getByLabel('What mattered most? (optional)')).toHaveValue('Food quality');
      await expect(page.getByLabel('Anything else to tell us? (optional)')).toHaveValue(
        'Silky sauce, still hot',
      );
      await expect(
        page
          .getByRole('group', { name: 'Cacio e Pepe' })
          .getByRole('radio', { name: '5 out of 5 stars' }),
      ).toBeChecked();
      await expectNoAxeViolations(page);

      // A second rating replaces the first, visibly.
      await again.getByRole('radio', { name: '2 out of 5 stars' }).check();
      await page.getByRole('button', { name: 'Update rating' }).click();
      await expect(page).toHaveURL(/\/rate-my-takeaway\/confirmation\?rating=2&.*updated=true/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your rating is updated');
      await expect(page.getByText(/^You rated your order 2 out of 5 stars\./)).toBeVisible();
      await page.goto(`/rate-my-takeaway?order_id=${orderId}`);
      await expect(page.getByText(/^You rated this order 2 out of 5 stars on /)).toBeVisible();
      await expect(
        page
          .getByRole('group', { name: 'How was your order?' })
          .getByRole('radio', { name: '2 out of 5 stars' }),
      ).toBeChecked();
    });

    test('the confirmation without a rating goes back, or home when there is no history', async ({
      page,
    }) => {
      await page.goto('/rate-my-takeaway/confirmation');

      await expect(page).toHaveURL(/\/pasta-now-search-address$/);
    });
  });
}
