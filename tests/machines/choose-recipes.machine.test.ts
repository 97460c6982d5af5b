import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom, type StateValueFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { SCHEDULE_WEEK_MESSAGES, type RecipePick } from '../../domain/schedule-week';
import {
  chooseRecipesMachine,
  type ChooseRecipesData,
  type ChooseRecipesEvent,
} from '../../machines/choose-recipes/choose-recipes.machine';
import {
  matchesStateKey,
  stateKey,
  takenEdges,
  transitionPaths,
  untakenTransitions,
  walkPaths,
  WALK_TIMEOUT_MS,
} from './support/model-paths';
import { pendingCalls } from './support/pending-calls';

type Snapshot = SnapshotFrom<typeof chooseRecipesMachine>;

const menu = [
  { variantId: '1', title: 'Ragù', variantTitle: 'Regular', isDouble: false, price: 8.95 },
  { variantId: '2', title: 'Cacio e pepe', variantTitle: 'Regular', isDouble: false, price: 4.5 },
];
const week: ChooseRecipesData = {
  weekId: '12',
  deliveryDate: '2026-12-02',
  numberOfRecipes: 2,
  changeable: true,
  chefSelected: true,
  box: [{ variantId: '1', title: 'Ragù', quantity: 1 }],
  menu,
};
const closed: ChooseRecipesData = { ...week, changeable: false };
const tooLate = { status: 409, message: SCHEDULE_WEEK_MESSAGES.tooLate };
const refused = { status: 400, message: SCHEDULE_WEEK_MESSAGES.belowMinimum };

const modelEvents = [
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

const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.picks, s.context.error !== null]);

const model = new TestModel(chooseRecipesMachine, {
  input: { weekId: '12' },
  events: modelEvents,
  serializeState: serialize,
  stateMatcher: matchesStateKey,
});

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

function createHarness(persisted?: unknown) {
  const { fake, executorsFor } = pendingCalls();
  const actor = createActor(
    chooseRecipesMachine.provide({
      actors: {
        loadWeek: fake<ChooseRecipesData, { weekId: string }>('loadWeek'),
        saveRecipes: fake<ChooseRecipesData, { weekId: string; picks: RecipePick[] }>(
          'saveRecipes',
        ),
      },
    }),
    persisted
      ? { snapshot: persisted as Snapshot, input: { weekId: '12' } }
      : { input: { weekId: '12' } },
  ).start();
  const events = executorsFor([...new Set(modelEvents.map((e) => e.type as string))], (event) =>
    actor.send(event as ChooseRecipesEvent),
  );
  return { actor, events };
}

const paths = transitionPaths(model, modelEvents);

describe('choose recipes machine: every generated path', () => {
  it(
    `walks ${paths.length} paths, one per transition`,
    async () => {
      await walkPaths(paths, (persisted) => createHarness(persisted), stateAssertions);
    },
    WALK_TIMEOUT_MS,
  );

  it('reaches every state (coverage guard)', () => {
    const reached = new Set(
      paths.flatMap((p) => p.steps.map((step) => stateKey(step.state.value))),
    );
    expect([...reached].sort()).toEqual(Object.keys(stateAssertions).sort());
  });

  it('takes every transition (coverage guard)', () => {
    expect(untakenTransitions(chooseRecipesMachine, takenEdges(paths))).toEqual([]);
  });
});

describe('choose recipes machine: the rules', () => {
  it('starts empty when the chef chooses, and stops at the plan’s number of recipes', async () => {
    const { events, actor } = createHarness();
    await events['xstate.done.actor.loadWeek']!({
      event: { type: 'xstate.done.actor.loadWeek', output: week } as { type: string },
    });
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
    await events['xstate.done.actor.loadWeek']!({
      event: {
        type: 'xstate.done.actor.loadWeek',
        output: { ...week, chefSelected: false },
      } as { type: string },
    });
    expect(actor.getSnapshot().context.picks).toEqual([{ variantId: '1', quantity: 1 }]);
    actor.send({ type: 'recipe.remove', variantId: '1' });
    actor.send({ type: 'recipes.save' });
    expect(actor.getSnapshot().context.error).toBe(SCHEDULE_WEEK_MESSAGES.chooseRecipes);
  });
});
