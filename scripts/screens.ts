import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { format } from 'prettier';
import { apiCall, savedSandboxCard } from '../e2e/support/api';
import { signUpViaApi } from '../e2e/support/fixtures';
import { oneOffKitBasket, savedHome } from '../e2e/support/kit-checkout';
import { newSubscriber, planWeeks } from '../e2e/support/subscriber';
import { findChromium } from './find-chromium';
import { CHROMIUM_ARGS, startProductionServer } from './production-server';

/**
 * `npm run screens`: the main screens at a phone's and a desktop's size, as PNGs in docs/screens/
 * with a README listing them. It builds nothing: run `npm run build` first. Like the end-to-end
 * tests it starts the production server on a fresh database (scripts/e2e-server.ts), on
 * SCREENS_PORT (default 4399), drives Chromium through the real UI, and stops the server.
 * A screen whose journey fails is reported and skipped; the exit code is then 1.
 */
const port = Number(process.env.SCREENS_PORT ?? 4399);
const base = `http://localhost:${port}`;
const outDir = path.resolve(import.meta.dirname, '../docs/screens');
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const BRANCH = { 'X-Branch': 'web' };

interface Shot {
  name: string;
  title: string;
  fullPage: boolean;
}
const taken = new Map<string, Shot>();
const failures: string[] = [];

/** Runs one step of a journey; a failure is recorded and the journey goes on where it can. */
async function step(label: string, run: () => Promise<void>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    failures.push(`${label}: ${message}`);
    console.error(`✗ ${label}: ${message}`);
    return false;
  }
}

/** A screen as the viewport shows it, or (`fullPage`) the whole page, for the long account screens. */
async function shoot(page: Page, size: string, name: string, title: string, fullPage = false) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Past the screens' loading state ("Please wait…"), if any.
  await page
    .locator('.page-loading')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: path.join(outDir, `${name}-${size}.png`),
    animations: 'disabled',
    fullPage,
  });
  taken.set(name, { name, title, fullPage });
  console.log(`✓ ${name}-${size}.png`);
}

/** A fresh customer with a phone, signed in on this context (the sign-up sets the session). */
async function signUp(context: BrowserContext) {
  const email = `screens.${randomBytes(4).toString('hex')}@example.com`;
  const created = await context.request.post(`${base}/api/v2/customers`, {
    headers: BRANCH,
    data: {
      first_name: 'Carla',
      last_name: 'Bianchi',
      email,
      password: 'tortellini-2026',
      accepts_emails: false,
      accepts_sms: false,
      accepts_mail: false,
    },
  });
  if (created.status() !== 201) throw new Error(`sign-up answered ${created.status()}`);
  const phone = await context.request.put(`${base}/api/v2/me`, {
    headers: BRANCH,
    data: { phone: '07812 345678' },
  });
  if (phone.status() !== 200) throw new Error(`saving the phone answered ${phone.status()}`);
}

/** Landing → Chiswick menu → basket → takeaway checkout → confirmation → tracking → account. */
async function takeawayJourney(page: Page, size: string) {
  const ok = await step(`${size} landing`, async () => {
    await page.goto(`${base}/pasta-now-search-address`);
    await page.getByLabel('Postcode').waitFor();
    await shoot(page, size, 'landing', 'Landing: postcode search');
    await page.getByLabel('Postcode').fill('W4 2HD');
    await page.getByRole('button', { name: 'Find my address' }).click();
    await page.getByRole('radio', { name: '12 Devonshire Road, London' }).check();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await page.getByRole('heading', { level: 1, name: 'Chiswick menu' }).waitFor();
  });
  if (!ok) return;
  const basket = page.getByRole('complementary', { name: 'Your basket' });
  const inCheckout = await step(`${size} takeaway menu and basket`, async () => {
    await page.getByRole('button', { name: 'Add Garlic Focaccia to basket' }).click();
    await basket.getByText('Garlic Focaccia').first().waitFor();
    await shoot(page, size, 'takeaway-menu', 'Takeaway menu, a dish just added');
    await basket.getByRole('button', { name: 'Add one more Garlic Focaccia' }).click();
    await basket.getByRole('button', { name: 'Add one more Garlic Focaccia' }).click();
    await basket.scrollIntoViewIfNeeded();
    await shoot(page, size, 'basket', 'Takeaway basket');
    await basket.getByRole('button', { name: 'Checkout' }).click();
    const upsell = page.getByRole('dialog', { name: 'Anything else?' });
    await upsell.waitFor();
    await shoot(page, size, 'upsell', 'The "Anything else?" dialog');
    await upsell.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL(/\/pasta-now-checkout\/delivery\/instructions$/);
  });
  if (!inCheckout) return;
  const paid = await step(`${size} takeaway checkout`, async () => {
    await shoot(page, size, 'takeaway-checkout-instructions', 'Takeaway checkout: instructions');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/pasta-now-checkout\/payment$/);
    await page.getByLabel('Card number').waitFor();
    await shoot(page, size, 'takeaway-checkout-payment', 'Takeaway checkout: payment');
    const newCard = page.getByRole('radio', { name: 'A new card' });
    if (await newCard.isVisible()) await newCard.check();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('04/39');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.waitForURL(/\/pasta-now-checkout\/confirmation$/);
    await shoot(page, size, 'takeaway-confirmation', 'Takeaway checkout: confirmation');
  });
  if (paid)
    await step(`${size} tracking`, async () => {
      await page.getByRole('link', { name: 'Follow your order' }).click();
      await page.waitForURL(/\/takeaway\/track\/\d+$/);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shoot(page, size, 'tracking', 'Takeaway order tracking');
    });
}

/** The recipe-kit menu, a dish's dialog, the box's checkout. */
async function kitJourney(page: Page, size: string) {
  await step(`${size} kit menu`, async () => {
    await page.goto(`${base}/menu`);
    const week = page.getByRole('tabpanel');
    await week.waitFor();
    await shoot(page, size, 'kit-menu', 'Recipe-kit menu');
    const title = 'Chickpea Gnocchi with Roast Pepper Sauce';
    await week
      .getByRole('button', { name: `View ${title}`, exact: true })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('radio', { name: /^Regular portion/ }).check();
    await shoot(page, size, 'kit-dish', 'Recipe-kit dish dialog');
    await dialog.getByRole('button', { name: /^Add to the week of / }).click();
    await dialog.waitFor({ state: 'hidden' });
    const box = page.getByRole('complementary', { name: 'Your box' });
    // On a phone the box sits below the menu, behind its bottom bar: "View box" brings it up.
    const bar = page.getByRole('region', { name: 'Your box, in short' });
    if (await bar.isVisible()) await bar.getByRole('button', { name: 'View box' }).click();
    await box.getByRole('button', { name: /^Add one Chickpea Gnocchi/ }).click();
    await box.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.pathname !== '/menu');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, size, 'kit-checkout', 'Recipe-kit checkout, first step');
  });
}

/** The demo customer's account (its seeded history): the screens a subscriber manages. */
async function demoAccountJourney(page: Page, size: string) {
  await step(`${size} demo account`, async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email address').fill('demo@sfoglia.test');
    await page.getByLabel('Password').fill('pasta-fresca-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/account'));
    await page.goto(`${base}/account/pasta-plan`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, size, 'pasta-plan', 'Pasta plan: skip, pause, cancel');
    await page.goto(`${base}/account/order-history`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, size, 'order-history', 'Order history');
    await page
      .getByRole('link', { name: /^See the order/ })
      .first()
      .click();
    await page.waitForURL(/\/order\/\d+$/);
    // The history's heading stays until the order page's chunk arrives: wait for the order's.
    await page
      .getByRole('heading', { level: 1, name: /^Order [2-9A-Z]{3}-[2-9A-Z]{3}$/ })
      .waitFor();
    await shoot(page, size, 'order-page', 'An order');
    await page.goto(`${base}/account/my-details`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, size, 'my-details', 'My details');
    await page.goto(`${base}/support`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, size, 'support', 'Help and the contact form');
  });
}

/** The heading of the screen just reached, so the shot is not of the last one's. */
const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor();

/**
 * Issue 12: a new subscriber (a box ordered at the kit checkout, a weekly plan, a home address
 * and a card saved) through every screen that manages the plan, its weeks and its orders.
 */
async function subscriberJourney(page: Page, size: string) {
  const ready = await step(`${size} new subscriber`, async () => {
    await newSubscriber(page);
    // A second saved address, for the saved-addresses list and the address choices.
    await apiCall(page.request, 'post', '/addresses', {
      first_name: 'Carla',
      last_name: 'Bianchi',
      address1: '3 Leather Lane',
      address2: 'Flat 2, the long side of the building by the courtyard gate',
      city: 'London',
      zip: 'EC1N 7RA',
      phone: '07812 345678',
    });
  });
  if (!ready) return;
  const weeks = await planWeeks(page.request);
  const ordered = weeks.find((week) => week.attributes.order_id !== null);
  const next = weeks.find(
    (week) => week.attributes.order_id === null && week.attributes.state === 'active',
  );
  await step(`${size} plan week`, async () => {
    if (!next) throw new Error('no open plan week');
    await page.goto(`/schedule/${next.id}/edit`);
    await heading(page, /^Your box for /);
    await shoot(page, size, 'box-details', 'A plan week: box details', true);
    await page.goto(`/schedule/${next.id}/choose-recipes`);
    await heading(page, /^Choose your recipes for /);
    const menu = page.getByRole('region', { name: 'This week’s menu' });
    await menu
      .getByRole('button', { name: /^Add one more / })
      .first()
      .click();
    await shoot(page, size, 'choose-recipes', 'A plan week: choose recipes', true);
    await shoot(page, size, 'choose-recipes-top', 'A plan week: choose recipes, first screen');
    // Two of it: one alone is below the box's minimum spend.
    await menu
      .getByRole('button', { name: /^Add one more / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Save my recipes' }).click();
    await heading(page, /^Your box for /);
    await page.goto(`/schedule/${next.id}/change-delivery-date`);
    await page.getByRole('group', { name: 'Delivery day' }).waitFor();
    await shoot(page, size, 'change-delivery-date', 'A plan week: change delivery date', true);
  });
  await step(`${size} plan settings`, async () => {
    await page.goto('/account/pasta-plan/settings');
    const schedule = page.getByRole('region', { name: 'Delivery day and frequency' });
    await schedule.getByRole('button', { name: 'Change' }).click();
    await schedule.getByLabel('Friday').check();
    await schedule.getByLabel('How often').selectOption('2');
    await schedule.getByRole('button', { name: 'Save', exact: true }).click();
    await schedule.getByText(/^Your first box on the new schedule:/).waitFor();
    await schedule.scrollIntoViewIfNeeded();
    await shoot(page, size, 'plan-settings-schedule', 'Plan settings: the schedule preview');
    await schedule.getByRole('button', { name: 'Keep my current schedule' }).click();
    await shoot(page, size, 'plan-settings', 'Plan settings', true);
  });
  await step(`${size} order edit`, async () => {
    const orderId = ordered?.attributes.order_id;
    if (!orderId) throw new Error('no ordered week');
    await page.goto(`/order/${orderId}/edit`);
    await heading(page, /^Change order /);
    await shoot(page, size, 'order-edit', 'Change an order', true);
    await page.goto(`/order/${orderId}/edit/recipes`);
    await heading(page, 'Your dishes this week');
    await shoot(page, size, 'order-edit-recipes', 'Change an order: its dishes', true);
    await page.goto(`/order/${orderId}/edit/change-delivery-address`);
    await heading(page, 'Delivery address');
    await page.getByRole('button', { name: 'Use a new address' }).click();
    await heading(page, 'A new delivery address');
    await shoot(page, size, 'order-edit-new-address', 'Change an order: a new address', true);
  });
  await step(`${size} rewards`, async () => {
    await page.goto('/account/rewards');
    await heading(page, /./);
    await shoot(page, size, 'rewards', 'Rewards', true);
    await page.goto('/account/rewards/referral');
    await heading(page, /./);
    await shoot(page, size, 'referral', 'Refer a friend', true);
  });
  await step(`${size} my details`, async () => {
    await page.goto('/account/my-details');
    await heading(page, 'My details');
    await page
      .getByRole('region', { name: /payment methods/i })
      .getByText(/4242/)
      .first()
      .waitFor();
    await shoot(page, size, 'my-details-saved', 'My details: saved addresses and cards', true);
  });
  await step(`${size} support form`, async () => {
    await page.goto('/support');
    await heading(page, 'Help and support');
    await page.getByRole('radio', { name: 'An order I placed' }).check();
    await page.getByLabel('Your message').fill('My tagliatelle arrived without the sauce.');
    await page
      .getByRole('region', { name: 'Send us a message' })
      .getByRole('button', { name: 'Send message' })
      .click();
    await heading(page, 'Message sent');
    await shoot(page, size, 'support-success', 'Support: message sent', true);
  });
}

/** A customer without a plan who paid for a one-off box: its own page. */
async function oneOffJourney(page: Page, size: string) {
  await step(`${size} one-off box`, async () => {
    await signUpViaApi(page.request);
    const home = await savedHome(page.request);
    const card = await savedSandboxCard(page.request);
    const basketId = await oneOffKitBasket(page.request);
    const order = await apiCall(page.request, 'post', '/orders/recipe_kits', {
      basket_id: basketId,
      shipping_address_id: home,
      payment_method_id: card,
    });
    await page.goto(`/schedule/one-off/${order.id}/view`);
    await heading(page, /./);
    await shoot(page, size, 'one-off-box', 'A one-off box', true);
  });
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(outDir))
    if (file.endsWith('.png')) rmSync(path.join(outDir, file));
  const server = await startProductionServer(port);
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    for (const size of SIZES) {
      const viewport = { width: size.width, height: size.height };
      const options = { viewport, reducedMotion: 'reduce' as const };

      const visitor = await browser.newContext(options);
      const visitorPage = await visitor.newPage();
      await step(`${size.name} login`, async () => {
        await visitorPage.goto(`${base}/login`);
        await visitorPage.getByLabel('Email address').waitFor();
        await shoot(visitorPage, size.name, 'login', 'Sign in');
      });
      await step(`${size.name} design`, async () => {
        await visitorPage.goto(`${base}/dev/design`);
        await visitorPage.getByRole('heading', { name: 'Design system', level: 1 }).waitFor();
        await shoot(visitorPage, size.name, 'dev-design', 'The living design page, /dev/design');
      });
      await visitor.close();

      const customer = await browser.newContext(options);
      const page = await customer.newPage();
      if (await step(`${size.name} sign-up`, () => signUp(customer))) {
        await takeawayJourney(page, size.name);
        await step(`${size.name} account`, async () => {
          await page.goto(`${base}/account`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await shoot(page, size.name, 'account', 'Account');
        });
        await kitJourney(page, size.name);
      }
      await customer.close();

      const demo = await browser.newContext(options);
      await demoAccountJourney(await demo.newPage(), size.name);
      await demo.close();

      await inContext(browser, options, (subscriber) => subscriberJourney(subscriber, size.name));
      await inContext(browser, options, (buyer) => oneOffJourney(buyer, size.name));
    }
  } finally {
    await browser.close();
    server.stop();
  }
  await writeReadme();
  const total = readdirSync(outDir)
    .filter((file) => file.endsWith('.png'))
    .reduce((sum, file) => sum + statSync(path.join(outDir, file)).size, 0);
  console.log(`${taken.size * SIZES.length} screenshots, ${(total / 1024).toFixed(0)} kB in all`);
  if (failures.length) {
    console.error(`${failures.length} step(s) failed:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

/** A fresh browser context on the server's address (so relative URLs and the e2e helpers work). */
async function inContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
  run: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ ...options, baseURL: base });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

async function writeReadme() {
  const rows = [...taken.values()].map(
    ({ name, title, fullPage }) =>
      `| ${title}${fullPage ? ' (whole page)' : ''} | [phone](${name}-phone.png) | [desktop](${name}-desktop.png) |`,
  );
  const readme = `# Screens

The main screens at a phone's size (390x844) and a desktop's (1366x900), the viewport only (the
long account screens as the whole page), as
\`npm run screens\` (scripts/screens.ts) captured them from the production build on a fresh
database. Regenerate after a visual change: \`npm run build && npm run screens\`. Where each
look-and-feel defect of issue 11 is proven by a test: [proof.md](proof.md).

| Screen | Phone | Desktop |
| ------ | ----- | ------- |
${rows.join('\n')}
${failures.length ? `\nNot captured in the last run:\n\n${failures.map((failure) => `- ${failure}`).join('\n')}\n` : ''}`;
  // As `npm run lint` wants it (Prettier aligns the table).
  writeFileSync(path.join(outDir, 'README.md'), await format(readme, { parser: 'markdown' }));
}

await main();
