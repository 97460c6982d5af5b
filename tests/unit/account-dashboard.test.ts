import { describe, expect, it } from 'vitest';
import {
  dashboardPlan,
  deliveryDayText,
  frequencyText,
  needsAction,
  nextBox,
  type DashboardPlan,
  type DashboardWeek,
} from '../../domain/account-dashboard';

const now = new Date('2026-11-24T10:00:00Z'); // a Tuesday
const plan = (overrides: Partial<DashboardPlan> = {}): DashboardPlan => ({
  id: '7',
  name: 'Pasta plan',
  state: 'active',
  numberOfRecipes: 3,
  resumeOn: null,
  hasOrders: true,
  schedule: { deliveryDay: 3, firstDelivery: '2026-11-18', frequency: 1 },
  ...overrides,
});
const week = (
  id: string,
  deliveryDate: string,
  billingDate: string,
  overrides = {},
): DashboardWeek => ({
  id,
  subscriptionId: '7',
  deliveryDate,
  billingDate,
  state: 'active',
  orderId: null,
  picked: false,
  ...overrides,
});
// This week's box was billed at Friday's cut-off; the next weeks are open.
const weeks = [
  week('1', '2026-11-25', '2026-11-20T12:00:00Z', { orderId: '50' }),
  week('2', '2026-12-02', '2026-11-27T12:00:00Z', { picked: true }),
  week('3', '2026-12-09', '2026-12-04T12:00:00Z'),
];

describe('the plan summary (product rule R2.18)', () => {
  it('shows the first selectable plan, none when all are cancelled', () => {
    expect(dashboardPlan([plan({ id: '1', state: 'cancelled' }), plan({ id: '2' })])?.id).toBe('2');
    expect(dashboardPlan([plan({ state: 'cancelled' })])).toBeNull();
    expect(dashboardPlan([plan({ state: 'created', hasOrders: false })])).toBeNull();
  });

  it('says how often and which day', () => {
    expect(frequencyText(1)).toBe('Every week');
    expect(frequencyText(2)).toBe('Every 2 weeks');
    expect(deliveryDayText(3)).toBe('Wednesday');
  });

  it('the next box is the soonest week that will be delivered, with its cut-off', () => {
    const box = nextBox(plan(), weeks, now);
    expect(box?.week.id).toBe('1');
    expect(box?.ordered).toBe(true);
    const later = nextBox(plan(), weeks.slice(1), now);
    expect(later?.deliveryText).toBe('Wednesday 2 December');
    expect(later?.cutoffText).toBe('Friday 27 November, 12:00');
  });

  it('skips a skipped week, and a paused plan has none', () => {
    const skipped = [
      week('2', '2026-12-02', '2026-11-27T12:00:00Z', { state: 'skipped' }),
      weeks[2]!,
    ];
    expect(nextBox(plan(), skipped, now)?.week.id).toBe('3');
    expect(nextBox(plan({ state: 'paused' }), weeks.slice(1), now)).toBeNull();
  });
});

describe('needs action (product rule R2.19)', () => {
  const base = { plans: [plan()], weeks, pendingOrders: [], emailVerified: true, now };

  it('lists a payment-failed order, linking to pay it', () => {
    const actions = needsAction({
      ...base,
      pendingOrders: [
        {
          id: '9',
          reference: 'KV7-R48',
          state: 'not_authorized',
          subscriptionId: '7',
          paymentFailed: true,
        },
      ],
    });
    expect(actions[0]).toEqual({
      kind: 'payment',
      orderId: '9',
      reference: 'KV7-R48',
      failed: true,
      href: '/payment/9',
    });
  });

  it('lists a box awaiting its first payment as not failed (R9.28)', () => {
    const actions = needsAction({
      ...base,
      pendingOrders: [
        {
          id: '10',
          reference: 'KV7-R49',
          state: 'payment_pending',
          subscriptionId: null,
          paymentFailed: false,
        },
      ],
    });
    expect(actions[0]).toMatchObject({ kind: 'payment', orderId: '10', failed: false });
  });

  it('never a cancelled plan’s order', () => {
    const actions = needsAction({
      ...base,
      plans: [plan({ state: 'cancelled' })],
      pendingOrders: [
        {
          id: '9',
          reference: 'KV7-R48',
          state: 'payment_pending',
          subscriptionId: '7',
          paymentFailed: true,
        },
      ],
    });
    expect(actions.filter((a) => a.kind === 'payment')).toEqual([]);
  });

  it('the soonest open week without picks, before its cut-off, links to choosing its dishes', () => {
    const actions = needsAction(base);
    expect(actions).toEqual([
      {
        kind: 'chooseDishes',
        weekId: '3',
        deliveryDate: 'Wednesday 9 December',
        cutoff: 'Friday 4 December, 12:00',
        href: '/schedule/3/choose-recipes',
      },
    ]);
  });

  it('not once its cut-off has passed, nor for a paused plan', () => {
    const late = new Date('2026-12-04T12:00:01Z');
    expect(needsAction({ ...base, now: late })).toEqual([]);
    expect(needsAction({ ...base, plans: [plan({ state: 'paused' })] })).toEqual([]);
  });

  it('an unverified email comes last', () => {
    const actions = needsAction({ ...base, emailVerified: false });
    expect(actions.at(-1)).toEqual({ kind: 'verifyEmail' });
  });
});
