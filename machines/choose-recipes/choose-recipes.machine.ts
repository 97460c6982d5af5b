import { assign, setup } from 'xstate';
import {
  pickedCount,
  recipePicksProblem,
  SCHEDULE_WEEK_MESSAGES,
  type RecipePick,
} from '../../domain/schedule-week';
import { unprovided } from '../shared/unprovided-actor';
import type { ChooseRecipesData, WeekFailure } from './choose-recipes.types';

export type { ChooseRecipesData, WeekFailure, WeekMenuItem } from './choose-recipes.types';

export interface ChooseRecipesContext {
  weekId: string;
  data: ChooseRecipesData | null;
  /** The recipes being chosen, in the order added. */
  picks: RecipePick[];
  error: string | null;
}

export type ChooseRecipesEvent =
  | { type: 'recipe.add'; variantId: string }
  | { type: 'recipe.remove'; variantId: string }
  | { type: 'recipes.save' }
  | { type: 'recipes.chef' }
  | { type: 'week.retry' };

const failureOf = (error: unknown): WeekFailure =>
  (error as WeekFailure | undefined) ?? { status: 0, message: null };

const menuPrices = (data: ChooseRecipesData | null) =>
  new Map((data?.menu ?? []).map((item) => [item.variantId, Math.round(item.price * 100)]));

/** The picks the box holds now: the customer's own, none when the chef chooses. */
const picksOf = (data: ChooseRecipesData): RecipePick[] =>
  data.chefSelected
    ? []
    : data.box.map((line) => ({ variantId: line.variantId, quantity: line.quantity }));

/**
 * Choosing a plan week's recipes (/schedule/{id}/choose-recipes, product rule R10.27): the week's
 * menu, up to the plan's number of recipes, at least the per-order minimum; or the chef's picks
 * again. A week past its cut-off shows that it is too late.
 */
export const chooseRecipesMachine = setup({
  types: {
    context: {} as ChooseRecipesContext,
    events: {} as ChooseRecipesEvent,
    input: {} as { weekId: string },
  },
  actors: {
    loadWeek: unprovided<ChooseRecipesData, { weekId: string }>('loadWeek'),
    saveRecipes: unprovided<ChooseRecipesData, { weekId: string; picks: RecipePick[] }>(
      'saveRecipes',
    ),
  },
  guards: {
    isClosed: (_, data: ChooseRecipesData) => !data.changeable,
    canAdd: ({ context }, variantId: string) =>
      context.data !== null &&
      context.data.menu.some((item) => item.variantId === variantId) &&
      pickedCount(context.picks) < context.data.numberOfRecipes,
    isPicked: ({ context }, variantId: string) =>
      context.picks.some((pick) => pick.variantId === variantId),
    arePicksValid: ({ context }) =>
      context.picks.length > 0 &&
      recipePicksProblem(
        context.picks,
        context.data?.numberOfRecipes ?? 0,
        menuPrices(context.data),
      ) === undefined,
    isTooLate: (_, failure: WeekFailure) => failure.status === 409,
  },
  actions: {
    loaded: assign((_, data: ChooseRecipesData) => ({ data, picks: picksOf(data), error: null })),
    add: assign(({ context }, variantId: string) => {
      const found = context.picks.find((pick) => pick.variantId === variantId);
      return {
        error: null,
        picks: found
          ? context.picks.map((pick) =>
              pick === found ? { ...pick, quantity: pick.quantity + 1 } : pick,
            )
          : [...context.picks, { variantId, quantity: 1 }],
      };
    }),
    remove: assign(({ context }, variantId: string) => ({
      error: null,
      picks: context.picks
        .map((pick) =>
          pick.variantId === variantId ? { ...pick, quantity: pick.quantity - 1 } : pick,
        )
        .filter((pick) => pick.quantity > 0),
    })),
    explain: assign(({ context }) => ({
      error:
        context.picks.length === 0
          ? SCHEDULE_WEEK_MESSAGES.chooseRecipes
          : (recipePicksProblem(
              context.picks,
              context.data?.numberOfRecipes ?? 0,
              menuPrices(context.data),
            ) ?? null),
    })),
    refused: assign((_, failure: WeekFailure) => ({
      error: failure.message ?? SCHEDULE_WEEK_MESSAGES.actionFailed,
    })),
  },
}).createMachine({
  id: 'chooseRecipes',
  context: ({ input }) => ({ weekId: input.weekId, data: null, picks: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadWeek',
        id: 'loadWeek',
        input: ({ context }) => ({ weekId: context.weekId }),
        onDone: [
          {
            guard: { type: 'isClosed', params: ({ event }) => event.output },
            target: 'tooLate',
            actions: { type: 'loaded', params: ({ event }) => event.output },
          },
          {
            target: 'choosing',
            actions: { type: 'loaded', params: ({ event }) => event.output },
          },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'week.retry': 'loading' } },
    choosing: {
      on: {
        'recipe.add': {
          guard: { type: 'canAdd', params: ({ event }) => event.variantId },
          actions: { type: 'add', params: ({ event }) => event.variantId },
        },
        'recipe.remove': {
          guard: { type: 'isPicked', params: ({ event }) => event.variantId },
          actions: { type: 'remove', params: ({ event }) => event.variantId },
        },
        'recipes.save': [{ guard: 'arePicksValid', target: 'saving' }, { actions: 'explain' }],
        'recipes.chef': {
          target: 'saving',
          actions: assign({ picks: () => [], error: null }),
        },
      },
    },
    saving: {
      invoke: {
        src: 'saveRecipes',
        id: 'saveRecipes',
        input: ({ context }) => ({ weekId: context.weekId, picks: context.picks }),
        onDone: { target: 'saved', actions: assign({ data: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isTooLate', params: ({ event }) => failureOf(event.error) },
            target: 'tooLate',
            actions: { type: 'refused', params: ({ event }) => failureOf(event.error) },
          },
          {
            target: 'choosing',
            actions: { type: 'refused', params: ({ event }) => failureOf(event.error) },
          },
        ],
      },
    },
    tooLate: {},
    saved: { type: 'final' },
  },
});
