import type { Page } from '@playwright/test';
import { format, parseISO } from 'date-fns';
import { isDeliveryDay } from '../domain/delivery-dates';
import { addDays, weekStart } from '../domain/weeks';
import { apiCall } from './support/api';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { CORE_REGULAR_VARIANTS } from './support/kit-checkout';
import { journeySizes } from './support/sizes';
import { newSubscriber, planWeeks } from './support/subscriber';
import { shot } from './support/shots';

const BRANCH = { 'X-Branch': 'web' };

async function theSchedule(page: Page) {
  const response = await page.request.get('/api/v2/subscriptions', { headers: BRANCH });
  return (await response.json()).data[0].attributes.schedule as {
    delivery_day: number;
    frequency: number;
  };
}

/** Product rule R10.32: a schedule change says what it does before it is saved. */
for (const size of journeySizes('phone')) {
  test.describe(`plan settings, the schedule preview (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a new day and rhythm show their first box and fee; going back saves nothing, confirming saves it', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await newSubscriber(page);
      // The customer chose the dishes of the plan's next box after the ordered one.
      const chosenWeek = (await planWeeks(page.request)).find(
        (week) => week.attributes.order_id === null,
      )!;
      const chosenDay = chosenWeek.attributes.delivery_date;
      // The new day: Friday, or Thursday (else Wednesday) when that week's Friday is its day
      // already or no delivery day (25 December, R8.4).
      const [newDay, newWeekDay] = (
        [
          ['Friday', 5],
          ['Thursday', 4],
          ['Wednesday', 3],
        ] as const
      ).find(([, weekDay]) => {
        const date = addDays(weekStart(chosenDay), weekDay - 1);
        return isDeliveryDay(date) && date !== chosenDay;
      })!;
      const newDate = addDays(weekStart(chosenDay), newWeekDay - 1);
      await apiCall(page.request, 'post', `/schedule_weeks/${chosenWeek.id}/chef_selections`, {
        selections: CORE_REGULAR_VARIANTS.map((variant_id) => ({ variant_id, quantity: 1 })),
      });
      const before = await theSchedule(page);
      const weeksBefore = await planWeeks(page.request);

      await page.goto('/account/pasta-plan/settings');
      const schedule = page.getByRole('region', { name: 'Delivery day and frequency' });
      await schedule.getByRole('button', { name: 'Change' }).click();
      await schedule.getByLabel(newDay).check();
      await schedule.getByLabel('How often').selectOption('2');
      await schedule.getByRole('button', { name: 'Save', exact: true }).click();

      const first = schedule.getByText(/^Your first box on the new schedule:/);
      await expect(first).toBeVisible();
      await expect(first).toContainText(
        new RegExp(`${newDay} \\d{1,2} \\w+, £\\d+\\.\\d\\d delivery`),
      );
      // The new rhythm starts at the chosen week: its dishes move to the new day of that week.
      const dayText = (date: string) => format(parseISO(date), 'EEEE d MMMM');
      await expect(
        schedule.getByText(
          `The dishes you chose for ${dayText(chosenDay)} move to ${dayText(newDate)}.`,
        ),
      ).toBeVisible();
      // Friday noon before its week; the Wednesday before for Christmas week (R7.1).
      await expect(
        schedule.getByText(/It is billed at its cut-off, (Friday|Wednesday) \d{1,2} \w+/),
      ).toBeVisible();
      await shot(page, `schedule-preview-${size.name}`);
      await expectNoAxeViolations(page);
      // R10.33: the day and rhythm being confirmed cannot change underneath it.
      await expect(schedule.getByLabel(newDay)).toBeDisabled();
      await expect(schedule.getByLabel('How often')).toBeDisabled();
      // Nothing is saved yet.
      expect(await theSchedule(page)).toEqual(before);
      expect(await planWeeks(page.request)).toEqual(weeksBefore);

      await schedule.getByRole('button', { name: 'Keep my current schedule' }).click();
      await expect(first).toBeHidden();
      await expect(schedule.getByLabel('How often')).toBeEnabled();
      expect(await theSchedule(page)).toEqual(before);

      await schedule.getByRole('button', { name: 'Save', exact: true }).click();
      const shown = (await first.textContent()) ?? '';
      await schedule.getByRole('button', { name: 'Save the new schedule' }).click();
      await expect(page.getByText('Your delivery day and frequency are saved.')).toBeVisible();
      await expect(schedule.getByText(`${newDay}, every 2 weeks`)).toBeVisible();
      expect(await theSchedule(page)).toMatchObject({ delivery_day: newWeekDay, frequency: 2 });

      // The box the preview named is the plan's first box not yet ordered on the new schedule.
      const open = (await planWeeks(page.request)).filter(
        (week) => week.attributes.order_id === null && week.attributes.state === 'active',
      );
      const firstDate = format(parseISO(open[0]!.attributes.delivery_date), 'EEEE d MMMM');
      expect(shown).toContain(firstDate);
    });
  });
}
