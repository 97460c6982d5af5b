import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { dayAndDate } from '../../domain/pasta-plan';
import { SCHEDULE_WEEK_MESSAGES } from '../../domain/schedule-week';
import {
  chooseRecipesMachine,
  type ChooseRecipesContext,
  type ChooseRecipesData,
  type ChooseRecipesEvent,
} from '../../machines/choose-recipes/choose-recipes.machine';
import { pathModel } from '../../tests/machines/choose-recipes/events';
import { expect } from '../support/fixtures';
import { expectFlashShown } from '../support/flashes';
import { billWeek, dropNextWeekCall, newPlanWeek, type WalkWeek } from './plan-week';
import { outputOf, statusOf } from './outcomes';
import {
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
} from './ui-adapter';

/**
 * The walk's plan week, the dish of its menu standing for the model's Ragù (one is below the
 * minimum spend, two are above it), and whether the last save was dropped on the network.
 */
interface RecipesWorld {
  week: WalkWeek | undefined;
  dish: { title: string; itemName: string } | undefined;
  dropped: boolean;
}

const MINIMUM = 10;

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ChooseRecipesContext;
const pickedCount = (snapshot: AnyMachineSnapshot) =>
  contextOf(snapshot).picks.reduce((sum, pick) => sum + pick.quantity, 0);

const pagePath = (world: RecipesWorld) => `/schedule/${world.week!.week.id}/choose-recipes`;

/**
 * A new subscriber's week opened at its recipes page (the ordered first week for one that can no
 * longer change); with `drop`, the page's read of the week dropped on the network once.
 */
async function openWeek(page: Page, world: RecipesWorld, changeable: boolean, drop = false) {
  world.week = await newPlanWeek(page, changeable);
  const dish = world.week.attributes.menu.find(
    (item) => item.price < MINIMUM && item.price * 2 >= MINIMUM,
  );
  expect(dish, 'a dish of the week below the minimum spend alone, above it twice').toBeTruthy();
  world.dish = { title: dish!.title, itemName: `${dish!.title} (${dish!.variant_title})` };
  if (drop) await dropNextWeekCall(page, world.week);
  await page.goto(pagePath(world));
}

/**
 * The outcome the path's save needs: the week billed meanwhile (its order written: the server's
 * 409), or the save dropped on the network (never reaching the server) for another refusal: the
 * page checks the server's rules first, so the server refuses nothing it sends.
 */
async function saveOutcome(page: Page, world: RecipesWorld, next: EventObject | undefined) {
  if (next?.type !== 'xstate.error.actor.saveRecipes') return;
  if (statusOf(next) === 409) await billWeek(page, world.week!);
  else {
    await dropNextWeekCall(page, world.week!, '/chef_selections');
    world.dropped = true;
  }
}

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  // A full box disables every "Add one more" (no click reaches the machine).
  'recipe.add': {
    can: ({ from }) => pickedCount(from) < (contextOf(from).data?.numberOfRecipes ?? 0),
    run: async ({ page, world }) => {
      world.dropped = false;
      await page.getByRole('button', { name: `Add one more ${world.dish!.itemName}` }).click();
    },
  },
  // "Remove one" is disabled for a dish not picked.
  'recipe.remove': {
    can: ({ event, from }) =>
      contextOf(from).picks.some(
        (pick) =>
          pick.variantId ===
          (event as Extract<ChooseRecipesEvent, { type: 'recipe.remove' }>).variantId,
      ),
    run: async ({ page, world }) => {
      world.dropped = false;
      await page.getByRole('button', { name: `Remove one ${world.dish!.itemName}` }).click();
    },
  },
  'recipes.save': async ({ page, next, world }) => {
    await saveOutcome(page, world, next);
    await page.getByRole('button', { name: 'Save my recipes' }).click();
  },
  'recipes.chef': async ({ page, next, world }) => {
    await saveOutcome(page, world, next);
    await page.getByRole('button', { name: 'Let the chef choose' }).click();
  },
  'week.retry': async ({ page }) => {
    await page.getByRole('button', { name: 'Try again' }).click();
  },
  // The page's first read opens the walk's week; a read after "Try again" is the page's own.
  'xstate.done.actor.loadWeek': async ({ page, event, world }) => {
    if (world.week === undefined)
      await openWeek(page, world, outputOf<ChooseRecipesData>(event)!.changeable);
  },
  'xstate.error.actor.loadWeek': async ({ page, world }) => {
    await openWeek(page, world, true, true);
  },
  'xstate.done.actor.saveRecipes': async () => {},
  'xstate.error.actor.saveRecipes': async () => {},
} satisfies Record<MachineEventType<typeof chooseRecipesMachine>, Executor<RecipesWorld>>;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const weekTitle = (world: RecipesWorld) =>
  `Choose your recipes for ${dayAndDate(world.week!.attributes.delivery_date)}`;

/** What the customer sees in each state (the machine carries no meta.path: its URLs here). */
const states = {
  loading: 'transient',
  saving: 'transient',
  choosing: async ({ page, snapshot, world }) => {
    await expect(page).toHaveURL(new RegExp(`${pagePath(world)}$`));
    await expect(heading(page)).toHaveText(weekTitle(world));
    const count = pickedCount(snapshot);
    await expect(page.getByText(`${count} of 2 chosen`)).toBeVisible();
    const picks = page.getByRole('complementary', { name: 'Your picks' });
    if (count === 0) await expect(picks.getByText('Nothing chosen yet.')).toBeVisible();
    else await expect(picks.getByRole('listitem')).toHaveText([`${count} × ${world.dish!.title}`]);
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    const { error } = contextOf(snapshot);
    if (error === null) await expect(summary).toHaveCount(0);
    // The machine's own words, word for word; a dropped save says the machine's "try again".
    else
      await expect(summary).toContainText(
        world.dropped ? SCHEDULE_WEEK_MESSAGES.actionFailed : error,
      );
  },
  loadFailed: async ({ page, world }) => {
    await expect(page).toHaveURL(new RegExp(`${pagePath(world)}$`));
    await expect(heading(page)).toHaveText('Choose your recipes');
    await expect(page.getByRole('alert')).toHaveText(SCHEDULE_WEEK_MESSAGES.loadFailed);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  // Past the cut-off, or ordered: the server's 409 says the same words.
  tooLate: async ({ page, world }) => {
    await expect(page).toHaveURL(new RegExp(`${pagePath(world)}$`));
    await expect(heading(page)).toHaveText(weekTitle(world));
    await expect(page.getByText(SCHEDULE_WEEK_MESSAGES.tooLate)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save my recipes' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to your box' })).toBeVisible();
  },
  // Back on the week's page with its toast: the customer's picks, or the chef's.
  saved: async ({ page, snapshot, world }) => {
    await expect(page).toHaveURL(new RegExp(`/schedule/${world.week!.week.id}/edit$`));
    const count = pickedCount(snapshot);
    if (count === 0) {
      await expectFlashShown(page, SCHEDULE_WEEK_MESSAGES.chefChooses);
      await expect(
        page.getByText('The chef chooses: this is what the chef would pick'),
      ).toBeVisible();
    } else {
      await expectFlashShown(page, SCHEDULE_WEEK_MESSAGES.recipesChosen);
      await expect(page.getByText(`${count} × ${world.dish!.title}`)).toBeVisible();
    }
  },
} satisfies Partial<Record<MachineStateKey<typeof chooseRecipesMachine>, StateCheck<RecipesWorld>>>;

export const chooseRecipesUi = uiAdapter(chooseRecipesMachine, {
  machine: 'choose-recipes',
  model: pathModel,
  world: () => ({ week: undefined, dish: undefined, dropped: false }),
  // The week's outcome is the walk's week: made, then opened, by the load's executors.
  entries: { 'week 12': async () => {} },
  executors,
  states,
});
