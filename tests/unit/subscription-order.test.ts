import { describe, expect, it } from 'vitest';
import {
  compareSubscriptions,
  type SubscriptionRow,
} from '../../server/services/subscriptions/subscriptions';

// Only the fields the order reads; the rest of a row plays no part in it.
function plan(id: number, state: SubscriptionRow['state'], name: string): SubscriptionRow {
  return { id, state, name } as SubscriptionRow;
}

describe('the list order of a customer’s plans (R10.1)', () => {
  it('puts active first, then failed, paused, cancelled and created', () => {
    const plans = [
      plan(1, 'created', 'A'),
      plan(2, 'cancelled', 'A'),
      plan(3, 'paused', 'A'),
      plan(4, 'failed', 'A'),
      plan(5, 'active', 'A'),
    ];
    expect(plans.sort(compareSubscriptions).map((p) => p.state)).toEqual([
      'active',
      'failed',
      'paused',
      'cancelled',
      'created',
    ]);
  });

  it('orders plans in the same state by name, then by id', () => {
    const plans = [
      plan(9, 'active', 'Family'),
      plan(7, 'active', 'Couple'),
      plan(3, 'active', 'Family'),
    ];
    expect(plans.sort(compareSubscriptions).map((p) => p.id)).toEqual([7, 3, 9]);
  });
});
