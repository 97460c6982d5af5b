import {
  DEMO,
  expect,
  expectNoAxeViolations,
  signIn,
  signUpViaApi,
  test,
} from './support/fixtures';
import { journeySizes } from './support/sizes';
import { shot } from './support/shots';

for (const size of journeySizes('phone')) {
  test.describe(`account dashboard (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a customer without a plan is invited to the recipe kits; an unverified email needs action', async ({
      page,
    }) => {
      await signUpViaApi(page.request);
      await page.goto('/account/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ciao Carla');
      const attention = page.getByRole('region', { name: 'Needs your attention' });
      await expect(attention.getByText('Verify your email address')).toBeVisible();
      const invite = page.getByRole('region', { name: 'Fresh pasta, at your door every week' });
      await expect(invite).toBeVisible();
      await shot(page, `dashboard-empty-${size.name}`);
      await expectNoAxeViolations(page);
      await invite.getByRole('link', { name: 'Explore the recipe kits' }).click();
      await expect(page).toHaveURL(/\/menu$/);
    });

    test('the demo customer sees their plan, its next box with its cut-off', async ({ page }) => {
      await signIn(page, DEMO.email, DEMO.password);
      await expect(page).toHaveURL(/\/account\/dashboard$/);
      const plan = page.getByRole('region', { name: /Pasta plan/ });
      await expect(plan).toBeVisible();
      await expect(plan.getByText('Recipes per box')).toBeVisible();
      await expect(plan.getByText('How often')).toBeVisible();
      await expect(plan.getByText('Delivery day')).toBeVisible();
      await expect(plan.getByRole('heading', { name: 'Your next box' })).toBeVisible();
      // The next box: ordered already (billed at its cut-off), or with the cut-off to choose by.
      await expect(plan.getByText(/· Ordered$|^Choose by \w+day \d+ \w+, 12:00$/)).toBeVisible();
      await shot(page, `dashboard-plan-${size.name}`);
      await expectNoAxeViolations(page);
      // The seeded plan's coming weeks start without picks (another spec may choose some).
      const choose = page
        .getByRole('region', { name: 'Needs your attention' })
        .getByRole('link', { name: /^Choose dishes for / });
      if ((await choose.count()) > 0)
        await expect(choose).toHaveAttribute('href', /^\/schedule\/\d+\/choose-recipes$/);
      await plan.getByRole('link', { name: 'Manage your pasta plan' }).click();
      await expect(page).toHaveURL(/\/account\/pasta-plan$/);
    });
  });
}
