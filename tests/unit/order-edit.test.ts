import { describe, expect, it } from 'vitest';
import {
  editMoney,
  ORDER_EDIT_MESSAGES,
  orderDateChoices,
  orderDateProblem,
  orderEditability,
} from '../../domain/order-edit';

/** Tuesday 24 November 2026, 06:00 UTC: the week of 30 November closes Friday 27th at 12:00. */
const now = new Date('2026-11-24T06:00:00Z');

describe('orderEditability (product rule R9.19)', () => {
  it('lets a paid kit order change until its week’s cut-off', () => {
    const order = { type: 'recipe_kit', state: 'paid', deliveryDate: '2026-12-02' };
    expect(orderEditability(order, now)).toMatchObject({ editable: true });
    expect(orderEditability(order, new Date('2026-11-27T12:00:00Z'))).toMatchObject({
      editable: false,
      reason: 'too_late',
    });
  });

  it('never a takeaway order, nor one already delivered', () => {
    expect(
      orderEditability({ type: 'takeaway', state: 'paid', deliveryDate: '2026-12-02' }, now),
    ).toMatchObject({ editable: false, reason: 'takeaway' });
    expect(
      orderEditability({ type: 'recipe_kit', state: 'delivered', deliveryDate: '2026-12-02' }, now),
    ).toMatchObject({ editable: false, reason: 'state' });
  });
});

describe('delivery days (product rule R9.21)', () => {
  it('offers Monday to Saturday of the same week', () => {
    expect(orderDateChoices('2026-12-02', now)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
  });

  it('refuses Sundays, other weeks and past days', () => {
    expect(orderDateProblem('2026-12-02', '2026-12-06', now)).toBe(ORDER_EDIT_MESSAGES.dateSunday);
    expect(orderDateProblem('2026-12-02', '2026-12-09', now)).toMatch(
      /^Choose a delivery date from/,
    );
    expect(orderDateProblem('2026-11-25', '2026-11-24', now)).toBe(ORDER_EDIT_MESSAGES.datePassed);
    expect(orderDateProblem('2026-12-02', '2026-12-04', now)).toBeNull();
  });
});

describe('editMoney (product rule R9.23)', () => {
  const paid = { paid: true, previousTotalPence: 2000, orderStoreCreditPence: 0 };
  it('takes an increase from store credit first, then the card', () => {
    expect(editMoney({ ...paid, totalPence: 2800, storeCreditBalancePence: 300 })).toEqual({
      differencePence: 800,
      cardPence: 500,
      storeCreditSpentPence: 300,
      storeCreditRefundPence: 0,
    });
  });

  it('gives a decrease back as store credit', () => {
    expect(editMoney({ ...paid, totalPence: 1500, storeCreditBalancePence: 0 })).toMatchObject({
      cardPence: 0,
      storeCreditRefundPence: 500,
    });
  });

  it('moves no money on an unpaid order, except credit above its new total', () => {
    expect(
      editMoney({
        paid: false,
        previousTotalPence: 2000,
        totalPence: 1200,
        orderStoreCreditPence: 1500,
        storeCreditBalancePence: 0,
      }),
    ).toMatchObject({ cardPence: 0, storeCreditSpentPence: 0, storeCreditRefundPence: 300 });
  });
});
