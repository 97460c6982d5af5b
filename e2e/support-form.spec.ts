import { randomBytes } from 'node:crypto';
import { SUPPORT_MESSAGES, SUPPORT_TEAM_EMAIL } from '../domain/support-request';
import { expect, expectNoAxeViolations, latestEmail, signUpViaApi, test } from './support/fixtures';
import { journeySizes, SIZES } from './support/sizes';
import { shot } from './support/shots';

for (const size of journeySizes('desktop')) {
  test.describe(`/support contact form (${size.name}, ${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a visitor fixes the errors, sends, sees /support-success and both emails arrive (R1.16, R1.17)', async ({
      page,
    }) => {
      const email = `visitor.${randomBytes(4).toString('hex')}@example.com`;
      await page.goto('/support');
      const form = page.getByRole('region', { name: 'Send us a message' });
      await form.getByRole('button', { name: 'Send message' }).click();

      const summary = page.getByRole('alert');
      await expect(summary).toContainText('There is a problem');
      for (const message of [
        SUPPORT_MESSAGES.nameMissing,
        SUPPORT_MESSAGES.emailInvalid,
        SUPPORT_MESSAGES.topicMissing,
        SUPPORT_MESSAGES.messageMissing,
      ])
        await expect(summary.getByRole('link', { name: message })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `support-errors-${size.name}`);
      // The summary's link takes the keyboard to its field.
      await summary.getByRole('link', { name: SUPPORT_MESSAGES.emailInvalid }).click();
      await expect(page.getByLabel('Email address')).toBeFocused();

      await page.getByLabel('Your name').fill('Giulia Rossi');
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('radio', { name: 'An order I placed' }).check();
      await page.getByLabel('Order reference (optional)').fill('abc-def');
      await page.getByLabel('Your message').fill('My tagliatelle arrived without the sauce.');
      const send = form.getByRole('button', { name: 'Send message' });
      const box = await send.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      await send.click();

      await expect(page).toHaveURL(/\/support-success$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message sent');
      const reference = (await page.locator('strong').first().textContent()) ?? '';
      expect(reference).toMatch(/^SR-\d+$/);
      await expect(page.getByText(`We have emailed a copy to ${email}`)).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `support-success-${size.name}`);

      const acknowledgement = await latestEmail(page.request, email);
      expect(acknowledgement.subject).toBe('We have your message');
      expect(acknowledgement.text).toContain(reference);
      const team = await latestEmail(page.request, SUPPORT_TEAM_EMAIL);
      expect(team.subject).toBe(`Support request ${reference}: An order I placed`);
      expect(team.text).toContain(`From: Giulia Rossi <${email}> (not signed in)`);
      expect(team.text).toContain('My tagliatelle arrived without the sauce.');

      // Reached any other way, the success page goes to the form (R1.17). (A reload keeps the
      // router's state, so the page stays: it is a new visit that has none.)
      await page.goto('/restaurants');
      await page.goto('/support-success');
      await expect(page).toHaveURL(/\/support$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help and support');
    });

    test('/next-order-voucher keeps the code and says so; without vc it goes home (R1.18, R12.8)', async ({
      page,
    }) => {
      await page.goto('/next-order-voucher?vc=pasta5');
      await expect(page).toHaveURL(/\/pasta-now-search-address$/);
      await expect(
        page.getByText('Voucher PASTA5 will be applied to your next order.'),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `next-order-voucher-${size.name}`);
      if (size.name === 'desktop') {
        // The next basket's voucher field starts with the kept code (the box sits beside the menu).
        await page.goto('/menu');
        await expect(page.getByLabel('Voucher code')).toHaveValue('PASTA5');
      }

      await page.goto('/next-order-voucher?vc=%3Cscript%3E');
      await expect(page).toHaveURL(/\/pasta-now-search-address$/);
      await expect(page.getByText('Invalid code')).toBeVisible();

      await page.goto('/next-order-voucher');
      await expect(page).toHaveURL(/\/pasta-now-search-address$/);
      await expect(page.getByText(/will be applied to your next order/)).toHaveCount(0);
    });
  });
}

test.describe('/support signed in (desktop)', () => {
  test.use({ viewport: { width: SIZES[1].width, height: SIZES[1].height } });

  test('the form starts with the customer’s name and email', async ({ page }) => {
    const customer = await signUpViaApi(page.request);
    // page.request shares the browser's cookies: the sign-up signed this browser in.
    await page.goto('/support');
    await expect(page.getByLabel('Your name')).toHaveValue('Carla Bianchi');
    await expect(page.getByLabel('Email address')).toHaveValue(customer.email);
    await shot(page, 'support-signed-in-desktop');
  });
});
