import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { cutoffFor } from '../domain/weeks';
import { apiCall } from './support/api';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { kitBasket, payWithNewCard, savedHome, throughInstructions } from './support/kit-checkout';
import { journeySizes } from './support/sizes';
import { shot } from './support/shots';

const BRANCH = { 'X-Branch': 'web' };

interface Week {
  id: string;
  attributes: { start_date: string; delivery_date: string; state: string; order_id: string | null };
}

async function planWeeks(request: APIRequestContext): Promise<Week[]> {
  const response = await request.get('/api/v2/schedule_weeks', { headers: BRANCH });
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

async function thePlan(request: APIRequestContext) {
  const response = await request.get('/api/v2/subscriptions', { headers: BRANCH });
  return (await response.json()).data[0] as {
    id: string;
    attributes: {
      number_of_recipes: number;
      dietary: Record<string, boolean>;
      delivery_note: string | null;
      billing_address_id: string | null;
      ingredient_ids: string[];
      schedule: { delivery_day: number; frequency: number };
    };
  };
}

/** Screenshots for looking at the screen, only when asked for (never in the repository). */
const section = (page: Page, name: string) => page.getByRole('region', { name });

/**
 * Saves the open section; when the change alters the box's price, confirms the new price, and
 * a new schedule once its first box is shown (R10.32).
 */
async function save(card: Locator) {
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  const confirm = card.getByRole('button', { name: /^Save at £|^Save the new schedule$/ });
  const change = card.getByRole('button', { name: 'Change' });
  await expect(confirm.or(change)).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(change).toBeVisible();
}

for (const size of journeySizes('desktop')) {
  test.describe(`plan settings (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a subscriber changes every setting; the new price is shown before saving; billing follows', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const request = page.request;
      const customer = await signUpViaApi(request);
      await savedHome(request);
      await kitBasket(request);
      await page.goto('/checkout');
      await throughInstructions(page);
      await payWithNewCard(page, '4242 4242 4242 4242');
      await expect(page).toHaveURL(/\/checkout\/confirmation$/);
      const office = await apiCall(request, 'post', '/addresses', {
        first_name: 'Carla',
        last_name: 'Bianchi',
        phone: '07812 345678',
        address1: '1 Chiswick High Road',
        city: 'London',
        zip: 'W4 2ED',
      });

      await page.goto('/account/pasta-plan');
      const plan = await thePlan(request);
      await page.getByRole('link', { name: /^Plan settings/ }).click();
      await expect(page).toHaveURL(new RegExp(`/account/pasta-plan/settings\\?plan=${plan.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan settings');
      const recipes = section(page, 'Recipes per box');
      await expect(recipes.getByText('2 recipes')).toBeVisible();
      await shot(page, `plan-settings-${size.name}`);
      await expectNoAxeViolations(page);

      // More recipes: the new price per box is shown, and nothing is saved until confirmed.
      await recipes.getByRole('button', { name: 'Change' }).click();
      await recipes.getByLabel('Recipes in each box').selectOption('3');
      await recipes.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(recipes.getByText(/This changes the price of your next box/)).toBeVisible();
      // R10.33: what is being confirmed cannot change underneath it.
      await expect(recipes.getByLabel('Recipes in each box')).toBeDisabled();
      await shot(page, `plan-settings-price-${size.name}`);
      await expectNoAxeViolations(page);
      expect((await thePlan(request)).attributes.number_of_recipes).toBe(2);
      await recipes.getByRole('button', { name: /^Save at £/ }).click();
      await expect(page.getByText('Your number of recipes is saved.')).toBeVisible();
      await expect(recipes.getByText('3 recipes')).toBeVisible();
      expect((await thePlan(request)).attributes.number_of_recipes).toBe(3);

      // Saturdays, every 4 weeks: the open weeks move, the ordered one stays.
      const [ordered] = await planWeeks(request);
      const schedule = section(page, 'Delivery day and frequency');
      await schedule.getByRole('button', { name: 'Change' }).click();
      await schedule.getByLabel('Saturday').check();
      await schedule.getByLabel('How often').selectOption('4');
      await save(schedule);
      await expect(schedule.getByText('Saturday, every 4 weeks')).toBeVisible();
      const weeks = await planWeeks(request);
      expect(weeks[0]).toEqual(ordered);
      for (const week of weeks.slice(1))
        expect(new Date(`${week.attributes.delivery_date}T00:00:00Z`).getUTCDay()).toBe(6);

      const dietary = section(page, 'Dietary preferences');
      await dietary.getByRole('button', { name: 'Change' }).click();
      await dietary.getByLabel('Vegetarian').check();
      await dietary.getByLabel('No nuts').check();
      await shot(page, `plan-settings-dietary-${size.name}`);
      await save(dietary);
      await expect(dietary.getByText('Vegetarian, No nuts')).toBeVisible();

      const ingredients = section(page, 'Ingredients to avoid');
      await ingredients.getByRole('button', { name: 'Change' }).click();
      await ingredients.getByLabel('Mushrooms').check();
      await save(ingredients);
      await expect(ingredients.getByText('Mushrooms')).toBeVisible();

      const note = section(page, 'Delivery note');
      await note.getByRole('button', { name: 'Change' }).click();
      await note.getByLabel('A note for the driver').fill('Leave it in the porch, please');
      await save(note);
      await expect(note.getByText('Leave it in the porch, please')).toBeVisible();

      const places = section(page, 'Delivery and billing address');
      await places.getByRole('button', { name: 'Change' }).click();
      await places.getByLabel('Bill to').selectOption(office.id);
      await save(places);
      await expect(places.getByText(/Billing: 1 Chiswick High Road/)).toBeVisible();
      await expectNoAxeViolations(page);

      const saved = (await thePlan(request)).attributes;
      expect(saved).toMatchObject({
        number_of_recipes: 3,
        dietary: { vegetarian: true, nuts: true },
        delivery_note: 'Leave it in the porch, please',
        billing_address_id: office.id,
        ingredient_ids: ['mushrooms'],
        schedule: { delivery_day: 6, frequency: 4 },
      });

      // The next open week is billed with the chef's 3 picks, none with mushrooms or meat.
      const next = (await planWeeks(request)).find((w) => w.attributes.order_id === null)!;
      await apiCall(request, 'post', '/dev/billing_runs', {
        as_of: new Date(cutoffFor(next.attributes.start_date).getTime() + 60_000).toISOString(),
        customer_email: customer.email,
      });
      const billed = (await planWeeks(request)).find((w) => w.id === next.id)!;
      expect(billed.attributes.order_id).not.toBeNull();
      const order = await request.get(`/api/v2/orders/${billed.attributes.order_id}`, {
        headers: BRANCH,
      });
      const lines = ((await order.json()).included ?? []).filter(
        (item: { type: string }) => item.type === 'line_items',
      ) as { attributes: { title: string } }[];
      expect(lines).toHaveLength(3);
      for (const line of lines) expect(line.attributes.title).not.toMatch(/mushroom|beef|lamb/i);
    });
  });
}
