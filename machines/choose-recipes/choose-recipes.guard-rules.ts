import type { GuardRules } from '../shared/guard-rules';
import type { chooseRecipesMachine } from './choose-recipes.machine';

/** Choosing a plan week's recipes: its guards in words, with their product rules (R15.2). */
export const guardRules = {
  isClosed: { says: "the week's cut-off has passed or it has its order", rules: ['R10.5'] },
  canAdd: {
    says: "the dish is on the week's menu and the plan's number of recipes is not reached",
    rules: ['R10.27'],
  },
  isPicked: { says: 'the dish is already picked', rules: ['R10.27'] },
  arePicksValid: {
    says: "the picks fit the plan's number of recipes and reach the £10 minimum",
    rules: ['R10.27', 'R7.13'],
  },
  isTooLate: { says: 'the server says the cut-off passed meanwhile (409)', rules: ['R10.5'] },
} satisfies GuardRules<typeof chooseRecipesMachine>;
