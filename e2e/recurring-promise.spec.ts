import type { Page } from '@playwright/test';
import { plannedDeliveryDate } from '../domain/delivery-dates';
import { addDays, cutoffFor, weekDayIndex, weekStart } from '../domain/weeks';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import {
  boxDeliveryDate,
  kitBasket,
  oneOffKitBasket,
  savedHome,
  throughInstructions,
} from './support/kit-checkout';
import { journeySizes } from './support/sizes';
import { shot } from './support/shots';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const dayText = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
const weekdayText = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });

/** A term of the promise ("Each box", "Next charge"): what it says. */
const promiseTerm = (page: Page, term: string) =>
  page
    .getByRole('region', { name: /^What recurs/ })
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
    .getByRole('definition');

for (const size of journeySizes('phone')) {
  test.describe(`the payment step's promise (R8.13) at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    // The menu's axe scan is slow on a busy machine.
    test.setTimeout(180_000);

    test('a plan says what recurs: the box, its price, the delivery fee and the next charge', async ({
      page,
    }) => {
      await signUpViaApi(page.request);
      await savedHome(page.request);
      // Every 2 weeks, on the first week's Wednesday (or the day the day step moves it to).
      const firstBox = await boxDeliveryDate(page.request);
      const weekday = weekdayText(firstBox);
      await kitBasket(page.request);
      await page.goto('/checkout');
      await throughInstructions(page);
      await expect(page).toHaveURL(/\/checkout\/payment$/);

      const promise = page.getByRole('region', { name: 'What recurs: your pasta plan' });
      await expect(promise).toBeVisible();
      await expect(promiseTerm(page, 'Each box')).toHaveText(
        `2 recipes, every 2 weeks, delivered on ${weekday}s`,
      );
      await expect(promiseTerm(page, 'Price per box')).toHaveText(
        /^£\d+\.\d\d for dishes like these \(your picks set it\)$/,
      );
      await expect(promiseTerm(page, 'Delivery')).toHaveText(
        new RegExp(`^(Free|£\\d+\\.\\d\\d) on ${weekday}s$`),
      );
      // The next box is two weeks on, on the same weekday (the day before, when Christmas closes
      // it: R10.35): charged at its cut-off (the Friday noon before its week; the Wednesday
      // before Christmas week, R7.1).
      const nextBox = plannedDeliveryDate(
        addDays(weekStart(firstBox), 14),
        ((weekDayIndex(firstBox) + 6) % 7) + 1,
      );
      const nextCutoff = cutoffFor(weekStart(nextBox)).toISOString().slice(0, 10);
      await expect(promiseTerm(page, 'Next charge')).toHaveText(
        `${dayText(nextCutoff)} at 12:00, for the box delivered on ${dayText(nextBox)}`,
      );
      await expectNoAxeViolations(page);
      await shot(page, `payment-plan-${size.name}`);
    });

    test('a one-off box says it does not recur', async ({ page }) => {
      await signUpViaApi(page.request);
      await savedHome(page.request);
      await oneOffKitBasket(page.request);
      await page.goto('/checkout');
      await throughInstructions(page);
      await expect(page).toHaveURL(/\/checkout\/payment$/);

      const promise = page.getByRole('region', { name: 'A one-off box' });
      await expect(promise).toContainText('This box does not recur');
      await expect(page.getByRole('region', { name: /^What recurs/ })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await shot(page, `payment-one-off-${size.name}`);
    });
  });
}
