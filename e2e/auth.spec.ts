import { AUTH_PATHS } from '../machines/auth/auth.machine';
import {
  DEMO,
  emailedLink,
  expect,
  expectNoAxeViolations,
  latestEmail,
  signIn,
  signUpViaApi,
  test,
} from './support/fixtures';
import { openAccountMenu, signOutThroughMenu } from './support/account-menu';

test.describe('sign in', () => {
  test('the demo customer signs in and, with nowhere to return to, lands on the account', async ({
    page,
  }) => {
    await signIn(page, DEMO.email, DEMO.password);
    // Product rule R2.11: no returnTo, so the account dashboard, not the postcode page.
    await expect(page).toHaveURL(/\/account\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ciao Giulia');
    await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
  });

  test('a wrong password says "Email and Password don\'t match"', async ({ page }) => {
    await signIn(page, DEMO.email, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText("Email and Password don't match");
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields get GOV.UK messages linked from the summary', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const summary = page.getByRole('alert');
    await expect(summary.getByRole('link', { name: 'Enter your email address' })).toBeVisible();
    await summary.getByRole('link', { name: 'Enter your password' }).click();
    await expect(page.getByLabel('Password')).toBeFocused();
  });

  test('a signed-in customer reaching an auth screen goes to /', async ({ page }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/account\/dashboard$/);
    for (const path of Object.values(AUTH_PATHS)) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/pasta-now-search-address$/);
    }
  });

  test('account pages send a signed-out customer to sign in with returnTo, and back after sign-in', async ({
    page,
  }) => {
    await page.goto('/account/my-details');
    // /social-login?returnTo=… is the email form (product rule R2.12), returnTo kept.
    await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount%2Fmy-details$/);
    await page.getByLabel('Email address').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account\/my-details$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My details');
  });
});

test.describe('sign up', () => {
  test('a new customer signs up and is signed in', async ({ page }) => {
    const email = `new.${Date.now()}@example.com`;
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Marco');
    await page.getByLabel('Last name').fill('Polo');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('cappelletti-1');
    await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    // Product rule R2.11: a new customer lands on their account.
    await expect(page).toHaveURL(/\/account\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ciao Marco');
  });

  test('requires a marketing preference', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Marco');
    await page.getByLabel('Last name').fill('Polo');
    await page.getByLabel('Email address').fill('marco@example.com');
    await page.getByLabel('Password').fill('cappelletti-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Select how you would like to hear from us',
    );
  });

  test("an email already in use gives 'An error occurred while creating your account' and a way to sign in", async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Giulia');
    await page.getByLabel('Last name').fill('Rossi');
    await page.getByLabel('Email address').fill(DEMO.email);
    await page.getByLabel('Password').fill('whatever-123');
    await page.getByLabel('I do not want to hear about offers').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'An error occurred while creating your account',
    );
    await expect(page.getByRole('link', { name: 'reset your password' })).toBeVisible();
  });
});

test.describe('password recovery', () => {
  test('forgot password → the emailed link → a new password → signed in', async ({
    page,
    request,
  }) => {
    const customer = await signUpViaApi(request);
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
    await expectNoAxeViolations(page);

    const email = await latestEmail(request, customer.email);
    const link = email.text.match(/http\S+reset-password\?token=\S+/)?.[0] ?? '';
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await expect(page).toHaveURL(/\/reset-password$/);
    await expectNoAxeViolations(page);
    await page.getByLabel('New password').fill('fettuccine-77');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
    ).toBeVisible();

    // The flow ends on the account, signed in (product rule R2.11).
    await expect(page).toHaveURL(/\/account\/dashboard$/);
    await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();

    // The new password signs in and the old one no longer does. Asked of the API: signing out and
    // in again through the screens added three page loads to a test that already runs two axe
    // scans and several Argon2id hashes.
    const signInWith = (password: string) =>
      request.post('/api/v2/sessions', {
        headers: { 'X-Branch': 'web' },
        data: { email: customer.email, password },
      });
    expect((await signInWith('fettuccine-77')).status()).toBe(201);
    expect((await signInWith(customer.password)).status()).toBe(401);
  });

  test('a used link says so and offers a new one', async ({ page, request }) => {
    const customer = await signUpViaApi(request);
    const link = await emailedLink(request, '/api/v2/customers/password_reset', customer.email);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText(
      'This link has expired or has already been used',
    );
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('/reset-password without a link asks for one', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe('a sign-in link by email (R2.21)', () => {
  test('asked for on sign-in, it signs in once and returns where the customer was going', async ({
    page,
    request,
  }) => {
    const customer = await signUpViaApi(request);
    await page.goto('/login?returnTo=%2Faccount%2Fmy-details');
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
    await expect(page.getByRole('main')).toContainText(
      `If an account exists for ${customer.email}, we have sent a sign-in link to it. The link works once, for 15 minutes.`,
    );
    const email = await latestEmail(request, customer.email);
    expect(email.subject).toBe('Your Sfoglia sign-in link');
    const link = email.text.match(/http\S+\/login\?token=\S+/)?.[0] ?? '';
    expect(link).toContain('returnTo=%2Faccount%2Fmy-details');

    await page.goto(link);
    await expect(page).toHaveURL(/\/account\/my-details$/);
    await expect(page.getByText('You are signed in.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
    // The link reached the customer's inbox: the email is verified (R2.22), nothing asks for it.
    await page.goto('/account/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ciao ${customer.firstName}`);
    await expect(page.getByRole('heading', { name: 'Needs your attention' })).toHaveCount(0);
    await expect(page.getByText('Verify your email address')).toHaveCount(0);

    // Spent: the sign-in form says so, and a new link can be asked for there.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?returnTo=/);
    await expect(page.getByRole('alert')).toContainText(
      'This link has expired or has already been used. Ask for a new one.',
    );
    await expect(page.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();
  });

  test('needs only the email, and says when it is missing', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    const summary = page.getByRole('alert');
    await expect(summary.getByRole('link', { name: 'Enter your email address' })).toBeVisible();
    await expect(summary.getByRole('link', { name: 'Enter your password' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  });
});

test.describe('sign out', () => {
  test('clears the stored customer data and the session', async ({ page }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/account\/dashboard$/);
    await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
    await page.evaluate(() =>
      localStorage.setItem(
        'sfoglia.address-text',
        JSON.stringify({ value: '12 Devonshire Road', expiresAt: null }),
      ),
    );
    // The client is cleared, and /account may be asked for, once the server has answered.
    await signOutThroughMenu(page);
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('sfoglia.')),
      ),
    ).toEqual([]);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?returnTo=/);
  });

  test("still clears the client when the sign-out call fails, and says 'Logout request failed'", async ({
    page,
  }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/account\/dashboard$/);
    await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
    // A network failure (the request never reaches the server), not a fake answer of ours.
    await page.route('**/api/v2/sessions', (route) =>
      route.request().method() === 'DELETE' ? route.abort('failed') : route.fallback(),
    );
    await openAccountMenu(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Logout request failed')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('sfoglia.')),
      ),
    ).toEqual([]);
  });
});

test.describe('accessibility', () => {
  for (const path of ['/social-login', '/login', '/signup', '/forgot-password']) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('the sign-up error state has no axe violations', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter your first name');
    await expectNoAxeViolations(page);
  });

  test('the sign-in error state has no axe violations', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
