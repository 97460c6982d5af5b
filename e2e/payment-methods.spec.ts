import type { APIRequestContext, Page } from '@playwright/test';
import { PAYMENT_METHOD_MESSAGES } from '../domain/payment-methods';
import { apiCall, savedSandboxCard } from './support/api';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import { kitBasket, savedHome } from './support/kit-checkout';
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

/** A plan (a box ordered through the API) paying with a sandbox card that pays; answers it. */
async function planPaidWithVisa(request: APIRequestContext): Promise<string> {
  const visaId = await savedSandboxCard(request);
  const response = await request.post('/api/v2/orders/recipe_kits', {
    headers: BRANCH,
    data: {
      basket_id: await kitBasket(request),
      payment_method_id: visaId,
      shipping_address_id: await savedHome(request),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return visaId;
}

for (const size of journeySizes('desktop')) {
  test.describe(`saved payment methods (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    // Adding a card, making one the default, removing one (kept, done, refused and restored) and
    // changing the plan's card are walked by e2e/paths/payment-methods.ui.ts; this checks what the
    // walks do not: the expiry, the plan's only card refused with its reason (R11.7), axe.
    test('the plan’s only card cannot be removed and says why; another card lifts it; axe', async ({
      page,
    }) => {
      // Four axe scans: on a loaded 2-core machine it may outgrow 60 s.
      test.setTimeout(150_000);
      const request = page.request;
      await signUpViaApi(request);
      const visaId = await planPaidWithVisa(request);
      expect(await planMethodId(request)).toBe(visaId);

      await page.goto('/account/my-details');
      const visa = methodCard(page, VISA);
      await expect(visa.getByText('Default', { exact: true })).toBeVisible();
      await expect(visa.getByText(/^Expires \d\d\/\d\d$/)).toBeVisible();
      // The only card, used by the plan: Remove is refused and says why (product rule R11.7).
      await expect(visa.getByRole('button', { name: `Remove ${VISA}` })).toBeDisabled();
      await expect(visa.getByText(PAYMENT_METHOD_MESSAGES.onlyOneInUse)).toBeVisible();
      await expectNoAxeViolations(page);

      // Add a card through the sandbox's setup flow: the reason goes.
      await section(page).getByRole('button', { name: 'Add a card' }).click();
      await section(page).getByLabel('Card number').fill('5555 5555 5555 4444');
      await section(page).getByLabel('Expiry date').fill('04/39');
      await section(page).getByLabel('Security code').fill('123');
      await expectNoAxeViolations(page);
      await section(page).getByRole('button', { name: 'Save card' }).click();
      await expect(page.getByText(PAYMENT_METHOD_MESSAGES.added)).toBeVisible();
      const mastercard = methodCard(page, MASTERCARD);
      await expect(mastercard).toBeVisible();
      await expect(visa.getByText(PAYMENT_METHOD_MESSAGES.onlyOneInUse)).toHaveCount(0);

      // Behind this page's back the new card becomes the default: its removal is refused (R11.4).
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
    });
  });
}
