import { readFileSync } from 'node:fs';
import { findFlows, loadMachine } from '../scripts/statechart/flows';
import { statechartGraph, transitionLabel } from '../src/views/flows/statechart-graph';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { takeawayCustomerAtInstructions } from './support/takeaway-checkout';

/** Product rule R15.1: the statechart viewer, on in development and demo (the e2e server). */

test('/flows lists every machine of machines/', async ({ page }) => {
  await page.goto('/flows');

  // The viewer is a lazy chunk of its own, with every machine in it: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible({
    timeout: 20_000,
  });
  for (const name of ['auth', 'kit-checkout', 'session', 'takeaway-checkout', 'verify-email'])
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.locator('a[href^="/flows/"]')).toHaveCount(16);
  await expectNoAxeViolations(page);
});

test('/flows/takeaway-checkout draws its statechart, and a state chosen by keyboard shows its details', async ({
  page,
}) => {
  await page.goto('/flows');
  await page.getByRole('link', { name: 'takeaway-checkout', exact: true }).click();

  // 26 states under the machine's own box, 65 transitions (tests/unit/statechart-graph.test.ts
  // counts them from the definition).
  const chart = page.getByRole('img', { name: /^Statechart of takeaway-checkout/ });
  await expect(chart).toBeVisible({ timeout: 20_000 });
  await expect(chart.locator('[data-state-id]')).toHaveCount(27);
  await expect(chart.locator('[data-transition-id]')).toHaveCount(65);
  await expect(chart.getByText('always [needsAddress]', { exact: true })).toBeAttached();
  await expect(chart.getByText('/pasta-now-checkout/payment', { exact: true })).toBeAttached();

  const entering = page.getByRole('button', { name: 'entering', exact: true });
  await entering.focus();
  await page.keyboard.press('Enter');

  await expect(entering).toHaveAttribute('aria-pressed', 'true');
  const details = page.getByRole('region', { name: 'entering' });
  // Its seven entry rules, in order, the last without a guard.
  await expect(details.getByRole('list').first().getByRole('listitem')).toHaveCount(7);
  await expect(details.getByText('needsAddress', { exact: true }).first()).toBeVisible();
  // Each guard in words with the product rule it encodes (R15.2).
  const guards = details.getByRole('definition');
  await expect(
    guards.filter({ hasText: 'a delivery without a ready address, names and phone' }),
  ).toContainText('product rules R6.3, R5.2');
  await expect(guards.filter({ hasText: 'the customer is signed in' })).toContainText(
    'product rule R5.1',
  );
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'steps', exact: true }).press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'steps.continue' })).toBeVisible();
});

test('a clicked state in the drawing shows its URL; the chart downloads as SVG and PNG', async ({
  page,
}) => {
  await page.goto('/flows/takeaway-checkout');
  const chart = page.getByRole('img', { name: /^Statechart of takeaway-checkout/ });
  await expect(chart).toBeVisible({ timeout: 20_000 });

  await chart.locator('[data-state-id="takeawayCheckout.loadingBasket"]').click();
  const details = page.getByRole('region', { name: 'loadingBasket' });
  await expect(details.getByText('loadBasket', { exact: true })).toBeVisible();

  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download SVG' }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe('takeaway-checkout.svg');
  const text = readFileSync((await svg.path())!, 'utf8');
  expect(text).toContain('<svg');
  expect(text).toContain('always [needsAddress]');
  expect(text.match(/data-state-id=/g)).toHaveLength(27);

  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe('takeaway-checkout.png');
  const bytes = readFileSync((await png.path())!);
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
});

test('the viewer draws every machine of machines/ with all its states, transitions and guard names', async ({
  page,
}) => {
  test.setTimeout(180_000);
  for (const flow of findFlows()) {
    // Counted from the machine itself (tests/unit/statechart-graph.test.ts checks these counts
    // against each machine's written definition).
    const graph = statechartGraph(await loadMachine(flow));
    await page.goto(`/flows/${flow.name}`);
    const chart = page.getByRole('img', { name: new RegExp(`^Statechart of ${flow.name}`) });
    await expect(chart, flow.name).toBeVisible({ timeout: 20_000 });
    await expect(chart.locator('[data-state-id]'), flow.name).toHaveCount(graph.states.length);
    await expect(chart.locator('[data-transition-id]'), flow.name).toHaveCount(
      graph.transitions.length,
    );
    const guarded = graph.transitions.find((transition) => transition.guard !== null);
    if (guarded)
      await expect(
        chart.getByText(transitionLabel(guarded), { exact: true }).first(),
        flow.name,
      ).toBeAttached();
  }
});

test('an unknown machine is the not-found page', async ({ page }) => {
  await page.goto('/flows/no-such-flow');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible({
    timeout: 20_000,
  });
});

test('the viewer follows a takeaway checkout running in another tab (R15.3)', async ({
  page,
  context,
}) => {
  const viewer = await context.newPage();
  await viewer.goto('/flows/takeaway-checkout');
  const chart = viewer.getByRole('img', { name: /^Statechart of takeaway-checkout/ });
  await expect(chart).toBeVisible({ timeout: 20_000 });
  const live = viewer.getByRole('status').filter({ hasText: 'Live:' });

  await takeawayCustomerAtInstructions(page);
  await expect(live).toHaveText('Live: takeaway-checkout in another tab is at steps.instructions.');
  const instructions = chart.locator('[data-state-id="takeawayCheckout.steps.instructions"]');
  await expect(instructions).toHaveAttribute('data-current', 'true');
  await expect(chart.locator('[data-current]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/pasta-now-checkout\/payment$/);
  await expect(live).toHaveText(/^Live: takeaway-checkout in another tab is at steps\.payment\./);
  await expect(instructions).not.toHaveAttribute('data-current');
  await expect(
    chart.locator('[data-current][data-state-id^="takeawayCheckout.steps.payment."]'),
  ).toHaveCount(1);
  // The transitions of its last step are drawn as taken.
  await expect(chart.locator('[data-taken]').first()).toBeAttached();
  await expectNoAxeViolations(viewer);

  // A viewer opened late sees the way the flow came: instructions passed through, in the drawing
  // and in words.
  const late = await context.newPage();
  await late.goto('/flows/takeaway-checkout');
  const lateChart = late.getByRole('img', { name: /^Statechart of takeaway-checkout/ });
  await expect(lateChart).toBeVisible({ timeout: 20_000 });
  await expect(
    lateChart.locator('[data-state-id="takeawayCheckout.steps.instructions"]'),
  ).toHaveAttribute('data-visited', 'true');
  await expect(lateChart.locator('[data-current]')).toHaveCount(1);
  await late.getByText(/^Its steps so far \(\d+\)$/).click();
  const steps = late.getByRole('list', { name: 'Its steps so far' }).getByRole('listitem');
  await expect(steps.first()).toHaveText(/^start → /);
  await expect(steps.filter({ hasText: /→ steps\.instructions$/ })).not.toHaveCount(0);
  await expect(steps.filter({ hasText: /^instructions\.submit → / })).toHaveCount(1);
  await expectNoAxeViolations(late);
});

test('a generated path replays step by step on the chart (R15.4)', async ({ page }) => {
  await page.goto('/flows/auth');
  const chart = page.getByRole('img', { name: /^Statechart of auth/ });
  await expect(chart).toBeVisible({ timeout: 20_000 });
  const paths = page.getByRole('region', { name: 'Paths' });
  const choice = paths.getByLabel('Path');
  await expect(choice.locator('option')).not.toHaveCount(1);

  // The keyboard chooses the first path.
  await choice.focus();
  await page.keyboard.press('ArrowDown');
  await expect(choice).not.toHaveValue('');
  const status = paths.getByRole('status');
  await expect(status).toContainText(/^Step 0 of \d+: at /);
  await expect(chart.locator('[data-current]')).toHaveCount(1);
  const start = await chart.locator('[data-current]').getAttribute('data-state-id');

  await paths.getByRole('button', { name: 'Next' }).click();
  await expect(status).toContainText(/^Step 1 of \d+: at /);
  await expect(chart.locator('[data-taken]').first()).toBeAttached();
  const current = paths.locator('[aria-current="step"]');
  await expect(current).toHaveCount(1);
  // The step leads with its event's name; its sample data, if any, follows on its own line.
  await expect(current.locator('code')).toHaveText(/^[\w.]+$/);
  // The highlighted state is the one the step's line names.
  const stepState = (await status.textContent())!.replace(/^Step \d+ of \d+: at /, '');
  await expect(
    chart.locator(`[data-current][data-state-id$=".${stepState.split(' and ')[0]}"]`),
  ).toHaveCount(1);

  await paths.getByRole('button', { name: 'Previous' }).click();
  await expect(status).toContainText(/^Step 0 of /);
  await expect(chart.locator('[data-current]')).toHaveAttribute('data-state-id', start!);
  await expect(chart.locator('[data-taken]')).toHaveCount(0);

  await paths.getByRole('button', { name: 'Play' }).click();
  await expect(paths.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(status).toContainText(/^Step 1 of /, { timeout: 5_000 });
  await expectNoAxeViolations(page);
});
