import type { SnapshotFrom } from 'xstate';
import { SCHEDULE_WEEK_MESSAGES } from '../../../domain/schedule-week';
import {
  chooseRecipesMachine,
  type ChooseRecipesData,
  type ChooseRecipesEvent,
} from '../../../machines/choose-recipes/choose-recipes.machine';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof chooseRecipesMachine>;

export const menu = [
  { variantId: '1', title: 'Ragù', variantTitle: 'Regular', isDouble: false, price: 8.95 },
  { variantId: '2', title: 'Cacio e pepe', variantTitle: 'Regular', isDouble: false, price: 4.5 },
];
export const week: ChooseRecipesData = {
  weekId: '12',
  deliveryDate: '2026-12-02',
  numberOfRecipes: 2,
  changeable: true,
  chefSelected: true,
  box: [{ variantId: '1', title: 'Ragù', quantity: 1 }],
  menu,
};
export const closed: ChooseRecipesData = { ...week, changeable: false };
export const tooLate = { status: 409, message: SCHEDULE_WEEK_MESSAGES.tooLate };
export const refused = { status: 400, message: SCHEDULE_WEEK_MESSAGES.belowMinimum };

export const modelEvents = [
  { type: 'xstate.done.actor.loadWeek', output: week },
  { type: 'xstate.done.actor.loadWeek', output: closed },
  { type: 'xstate.error.actor.loadWeek', error: { status: 0, message: null } },
  { type: 'week.retry' },
  { type: 'recipe.add', variantId: '1' },
  { type: 'recipe.remove', variantId: '1' },
  { type: 'recipes.save' },
  { type: 'recipes.chef' },
  { type: 'xstate.done.actor.saveRecipes', output: week },
  { type: 'xstate.error.actor.saveRecipes', error: tooLate },
  { type: 'xstate.error.actor.saveRecipes', error: refused },
] as unknown as ChooseRecipesEvent[];

export const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.picks, s.context.error !== null]);

export const pathModel = {
  machine: chooseRecipesMachine,
  entries: [{ name: 'week 12', input: { weekId: '12' } }],
  events: modelEvents,
  serializeState: serialize,
} satisfies PathModel<Snapshot, ChooseRecipesEvent, unknown>;
