import { describe, expect, it } from 'vitest';
import type { SnapshotFrom, StateValueFrom } from 'xstate';
import { SCHEDULE_WEEK_MESSAGES, type RecipePick } from '../../domain/schedule-week';
import {
  chooseRecipesMachine,
  type ChooseRecipesData,
  type ChooseRecipesEvent,
} from '../../machines/choose-recipes/choose-recipes.machine';
import {
  callHarness,
  describeEveryPath,
  pathModel,
  settleCall,
  type CallEventType,
  type Executor,
} from './support/path-suite';
import { modelEvents, serialize, week } from './choose-recipes/events';

type Snapshot = SnapshotFrom<typeof chooseRecipesMachine>;

const model = pathModel(chooseRecipesMachine, modelEvents, serialize, { weekId: '12' });

const stateAssertions = {
  loading: (s) => expect(s.context.data).toBeNull(),
  loadFailed: (s) => expect(s.can({ type: 'week.retry' })).toBe(true),
  choosing: (s) => {
    // Never more than the plan's number of recipes (product rule R10.27).
    expect(s.context.picks.reduce((n, p) => n + p.quantity, 0)).toBeLessThanOrEqual(2);
  },
  saving: (s) => expect(s.can({ type: 'recipe.add', variantId: '1' })).toBe(false),
  tooLate: (s) => expect(s.can({ type: 'recipes.save' })).toBe(false),
  saved: (s) => expect(s.status).toBe('done'),
} satisfies Record<StateValueFrom<typeof chooseRecipesMachine>, (s: Snapshot) => void>;

type CallName = 'loadWeek' | 'saveRecipes';
type ModelEventType = ChooseRecipesEvent['type'] | CallEventType<CallName>;

const createHarness = callHarness(
  (fake) =>
    chooseRecipesMachine.provide({
      actors: {
        loadWeek: fake<ChooseRecipesData, { weekId: string }>('loadWeek'),
        saveRecipes: fake<ChooseRecipesData, { weekId: string; picks: RecipePick[] }>(
          'saveRecipes',
        ),
      },
    }),
  // A new event or call without its executor fails to compile.
  ({ send, call }) =>
    ({
      'recipe.add': send,
      'recipe.remove': send,
      'recipes.save': send,
      'recipes.chef': send,
      'week.retry': send,
      'xstate.done.actor.loadWeek': call,
      'xstate.error.actor.loadWeek': call,
      'xstate.done.actor.saveRecipes': call,
      'xstate.error.actor.saveRecipes': call,
    }) satisfies Record<ModelEventType, Executor>,
  { weekId: '12' },
);

describeEveryPath('choose recipes machine', {
  machine: chooseRecipesMachine,
  model,
  modelEvents,
  createHarness,
  stateAssertions,
});

describe('choose recipes machine: the rules', () => {
  it('starts empty when the chef chooses, and stops at the plan’s number of recipes', async () => {
    const { events, actor } = createHarness();
    await settleCall(events, { type: 'xstate.done.actor.loadWeek', output: week });
    expect(actor.getSnapshot().context.picks).toEqual([]);
    actor.send({ type: 'recipe.add', variantId: '2' });
    actor.send({ type: 'recipe.add', variantId: '2' });
    actor.send({ type: 'recipe.add', variantId: '1' });
    expect(actor.getSnapshot().context.picks).toEqual([{ variantId: '2', quantity: 2 }]);
    // Two at £4.50 is under the £10 per-order minimum: saving says why and stays.
    actor.send({ type: 'recipes.save' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.error).toBe(SCHEDULE_WEEK_MESSAGES.belowMinimum);
  });

  it('asks for a recipe when none is chosen, and keeps the customer’s own picks', async () => {
    const { events, actor } = createHarness();
    await settleCall(events, {
      type: 'xstate.done.actor.loadWeek',
      output: { ...week, chefSelected: false },
    });
    expect(actor.getSnapshot().context.picks).toEqual([{ variantId: '1', quantity: 1 }]);
    actor.send({ type: 'recipe.remove', variantId: '1' });
    actor.send({ type: 'recipes.save' });
    expect(actor.getSnapshot().context.error).toBe(SCHEDULE_WEEK_MESSAGES.chooseRecipes);
  });
});
