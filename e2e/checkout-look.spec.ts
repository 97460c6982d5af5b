import type { Locator, Page } from '@playwright/test';
import { apiCall } from './support/api';
import { expect, expectNoAxeViolations, signUpViaApi, test } from './support/fixtures';
import {
  fillHomeAddress,
  kitBasket,
  payWithNewCard,
  returningCustomerAtPayment,
  throughInstructions,
} from './support/kit-checkout';
import { journeySizes, SIZES } from './support/sizes';
import {
  addThreeFocaccia,
  checkOutTakeawayBasket,
  chiswickDeliveryMenu,
  takeawayBasket,
  takeawayCustomerAtInstructions,
} from './support/takeaway-checkout';

/** Product rule R11.6: what happened, then what to do next. */
const DECLINED = 'Your card was declined. Try another card or contact your bank.';
/** Product rule R11.6: a failed 3-D Secure reads as a decline does, in the bank's words. */
const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Try another card or contact your bank.';

type Size = (typeof SIZES)[number];

/** A row of a list of prices (`dl`: Subtotal, Delivery, Discount, Total): its amount. */
const priceRow = (within: Locator, label: string) =>
  within
    .locator('dl > div')
    .filter({
      has: within
        .page()
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) }),
    })
    .getByRole('definition');

const orderSummary = (page: Page) => page.getByRole('region', { name: /order summary/ });

/**
 * Product rule R5.8: the step shows the order summary, closed on a phone ("Show order summary"
 * and the total) and open beside the step on a desktop when the checkout opens; its button opens
 * and closes it from the keyboard, and the customer's choice stays from step to step. Leaves it
 * open and answers it.
 */
async function expectCollapsibleSummary(page: Page, size: Size, total: string, firstStep: boolean) {
  const summary = orderSummary(page);
  const toggle = summary.getByRole('button', { name: /order summary/ });
  const lines = summary.getByRole('list');
  await expect(toggle).toContainText(total);
  // Left open on the step before.
  const open = firstStep ? size.name === 'desktop' : true;
  await expect(toggle).toHaveAttribute('aria-expanded', String(open));
  await expect(toggle).toContainText(open ? 'Hide order summary' : 'Show order summary');
  await expect(lines).toBeVisible({ visible: open });

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', String(!open));
  await expect(toggle).toContainText(open ? 'Show order summary' : 'Hide order summary');
  await expect(lines).toBeVisible({ visible: !open });
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', String(open));
  if (!open) await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(lines).toBeVisible();
  return summary;
}

/** The new-card form from scratch: no saved card offered or chosen (product rule R11.5). */
async function expectFreshCardForm(page: Page, last4: string) {
  await expect(page.getByRole('button', { name: /^Pay £/ })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByText(`ending ${last4}`)).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveValue('');
}

for (const size of SIZES) {
  test.describe(`checkout look (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('takeaway: the order summary, with extras, fee, voucher and total, on every step', async ({
      page,
    }) => {
      test.slow();
      await chiswickDeliveryMenu(page);
      await page.getByRole('button', { name: 'Add Cacio e Pepe to basket' }).click();
      const dish = page.getByRole('dialog', { name: 'Make your Cacio e Pepe' });
      await dish.getByRole('checkbox', { name: 'Extra Parmigiano +£1.00' }).check();
      await dish.getByRole('button', { name: 'Add 1 for £11.50' }).click();
      await addThreeFocaccia(page);
      const basket = takeawayBasket(page);
      await expect(priceRow(basket, 'Subtotal')).toHaveText('£25.00');
      await basket.getByLabel('Voucher code').fill('pasta5');
      await basket.getByRole('button', { name: 'Apply voucher' }).click();
      await expect(basket).toContainText('Voucher PASTA5 applied.');
      await expect(priceRow(basket, 'Discount')).toHaveText('−£5.00');
      const deliveryFee = (await priceRow(basket, 'Delivery fee').textContent()) ?? '';
      const total = (await priceRow(basket, 'Total').textContent()) ?? '';
      expect(total).toMatch(/^£\d+\.\d\d$/);
      await checkOutTakeawayBasket(page);

      let firstStep = true;
      const expectSummary = async () => {
        const summary = await expectCollapsibleSummary(page, size, total, firstStep);
        firstStep = false;
        await expect(summary.getByRole('listitem')).toHaveCount(2);
        const cacio = summary.getByRole('listitem').filter({ hasText: 'Cacio e Pepe' });
        await expect(cacio).toContainText('Extra Parmigiano');
        await expect(cacio).toContainText('£11.50');
        await expect(
          summary.getByRole('listitem').filter({ hasText: 'Garlic Focaccia' }),
        ).toHaveText(/^3 × Garlic Focaccia£13\.50$/);
        await expect(priceRow(summary, 'Subtotal')).toHaveText('£25.00');
        await expect(priceRow(summary, 'Delivery')).toHaveText(deliveryFee);
        await expect(priceRow(summary, 'Discount')).toHaveText('−£5.00');
        await expect(priceRow(summary, 'Total')).toHaveText(total);
        await expectNoAxeViolations(page);
      };

      // A visitor first chooses to sign in or up.
      await expect(page).toHaveURL(/\/pasta-now-checkout\/continue$/);
      await expectSummary();
      await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
      await expect(page).toHaveURL(/\/pasta-now-checkout\/signup$/);
      await expectSummary();
      await page.getByLabel('First name').fill('Lucia');
      await page.getByLabel('Last name').fill('Ferrari');
      await page.getByLabel('Email address').fill(`lucia.${Date.now()}@example.com`);
      await page.getByLabel('Password').fill('pappardelle-2026');
      await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
      await page.getByRole('button', { name: 'Create account' }).click();

      // A new account has no phone: the delivery details ask for it.
      await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/address$/);
      await expectSummary();
      await page.getByLabel('Phone number').fill('07812 345678');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);
      await expectSummary();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page).toHaveURL(/\/pasta-now-checkout\/payment$/);
      await expectSummary();
      await expect(page.getByRole('button', { name: `Pay ${total}` })).toBeVisible();
    });

    test('kit: the order summary, with fee, voucher and total, on every step', async ({ page }) => {
      test.slow();
      await signUpViaApi(page.request);
      const basketId = await kitBasket(page.request);
      const applied = await apiCall(page.request, 'post', `/baskets/${basketId}/vouchers`, {
        code: 'KITCHEN5',
      });
      expect(applied).toBeTruthy();
      const response = await page.request.get(`/api/v2/baskets/${basketId}`);
      const basket = (await response.json()).data.attributes as {
        total_price: number;
        total_discount: number;
      };
      expect(basket.total_discount).toBe(5);
      const total = `£${basket.total_price.toFixed(2)}`;

      let firstStep = true;
      const expectSummary = async () => {
        const summary = await expectCollapsibleSummary(page, size, total, firstStep);
        firstStep = false;
        // Two regular dishes of the week (kitBasket), one each.
        await expect(summary.getByRole('listitem')).toHaveCount(2);
        await expect(priceRow(summary, 'Discount')).toHaveText('−£5.00');
        await expect(priceRow(summary, 'Total')).toHaveText(total);
        await expectNoAxeViolations(page);
      };

      await page.goto('/checkout');
      await expect(page).toHaveURL(/\/checkout\/delivery\/address$/);
      await expectSummary();
      await fillHomeAddress(page);
      await expect(page).toHaveURL(/\/checkout\/delivery\/instructions$/);
      await expectSummary();
      await throughInstructions(page);
      await expect(page).toHaveURL(/\/checkout\/payment$/);
      await expectSummary();
      await expect(page.getByRole('button', { name: `Pay ${total}` })).toBeVisible();
    });

    test('payment: the card grouped and the expiry slashed as typed, no one-option choice, Pay below the fields', async ({
      page,
    }) => {
      await takeawayCustomerAtInstructions(page);
      // Straight to instructions, no name on the delivery yet: the address reads cleanly.
      await expect(page.getByRole('definition').filter({ hasText: 'Devonshire Road' })).toHaveText(
        '12 Devonshire Road, London, W4 2HD Change delivery details',
      );
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page).toHaveURL(/\/pasta-now-checkout\/payment$/);

      // Product rule R5.10: with no saved card the form is the only way to pay, no choice to make.
      const pay = page.getByRole('button', { name: /^Pay £/ });
      await expect(pay).toBeVisible();
      await expect(page.getByRole('radiogroup')).toHaveCount(0);
      await expect(page.getByRole('radio')).toHaveCount(0);
      const fields = page.getByRole('group', { name: 'Card details' });
      await expect(fields).toBeVisible();
      expect(await pay.evaluate((button) => button.closest('fieldset') === null)).toBe(true);
      const fieldsBox = await fields.boundingBox();
      const payBox = await pay.boundingBox();
      expect(payBox!.y).toBeGreaterThanOrEqual(fieldsBox!.y + fieldsBox!.height);

      // Product rule R5.9: grouped and slashed as typed, key by key.
      const number = page.getByLabel('Card number');
      await number.pressSequentially('4242424242424242');
      await expect(number).toHaveValue('4242 4242 4242 4242');
      const expiry = page.getByLabel('Expiry date');
      await expiry.pressSequentially('1228');
      await expect(expiry).toHaveValue('12/28');
      await page.getByLabel('Security code').pressSequentially('123');
      await expectNoAxeViolations(page);

      await pay.click();
      await expect(page).toHaveURL(/\/pasta-now-checkout\/confirmation$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Grazie! Your order is placed',
      );
    });
  });
}

// Recovering from a refused card is a journey: its behaviour is the same at both sizes, so each
// runs at one (support/sizes.ts), the takeaway's on a phone and the kit's on a desktop.

for (const size of journeySizes('phone')) {
  test.describe(`checkout recovery (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('takeaway: a failed 3-D Secure says what to do next, the card is not kept, another card pays', async ({
      page,
    }) => {
      test.slow();
      await takeawayCustomerAtInstructions(page);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await payWithNewCard(page, '4000 0027 6000 3184');
      await expect(page).toHaveURL(/\/sandbox\/challenge\//);
      await page.getByRole('button', { name: 'Fail authentication' }).click();

      await expect(page).toHaveURL(/\/pasta-now-checkout\/payment$/);
      const problem = page.getByRole('alert');
      await expect(problem.getByRole('link', { name: AUTHENTICATION_FAILED })).toBeVisible();
      await expectFreshCardForm(page, '3184');
      await expectNoAxeViolations(page);

      // Back from the bank the step read the saved cards afresh: the card is not among them.
      await payWithNewCard(page, '4242 4242 4242 4242');
      await expect(page).toHaveURL(/\/pasta-now-checkout\/confirmation$/);
    });
  });
}

for (const size of journeySizes('desktop')) {
  test.describe(`checkout recovery (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('kit: a declined card says what to do next, is not kept, and another card pays', async ({
      page,
    }) => {
      test.slow();
      await returningCustomerAtPayment(page);
      await payWithNewCard(page, '4000 0000 0000 0002');

      await expect(page).toHaveURL(/\/checkout\/payment$/);
      const problem = page.getByRole('alert');
      await expect(problem.getByRole('link', { name: DECLINED })).toBeVisible();
      await expectFreshCardForm(page, '0002');
      await expectNoAxeViolations(page);

      // The written order's own payment page (where "Pay now" leads) reads the saved cards
      // afresh: the card is not among them; another pays, and the order is named by its reference.
      const pending = await page.request.get('/api/v2/orders/pending_payment');
      const [order] = (await pending.json()).data as {
        id: string;
        attributes: { reference: string };
      }[];
      expect(order).toBeTruthy();
      await page.goto(`/payment/${order!.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for your order');
      await expectFreshCardForm(page, '0002');
      await expectNoAxeViolations(page);
      await payWithNewCard(page, '4242 4242 4242 4242');
      await expect(page).toHaveURL(/\/payment\/success$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Thank you, your payment was successful',
      );
      await expect(page.getByText(`Order reference ${order!.attributes.reference}`)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
