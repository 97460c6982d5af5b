import type { GuardRules } from '../shared/guard-rules';
import type { planSettingsMachine } from './plan-settings.machine';

/** The plan settings' guards in words, with the product rules they encode (R15.2). */
export const guardRules = {
  hasPlan: { says: 'the customer has a plan to change', rules: ['R10.19'] },
  isChangeable: { says: 'the plan is not cancelled', rules: ['R10.19', 'R10.7'] },
  isPriced: {
    says: 'the section (recipes, dietary flags, ingredients) can change the price',
    rules: ['R10.23'],
  },
  isSchedule: { says: 'the delivery day or frequency changes', rules: ['R10.32'] },
  priceChanges: { says: 'the next box would cost a different price', rules: ['R10.23'] },
  isPriceChanged: {
    says: 'the server refused a priced change because the price moved (409 price_changed)',
    rules: ['R10.23'],
  },
} satisfies GuardRules<typeof planSettingsMachine>;
