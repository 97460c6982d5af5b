import { describe, expect, it } from 'vitest';
import { chefPicks, type MenuDish } from '../../server/services/subscriptions/chef-picks';
import { isDueWeek } from '../../server/services/subscriptions/billing-job';
import { billingDateFor, plannedWeeks } from '../../server/services/subscriptions/schedule-dates';

let nextId = 1;
function dish(title: string, options: Partial<MenuDish> = {}): MenuDish {
  const id = nextId++;
  return {
    productId: id,
    title,
    productType: 'Recipe Kit',
    tags: [],
    allergenCodes: [],
    availableForSale: true,
    variants: [
      {
        id: id * 10,
        title: 'Regular',
        pricePence: 650,
        isDouble: false,
        availableForSale: true,
        quantityAvailable: null,
      },
      {
        id: id * 10 + 1,
        title: 'Double Portion, Serves 2',
        pricePence: 1150,
        isDouble: true,
        availableForSale: true,
        quantityAvailable: null,
      },
    ],
    ...options,
  };
}

const titles = (picks: ReturnType<typeof chefPicks>) => picks.map((pick) => pick.dish.title);

describe('chefPicks', () => {
  const ragu = dish('Tagliatelle al ragù di manzo', {
    tags: ['meat-fish', 'beef'],
    allergenCodes: [101, 104],
  });
  const vongole = dish('Linguine alle vongole', { tags: ['meat-fish'], allergenCodes: [101, 107] });
  const pesto = dish('Trofie al pesto', { tags: ['vegetarian'], allergenCodes: [101, 106, 109] });
  const gf = dish('Gnocchi di patate al pomodoro', { tags: ['vegetarian', 'vegan'] });
  const ricotta = dish('Ravioli di ricotta', {
    tags: ['vegetarian'],
    allergenCodes: [101, 104, 106],
  });
  const dessert = dish('Tiramisù', { productType: 'Add-on' });
  const hidden = dish('Staff special', { tags: ['hide-from-menu'] });
  const menu = [dessert, hidden, ragu, vongole, pesto, gf, ricotta];

  it('takes the first recipes in menu order, never add-ons or hidden dishes', () => {
    expect(titles(chefPicks(menu, 2, {}))).toEqual([ragu.title, vongole.title]);
  });

  it('vegetarian leaves out meat and fish', () => {
    expect(titles(chefPicks(menu, 3, { vegetarian: true }))).toEqual([
      pesto.title,
      gf.title,
      ricotta.title,
    ]);
  });

  it('vegan also leaves out milk and eggs', () => {
    expect(titles(chefPicks(menu, 3, { vegan: true }))).toEqual([gf.title]);
  });

  it('nuts leaves out allergen 109', () => {
    expect(titles(chefPicks(menu, 5, { nuts: true, vegetarian: true }))).toEqual([
      gf.title,
      ricotta.title,
    ]);
  });

  it('glutenFree leaves out allergens 101 and 134', () => {
    const withSources = dish('Farro salad', { allergenCodes: [134] });
    expect(titles(chefPicks([...menu, withSources], 5, { glutenFree: true }))).toEqual([gf.title]);
  });

  it('beef and molluscs leave out their dishes', () => {
    expect(titles(chefPicks(menu, 2, { beef: true, molluscs: true }))).toEqual([
      pesto.title,
      gf.title,
    ]);
  });

  it('doublePortion picks the double variants, otherwise the regular ones', () => {
    expect(chefPicks(menu, 1, { doublePortion: true })[0]!.variant.isDouble).toBe(true);
    expect(chefPicks(menu, 1, {})[0]!.variant.title).toBe('Regular');
  });

  it('skips a dish whose variant is out of stock', () => {
    const soldOut = dish('Sold out', {
      variants: [
        {
          id: 999,
          title: 'Regular',
          pricePence: 650,
          isDouble: false,
          availableForSale: true,
          quantityAvailable: 0,
        },
      ],
    });
    expect(titles(chefPicks([soldOut, gf], 1, {}))).toEqual([gf.title]);
  });

  it('answers fewer when the menu has fewer that suit', () => {
    expect(chefPicks(menu, 12, { vegan: true })).toHaveLength(1);
    expect(chefPicks([], 4, {})).toEqual([]);
  });
});

describe('the schedule and the due weeks', () => {
  it('bills a week at Friday 12:00 UTC before its Monday', () => {
    expect(billingDateFor('2030-01-07').toISOString()).toBe('2030-01-04T12:00:00.000Z');
    expect(billingDateFor('2029-12-31').toISOString()).toBe('2029-12-28T12:00:00.000Z');
  });

  it('plans weeks every `frequency` weeks on the delivery day', () => {
    const weeks = plannedWeeks(
      { firstDelivery: '2030-01-09', deliveryDay: 3, frequency: 2 },
      '2030-02-04',
    );
    expect(weeks.map((w) => w.deliveryDate)).toEqual(['2030-01-09', '2030-01-23', '2030-02-06']);
  });

  it('is due from its cut-off until its delivery, when active and without an order', () => {
    const week = {
      state: 'active',
      billingDate: new Date('2030-01-04T12:00:00Z'),
      deliveryDate: '2030-01-09',
    };
    expect(isDueWeek(week, new Date('2030-01-04T11:59:59Z'), false)).toBe(false);
    expect(isDueWeek(week, new Date('2030-01-04T12:00:00Z'), false)).toBe(true);
    expect(isDueWeek(week, new Date('2030-01-09T23:00:00Z'), false)).toBe(true);
    expect(isDueWeek(week, new Date('2030-01-10T00:00:00Z'), false)).toBe(false);
    expect(isDueWeek(week, new Date('2030-01-05T00:00:00Z'), true)).toBe(false);
    expect(isDueWeek({ ...week, state: 'skipped' }, new Date('2030-01-05T00:00:00Z'), false)).toBe(
      false,
    );
  });
});
