import { describe, expect, it } from 'vitest';
import {
  activeCount,
  isSelectableSubscription,
  type SubscriptionState,
} from '../../domain/pasta-plan';

/** Product rule R10.11. */
describe('which subscriptions the pasta plan offers', () => {
  it.each<[SubscriptionState, boolean, boolean]>([
    ['active', false, true],
    ['paused', false, true],
    ['failed', false, true],
    ['created', true, true],
    ['created', false, false],
    ['cancelled', true, false],
  ])('a %s plan (with orders: %s) is selectable: %s', (state, hasOrders, selectable) => {
    expect(isSelectableSubscription({ state, hasOrders })).toBe(selectable);
  });

  it('counts only the active plans', () => {
    const states: SubscriptionState[] = ['active', 'paused', 'active', 'failed', 'cancelled'];
    expect(activeCount(states.map((state) => ({ state })))).toBe(2);
  });
});
