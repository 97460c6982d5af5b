import type { Page } from '@playwright/test';
import {
  addRegular,
  boxPanel,
  GNOCCHI,
  kitBasket,
  paymentSummaryRow,
  savedHome,
  visibleWeekPanel,
  weekWithSaturday,
} from './support/kit-checkout';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { SIZES } from './support/sizes';

/** Issue 11 defects 14, 16, 17 and 18 at both sizes the issue names. */

const weekTabs = (page: Page) => page.getByRole('tablist', { name: 'Menu weeks' }).getByRole('tab');

for (const size of SIZES) {
  const phone = size.width < 960;

  test.describe(`the recipe-kit menu and day (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('opens on the first open week, dishes lead with their image, the box is always at hand, the plan is chosen', async ({
      page,
    }) => {
      test.slow();
      await page.goto('/menu');

      // Product rule R7.17: the first open week, said so; closed weeks after the open ones.
      const selected = page
        .getByRole('tablist', { name: 'Menu weeks' })
        .getByRole('tab', { selected: true });
      await expect(selected).toContainText('Open');
      await expect(weekTabs(page).first()).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText(/^Ordering for the week of \d+ \w+$/)).toBeVisible();
      const badges = await weekTabs(page).allTextContents();
      const firstClosed = badges.findIndex((text) => text.includes('Closed'));
      expect(firstClosed).toBeGreaterThan(0);
      expect(badges.slice(firstClosed).every((text) => text.includes('Closed'))).toBe(true);
      await weekTabs(page).nth(firstClosed).click();
      await expect(page.getByText(/^Orders for the week of \d+ \w+ have closed$/)).toBeVisible();
      await weekTabs(page).first().click();

      // Dish cards lead with the image.
      const card = visibleWeekPanel(page)
        .getByRole('listitem')
        .filter({ hasText: GNOCCHI })
        .first();
      await expect(card.locator('img').first()).toBeVisible();
      await expectNoAxeViolations(page);

      // Product rule R7.18: the dish dialog's Add button is in view as soon as it opens.
      await visibleWeekPanel(page)
        .getByRole('button', { name: `View ${GNOCCHI}`, exact: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: GNOCCHI });
      await expect(dialog.getByRole('button', { name: /^Add to the week of / })).toBeInViewport();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Close' }).click();

      const week = await addRegular(page, GNOCCHI);
      const box = boxPanel(page);
      const bar = page.getByRole('region', { name: 'Your box, in short' });
      if (phone) {
        // The bar, from anywhere on the menu: scrolled to the top, it is there; View box goes to the box.
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(bar).toBeInViewport();
        await expect(bar).toContainText('1 dish');
        await expect(bar).toContainText('£');
        await bar.getByRole('button', { name: 'View box' }).click();
        await expect(box.getByRole('heading', { name: 'Your box' })).toBeFocused();
        await expect(box.getByRole('heading', { name: 'Your box' })).toBeInViewport();
      } else {
        // No bar on a wide screen: the box beside the menu keeps its Checkout in view.
        await expect(bar).toBeHidden();
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect(box.getByRole('button', { name: 'Checkout' })).toBeInViewport();
      }

      // Product rule R7.19 and R7.20: the plan as two radio cards, recipes following the box.
      const onPlan = box.getByRole('radio', { name: 'A box on a plan' });
      await expect(onPlan).toBeChecked();
      await expect(
        box.getByText(/£\d+\.\d\d a serving\. Skip, pause or cancel anytime\./),
      ).toBeVisible();
      await box.getByRole('button', { name: `Add one ${GNOCCHI} to ${week}` }).click();
      await expect(box.getByText('Your plan: 2 recipes a week, as in this box.')).toBeVisible();
      await box.getByRole('button', { name: `Add one ${GNOCCHI} to ${week}` }).click();
      await expect(box.getByText('Your plan: 3 recipes a week, as in this box.')).toBeVisible();
      const basketId = await page.evaluate(async () => {
        const response = await fetch('/api/v2/baskets');
        const { data } = (await response.json()) as {
          data: { id: string; attributes: { basket_type: string } }[];
        };
        return data.find((b) => b.attributes.basket_type === 'RecipeKitBasket')?.id;
      });
      const saved = await page.request.get(`/api/v2/baskets/${basketId}`);
      expect((await saved.json()).data.attributes.number_of_recipes).toBe(3);

      // The radio follows the basket the server saved, so it turns checked once the change lands.
      await box.getByRole('radio', { name: 'A one-off box' }).click();
      await expect(box.getByRole('radio', { name: 'A one-off box' })).toBeChecked();
      await expect(box.getByText('This box: 3 recipes.')).toBeVisible();
      await expect(box.getByLabel('Delivery frequency')).toHaveCount(0);
      // Product rule R8.9: the week's delivery fee is said in the box, with its day.
      await expect(
        box.getByText(/^Delivery on \w+ \d+ \w+: £\d+\.\d\d|^Free delivery on /),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the address step finds the address by postcode, as the takeaway does (R3.13, R8.11)', async ({
      page,
    }) => {
      test.slow();
      await signUpViaApi(page.request);
      await kitBasket(page.request);
      await page.goto('/checkout');
      await expect(page).toHaveURL(/\/checkout\/delivery\/address$/, { timeout: 30_000 });
      const finder = page.getByLabel('Find your address');
      const find = page.getByRole('button', { name: 'Find address' });

      // Checked first, with the takeaway's messages.
      await find.click();
      await expect(page.getByRole('alert')).toContainText('Enter a postcode');

      // A listed postcode offers its addresses; choosing one fills the form.
      await finder.fill('w4 2hd');
      await find.click();
      const choice = page.getByLabel('Choose your address');
      await expect(choice).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await choice.selectOption({ index: 1 });
      await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('W4 2HD');
      await expect(page.getByLabel('Address line 1')).not.toHaveValue('');
      await expectNoAxeViolations(page);

      // An unknown district says the address lookup's message, naming the postcode (R8.11).
      await finder.fill('ZZ9 9ZZ');
      await find.click();
      await expect(page.getByRole('alert')).toContainText(
        "We couldn't find any addresses for ZZ9 9ZZ. Check the postcode and try again.",
      );
      await expect(choice).toHaveCount(0);
      await expectNoAxeViolations(page);

      // No answer (the connection dropped) says to try again; trying again finds it (R8.12).
      await page.context().setOffline(true);
      await finder.fill('W4 2HD');
      await find.click();
      await expect(page.getByRole('alert')).toContainText(
        "We couldn't look up W4 2HD just now. Try again.",
      );
      await page.context().setOffline(false);
      await find.click();
      await expect(choice).toBeVisible();

      // A district-only match: the postcode is kept, the customer types street and number.
      await finder.fill('SW1A 1AA');
      await finder.press('Enter');
      await expect(
        page.getByText(
          'We found SW1A 1AA but not its addresses: type your house number and street.',
        ),
      ).toBeVisible();
      await expect(page.getByLabel('Address line 1')).toBeFocused();
      await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('SW1A 1AA');
      await expect(page.getByLabel('Address line 1')).toHaveValue('');
      await expectNoAxeViolations(page);
      await page.getByLabel('Address line 1').fill('1 Horse Guards Road');
      await page.getByLabel('Town or city').fill('London');
      await page.getByLabel('Phone number').fill('07812 345678');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/checkout\/delivery\/instructions$/, { timeout: 30_000 });
    });

    test("the day is chosen from the box's week, with each day's fee and the reason a day is closed; the payment step agrees", async ({
      page,
    }) => {
      test.slow();
      await signUpViaApi(page.request);
      await savedHome(page.request);
      // A week with a weekday and a Saturday still offered: two days with different fees.
      const { week, weekday } = await weekWithSaturday(page.request);
      await kitBasket(page.request, undefined, undefined, { week, deliveryDate: weekday });
      const weekdayName = new Date(`${weekday}T00:00:00Z`).toLocaleDateString('en-GB', {
        weekday: 'long',
        timeZone: 'UTC',
      });
      await page.goto('/checkout');
      await expect(page).toHaveURL(/\/checkout\/delivery\/instructions$/, { timeout: 30_000 });

      const days = page.getByRole('group', { name: 'Delivery day' });
      await expect(days.getByRole('radio')).toHaveCount(7);
      const sunday = days.getByRole('radio', { name: /^Sunday/ });
      await expect(sunday).toBeDisabled();
      await expect(days.getByText('No deliveries on Sundays')).toBeVisible();
      await expectNoAxeViolations(page);

      // Product rule R8.10: a day with another fee shows the new fee and total right there.
      await days.getByRole('radio', { name: new RegExp(`^${weekdayName}`) }).check();
      const status = page.getByRole('status').filter({ hasText: 'Your first box' });
      await expect(status).toContainText(
        new RegExp(`^${weekdayName} .*: delivery £3\\.99\\. Your first box: £`),
      );
      const weekdayTotal = await status.textContent();
      await days.getByRole('radio', { name: /^Saturday/ }).check();
      await expect(status).toContainText(/^Saturday .*: delivery £4\.99\. Your first box: £/);
      const saturdayTotal = (await status.textContent()) ?? '';
      expect(saturdayTotal).not.toBe(weekdayTotal);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page).toHaveURL(/\/checkout\/payment$/);
      // Product rule R8.9: the payment step charges the fee and total the day step said.
      await expect(paymentSummaryRow(page, 'Delivery')).toHaveText('£4.99');
      const total = /Your first box: (£\d+\.\d\d)/.exec(saturdayTotal)?.[1] ?? '';
      await expect(page.getByRole('main')).toContainText(total);
    });
  });
}
