import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';

export const DEMO = { email: 'demo@sfoglia.test', password: 'pasta-fresca-2026' };
const BRANCH = { 'X-Branch': 'web' };

export interface NewCustomer {
  email: string;
  password: string;
  firstName: string;
}

/** A fresh customer created through the API, so a test owns its account. */
export async function signUpViaApi(request: APIRequestContext): Promise<NewCustomer> {
  const customer = {
    email: `e2e.${randomBytes(5).toString('hex')}@example.com`,
    password: 'tortellini-2026',
    firstName: 'Carla',
  };
  const response = await request.post('/api/v2/customers', {
    headers: BRANCH,
    data: {
      first_name: customer.firstName,
      last_name: 'Bianchi',
      email: customer.email,
      password: customer.password,
      accepts_emails: false,
      accepts_sms: false,
      accepts_mail: false,
    },
  });
  expect(response.status()).toBe(201);
  return customer;
}

/** Signs in through the real sign-in screen. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The newest email the app sent to this address (the development mailbox). */
export async function latestEmail(
  request: APIRequestContext,
  to: string,
): Promise<{ subject: string; text: string }> {
  const response = await request.get(`/api/v2/dev/emails?to=${encodeURIComponent(to)}`);
  const [email] = (await response.json()).data;
  expect(email, `an email to ${to}`).toBeTruthy();
  return email.attributes;
}

/**
 * A one-time link emailed to `email` (a password reset, or a sign-in link, R2.21): asked for
 * through the API and read from the development mailbox.
 */
export async function emailedLink(
  request: APIRequestContext,
  apiPath: '/api/v2/customers/password_reset' | '/api/v2/sessions/sign_in_link',
  email: string,
): Promise<string> {
  const response = await request.post(apiPath, { headers: { 'X-Branch': 'web' }, data: { email } });
  expect(response.status()).toBe(202);
  const page = apiPath.endsWith('password_reset') ? 'reset-password' : 'login';
  const link = (await latestEmail(request, email)).text.match(
    new RegExp(`http\\S+/${page}\\?token=\\S+`),
  )?.[0];
  expect(link, `a ${page} link in the email`).toBeTruthy();
  return link!;
}

/**
 * Before the app has run, a drawn screen (R14.14) is plain HTML and its buttons do nothing. React
 * marks the root as its container when hydration starts; from then on it replays clicks on parts
 * not yet hydrated, so a click counts.
 */
export const appTookOver = (page: Page) =>
  page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) =>
      key.startsWith('__reactContainer'),
    ),
  );

/**
 * Waits for the page's entrance animations (a flash fading in, a dialog or sheet sliding up) to
 * end: measured mid-way, a half-faded flash fails colour contrast and a sliding row's height is a
 * fraction short. Endless ones (a spinner) are not waited for.
 */
export const animationsSettled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );

export async function expectNoAxeViolations(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * Every test fails on a Content-Security-Policy violation (server/http/security-headers.ts): the
 * policy must allow all the app loads, on every page a test visits.
 */
export const test = base.extend<{ cspViolations: void }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      await use();
      expect(violations).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
