import type { APIRequestContext, Page } from '@playwright/test';
import { PAYMENT_METHOD_MESSAGES } from '../domain/payment-methods';
import { apiCall, savedSandboxCard } from './support/api';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { kitBasket, payWithNewCard, savedHome, throughInstructions } from './support/kit-checkout';
import { journeySizes } from './support/sizes';

const BRANCH = { 'X-Branch': 'web' };
const VISA = 'Visa ending 4242';
const MASTERCARD = 'Mastercard ending 4444';

const section = (page: Page) => page.getByRole('region', { name: 'Payment methods' });
const methodCard = (page: Page, label: string) =>
  section(page).getByRole('listitem', { name: label });

async function get(request: APIRequestContext, url: string) {
  const response = await request.get(`/api/v2${url}`, { headers: BRANCH });
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

async function planMethodId(request: APIRequestContext): Promise<string | null> {
  const [plan] = await get(request, '/subscriptions');
  return plan.attributes.payment_method_id;
}

async function methodIdOf(request: APIRequestContext, last4: string): Promise<string> {
  const methods: { id: string; attributes: { last4: string } }[] = await get(
    request,
    '/payment_methods',
  );
  return methods.find((m) => m.attributes.last4 === last4)!.id;
}

for (const size of journeySizes('desktop')) {
  test.describe(`saved payment methods (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('add a card, a refused removal restored, make default, remove the other, the plan’s card', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const request = page.request;
      // A subscriber whose plan pays with the card of their first box.
      await signUpViaApi(request);
      await savedHome(request);
      await kitBasket(request);
      await page.goto('/checkout');
      await throughInstructions(page);
      await payWithNewCard(page, '4242 4242 4242 4242');
      await expect(page).toHaveURL(/\/checkout\/confirmation$/);
      const visaId = await methodIdOf(request, '4242');
      expect(await planMethodId(request)).toBe(visaId);

      await page.goto('/account/my-details');
      const visa = methodCard(page, VISA);
      await expect(visa.getByText('Default', { exact: true })).toBeVisible();
      await expect(visa.getByText(/^Expires \d\d\/\d\d$/)).toBeVisible();
      // The only card, used by the plan: Remove is refused and says why (product rule R11.7).
      await expect(visa.getByRole('button', { name: `Remove ${VISA}` })).toBeDisabled();
      await expect(visa.getByText(PAYMENT_METHOD_MESSAGES.onlyOneInUse)).toBeVisible();
      await expectNoAxeViolations(page);

      // Add a card through the sandbox's setup flow.
      await section(page).getByRole('button', { name: 'Add a card' }).click();
      await section(page).getByLabel('Card number').fill('5555 5555 5555 4444');
      await section(page).getByLabel('Expiry date').fill('04/39');
      await section(page).getByLabel('Security code').fill('123');
      await expectNoAxeViolations(page);
      await section(page).getByRole('button', { name: 'Save card' }).click();
      await expect(page.getByText(PAYMENT_METHOD_MESSAGES.added)).toBeVisible();
      const mastercard = methodCard(page, MASTERCARD);
      await expect(mastercard).toBeVisible();
      await expect(mastercard.getByText('Default', { exact: true })).toHaveCount(0);
      await expect(visa.getByText(PAYMENT_METHOD_MESSAGES.onlyOneInUse)).toHaveCount(0);

      // Behind this page's back the new card becomes the default: removing it is hidden at once,
      // the server refuses (R11.4), and it comes back with the server's words (R11.8).
      const mastercardId = await methodIdOf(request, '4444');
      await apiCall(request, 'post', `/payment_methods/${mastercardId}/default`, {});
      await mastercard.getByRole('button', { name: `Remove ${MASTERCARD}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove this payment method?' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Yes, remove it' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
      await expect(summary).toContainText(PAYMENT_METHOD_MESSAGES.defaultWithOthers);
      await expect(mastercard).toBeVisible();
      await expectNoAxeViolations(page);

      // Read again, then make the first card the default from the page.
      await page.reload();
      await expect(mastercard.getByText('Default', { exact: true })).toBeVisible();
      await visa.getByRole('button', { name: `Make ${VISA} the default` }).click();
      await expect(page.getByText(PAYMENT_METHOD_MESSAGES.madeDefault)).toBeVisible();
      await expect(visa.getByText('Default', { exact: true })).toBeVisible();
      await expect(
        mastercard.getByRole('button', { name: `Make ${MASTERCARD} the default` }),
      ).toBeVisible();

      // Remove the other card: asked first, then gone.
      await mastercard.getByRole('button', { name: `Remove ${MASTERCARD}` }).click();
      await dialog.getByRole('button', { name: 'Yes, remove it' }).click();
      await expect(page.getByText(PAYMENT_METHOD_MESSAGES.removed)).toBeVisible();
      await expect(mastercard).toHaveCount(0);
      await expect(visa.getByText(PAYMENT_METHOD_MESSAGES.onlyOneInUse)).toBeVisible();

      // The plan's card: another saved card, chosen on the pasta plan.
      const secondId = await savedSandboxCard(request, '5555555555554444');
      await page.goto('/account/pasta-plan');
      const choice = page.getByLabel('Pay for this plan with');
      await expect(choice).toHaveValue(visaId);
      await choice.selectOption({
        label: `${MASTERCARD}, Expires 12/${String(new Date().getFullYear() + 2).slice(2)}`,
      });
      await page.getByRole('button', { name: 'Change payment method' }).click();
      await expect(page.getByText(PAYMENT_METHOD_MESSAGES.planMethodChanged)).toBeVisible();
      await expect.poll(() => planMethodId(request)).toBe(secondId);
      await expectNoAxeViolations(page);
    });
  });
}
