import type { Locator, Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { PLAN_SETTINGS_MESSAGES } from '../../domain/plan-settings';
import {
  planSettingsMachine,
  type PlanSettingsContext,
  type PlanSettingsEvent,
  type SettingsSection,
} from '../../machines/plan-settings/plan-settings.machine';
import { pathModel } from '../../tests/machines/plan-settings/events';
import { apiCall } from '../support/api';
import { expect, signUpViaApi } from '../support/fixtures';
import { expectFlashShown } from '../support/flashes';
import { CORE_REGULAR_VARIANTS } from '../support/kit-checkout';
import { newSubscriberViaApi, planWeeks } from '../support/subscriber';
import { codeOf, dropNextCall, isType, outputOf } from './outcomes';
import {
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
} from './ui-adapter';

/**
 * Whether the walk's page is open yet (a read after "Try again" is the page's own), and whether
 * a section has been saved (the page may then have opened a section the model did not).
 */
interface SettingsWorld {
  opened: boolean;
  saved: boolean;
}

type Of<T extends PlanSettingsEvent['type']> = Extract<PlanSettingsEvent, { type: T }>;

const PAGE = '/account/pasta-plan/settings';

const TITLES: Record<SettingsSection, string> = {
  recipes: 'Recipes per box',
  schedule: 'Delivery day and frequency',
  dietary: 'Dietary preferences',
  ingredients: 'Ingredients to avoid',
  note: 'Delivery note',
  addresses: 'Delivery and billing address',
};

const region = (page: Page, section: SettingsSection) =>
  page.getByRole('region', { name: TITLES[section] });

/** A plan's own calls, by the path after /api/v2/subscriptions/{id}. */
const planCall = (suffix: string) => (url: URL) =>
  new RegExp(`^/api/v2/subscriptions/[^/]+${suffix}$`).test(url.pathname);

/**
 * The call a step's outcome needs failed is dropped on the network (never reaching the server):
 * the price check, the schedule's preview, or the save (the schedule's own, else the plan's).
 * The server refusals the model names ("No") stand for these: the page offers only changes the
 * server takes, so it shows its own words for a call that failed.
 */
async function failIfAsked(page: Page, next: PlanSettingsEvent | undefined, section: string) {
  if (isType(next, 'xstate.error.actor.previewPrice'))
    await dropNextCall(page, planCall('/settings_preview'), { method: 'POST' });
  if (isType(next, 'xstate.error.actor.previewSchedule'))
    await dropNextCall(page, planCall('/schedule'), { method: 'PUT' });
  if (isType(next, 'xstate.error.actor.saveSettings'))
    await dropNextCall(page, planCall(section === 'schedule' ? '/schedule' : ''), {
      method: 'PUT',
    });
}

/**
 * The customer's own recipes for the plan's next open week, chosen as from its page (R10.27), in
 * another tab: the next box's price is then theirs, whatever the plan's number of recipes (R10.23).
 * Before a save, the check answers the same price; between the check and the confirm, the price
 * the customer saw has moved and the server refuses it (409 price_changed).
 */
async function chooseNextWeeksRecipes(page: Page) {
  const week = (await planWeeks(page.request)).find((w) => w.attributes.order_id === null);
  expect(week, 'an open plan week').toBeTruthy();
  await apiCall(page.request, 'post', `/schedule_weeks/${week!.id}/chef_selections`, {
    selections: CORE_REGULAR_VARIANTS.map((variant_id) => ({ variant_id, quantity: 1 })),
  });
}

const samePrice = (preview: { currentPence: number; changedPence: number } | null | undefined) =>
  preview != null && preview.changedPence === preview.currentPence;

const isPriceMoved = (event: EventObject | undefined) =>
  isType(event, 'xstate.error.actor.saveSettings') && codeOf(event) === 'price_changed';

/** A real change for each section the model saves: one more recipe, another day, a note. */
async function change(page: Page, event: Of<'section.save'>) {
  const card = region(page, event.section);
  if (event.section === 'recipes') {
    const select = card.getByLabel('Recipes in each box');
    await select.selectOption(String(Number(await select.inputValue()) + 1));
  } else if (event.section === 'schedule') {
    const days = card.getByRole('group', { name: 'Delivery day' });
    const friday = days.getByRole('radio', { name: 'Friday' });
    await (
      (await friday.isChecked()) ? days.getByRole('radio', { name: 'Saturday' }) : friday
    ).check();
  } else if (event.section === 'note') {
    await card.getByLabel('A note for the driver').fill(`Porch, walk ${Date.now()}`);
  } else throw new Error(`plan-settings: no change for ${event.section}`);
}

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  // The page's first read opens the walk's own page: a subscriber's, or a customer's with no plan.
  'xstate.done.actor.loadSettings': async ({ page, event, world }) => {
    if (world.opened) return;
    world.opened = true;
    const hasPlan = outputOf<{ plan: unknown }>(event)?.plan != null;
    await (hasPlan ? newSubscriberViaApi(page.request) : signUpViaApi(page.request));
    await page.goto(PAGE);
  },
  'xstate.error.actor.loadSettings': async ({ page, world }) => {
    world.opened = true;
    await newSubscriberViaApi(page.request);
    await dropNextCall(page, (url) => url.pathname === '/api/v2/subscriptions', { method: 'GET' });
    await page.goto(PAGE);
  },
  'settings.retry': async ({ page }) => {
    await page.getByRole('button', { name: 'Try again' }).click();
  },
  // A section's Change: the model's only section to open is the recipes (opened already, the
  // button is not shown).
  'section.edit': {
    can: ({ event, from }) =>
      (from.context as PlanSettingsContext).editing !== (event as Of<'section.edit'>).section,
    run: async ({ page, event }) => {
      const { section } = event as Of<'section.edit'>;
      await region(page, section).getByRole('button', { name: 'Change' }).click();
    },
  },
  'edit.cancel': {
    can: ({ from }) => (from.context as PlanSettingsContext).editing !== null,
    run: async ({ page, from }) => {
      const { editing } = from.context as PlanSettingsContext;
      await region(page, editing!).getByRole('button', { name: 'Cancel' }).click();
    },
  },
  // Its section opened first when it is not (a Change the model folds into the save), changed,
  // then saved.
  'section.save': async ({ page, event, next, world }) => {
    world.saved = true;
    const save = event as Of<'section.save'>;
    const card = region(page, save.section);
    const open = card.getByRole('button', { name: 'Save', exact: true });
    if (!(await open.isVisible())) await card.getByRole('button', { name: 'Change' }).click();
    await change(page, save);
    await failIfAsked(page, next as PlanSettingsEvent | undefined, save.section);
    if (
      isType(next, 'xstate.done.actor.previewPrice') &&
      samePrice(outputOf<{ currentPence: number; changedPence: number }>(next))
    )
      await chooseNextWeeksRecipes(page);
    await open.click();
  },
  'price.confirm': async ({ page, next }) => {
    await failIfAsked(page, next as PlanSettingsEvent | undefined, 'recipes');
    if (isPriceMoved(next)) await chooseNextWeeksRecipes(page);
    await page.getByRole('button', { name: /^Save at £/ }).click();
  },
  'price.cancel': async ({ page }) => {
    await page.getByRole('button', { name: 'Keep my current settings' }).click();
  },
  'schedule.confirm': async ({ page, next }) => {
    await failIfAsked(page, next as PlanSettingsEvent | undefined, 'schedule');
    await page.getByRole('button', { name: 'Save the new schedule' }).click();
  },
  'schedule.cancel': async ({ page }) => {
    await page.getByRole('button', { name: 'Keep my current schedule' }).click();
  },
  // One more recipe costs more, unless the next box is the customer's own picks (made by the save's
  // executor).
  'xstate.done.actor.previewPrice': async () => {},
  'xstate.error.actor.previewPrice': async () => {},
  'xstate.done.actor.previewSchedule': async () => {},
  'xstate.error.actor.previewSchedule': async () => {},
  'xstate.done.actor.saveSettings': async () => {},
  // The price moves between its check and the save when the recipes are chosen in between, which
  // only a confirm leaves time for (a same price saves at once).
  'xstate.error.actor.saveSettings': {
    can: ({ event, from }) => {
      if (!isPriceMoved(event)) return true;
      const { preview } = from.context as PlanSettingsContext;
      return preview != null && !samePrice(preview);
    },
  },
} satisfies Record<MachineEventType<typeof planSettingsMachine>, Executor<SettingsWorld>>;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const errorSummary = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'There is a problem' });

/** The words a refusal shows: the machine's own, or the page's for a call dropped in its place. */
const shownError = (error: string) =>
  (Object.values(PLAN_SETTINGS_MESSAGES) as string[]).includes(error)
    ? error
    : new RegExp(`${PLAN_SETTINGS_MESSAGES.previewFailed}|${PLAN_SETTINGS_MESSAGES.saveFailed}`);

async function expectLocked(card: Locator, field: Locator, label: string) {
  await expect(card.getByRole('status')).toBeVisible();
  // Product rule R10.33: what is confirmed cannot change underneath it.
  await expect(field).toBeDisabled();
  await expect(card.getByText(label).first()).toBeVisible();
}

/** What the customer sees in each state (the machine carries no meta.path: its URL here). */
const states = {
  loading: 'transient',
  previewing: 'transient',
  previewingSchedule: 'transient',
  saving: 'transient',
  loadFailed: async ({ page }) => {
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByRole('alert')).toContainText(PLAN_SETTINGS_MESSAGES.loadFailed);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  noPlan: async ({ page }) => {
    await expect(heading(page)).toHaveText('Plan settings');
    await expect(page.getByText('You have no pasta plan yet.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Choose this week’s box' })).toBeVisible();
  },
  ready: async ({ page, snapshot, world }) => {
    const { editing, error, notice } = snapshot.context as PlanSettingsContext;
    await expect(heading(page)).toHaveText('Plan settings');
    await expect(region(page, 'recipes')).toBeVisible();
    if (error === null) await expect(errorSummary(page)).toHaveCount(0);
    else await expect(errorSummary(page)).toContainText(shownError(error));
    if (notice !== null) await expectFlashShown(page, notice);
    // Before any save the open section is the model's (a save may open another first, which the
    // model folds into the save).
    if (!world.saved) {
      const saves = page.getByRole('button', { name: 'Save', exact: true });
      if (editing === null) await expect(saves).toHaveCount(0);
      else await expect(region(page, editing).getByLabel('Recipes in each box')).toBeEnabled();
    }
  },
  confirmingPrice: async ({ page }) => {
    const card = region(page, 'recipes');
    await expectLocked(
      card,
      card.getByLabel('Recipes in each box'),
      'This changes the price of your next box',
    );
    await expect(page.getByRole('button', { name: /^Save at £/ })).toBeVisible();
  },
  confirmingSchedule: async ({ page }) => {
    const card = region(page, 'schedule');
    await expectLocked(card, card.getByLabel('How often'), 'Save the new schedule');
  },
} satisfies Partial<Record<MachineStateKey<typeof planSettingsMachine>, StateCheck<SettingsWorld>>>;

export const planSettingsUi = uiAdapter(planSettingsMachine, {
  machine: 'plan-settings',
  model: pathModel,
  world: () => ({ opened: false, saved: false }),
  // The page's first read decides whose page it is: opened by the load's executors.
  entries: { 'the plan settings page': async () => {} },
  executors,
  states,
});
