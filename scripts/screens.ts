import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { format } from 'prettier';
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

async function shoot(page: Page, size: string, name: string, title: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Past the screens' loading state ("Please wait…"), if any.
  await page
    .locator('.page-loading')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(outDir, `${name}-${size}.png`), animations: 'disabled' });
  taken.set(name, { name, title });
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

async function writeReadme() {
  const rows = [...taken.values()].map(
    ({ name, title }) =>
      `| ${title} | [phone](${name}-phone.png) | [desktop](${name}-desktop.png) |`,
  );
  const readme = `# Screens

The main screens at a phone's size (390x844) and a desktop's (1366x900), the viewport only, as
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
