import { describe, expect, it } from 'vitest';
import {
  avoidsAll,
  camelFlag,
  DIETARY_FLAGS,
  ingredientsOf,
  INGREDIENT_IDS,
  snakeFlag,
} from '../../domain/plan-settings';
import { DISHES } from '../../server/db/seed-data/catalogue-products';
import { chefPicks, type MenuDish } from '../../server/services/subscriptions/chef-picks';

const dish = (productId: number, title: string, description = ''): MenuDish => ({
  productId,
  title,
  description,
  productType: 'Recipe Kit',
  tags: [],
  allergenCodes: [],
  availableForSale: true,
  variants: [
    {
      id: productId * 10 + 1,
      title: 'Regular',
      pricePence: 650,
      isDouble: false,
      availableForSale: true,
      quantityAvailable: null,
    },
  ],
});

describe('product rule R10.19: the 13 dietary flags', () => {
  it('lists the flags of the subscription, each with its API name', () => {
    expect(DIETARY_FLAGS.map((f) => f.flag).sort()).toEqual(
      [
        'beef',
        'cocktails',
        'crustaceans',
        'doublePortion',
        'fish',
        'game',
        'glutenFree',
        'lamb',
        'nuts',
        'pork',
        'vegan',
        'vegetarian',
        'molluscs',
      ].sort(),
    );
    for (const { flag } of DIETARY_FLAGS) expect(camelFlag(snakeFlag(flag))).toBe(flag);
    expect(snakeFlag('glutenFree')).toBe('gluten_free');
  });
});

describe('product rule R10.21: ingredients found in the recipes', () => {
  it('finds an ingredient by its words in the title or the description, HTML or not', () => {
    expect(ingredientsOf('Wild Mushroom Tortellini', '<p>Porcini &amp; truffle</p>')).toEqual(
      expect.arrayContaining(['mushrooms', 'truffle']),
    );
    expect(ingredientsOf('Gluten-Free Penne Arrabbiata', '')).toEqual(
      expect.arrayContaining(['chilli', 'tomato']),
    );
    expect(ingredientsOf('Plain Pasta', 'Just pasta.')).toEqual([]);
  });

  it('finds several ingredients in the seeded recipes, each id unique', () => {
    const found = new Set(DISHES.flatMap((d) => ingredientsOf(d.title, d.description)));
    expect(found.size).toBeGreaterThan(15);
    expect(new Set(INGREDIENT_IDS).size).toBe(INGREDIENT_IDS.length);
  });

  it('a recipe suits when it uses none of the avoided ingredients', () => {
    expect(avoidsAll(['garlic', 'tomato'], ['mushrooms'])).toBe(true);
    expect(avoidsAll(['garlic', 'tomato'], ['tomato'])).toBe(false);
    expect(avoidsAll([], ['tomato'])).toBe(true);
  });

  it("the chef's picks leave out recipes with an avoided ingredient, keeping the number", () => {
    const menu = [
      dish(1, 'Wild Mushroom Tortellini'),
      dish(2, 'Tomato Ravioli'),
      dish(3, 'Lemon Linguine'),
      dish(4, 'Pumpkin Cappellacci'),
    ];
    const titles = (avoided: string[], n = 2) =>
      chefPicks(menu, n, {}, avoided).map((p) => p.dish.title);
    expect(titles([])).toEqual(['Wild Mushroom Tortellini', 'Tomato Ravioli']);
    expect(titles(['mushrooms'])).toEqual(['Tomato Ravioli', 'Lemon Linguine']);
    expect(titles(['mushrooms', 'tomato'], 3)).toEqual(['Lemon Linguine', 'Pumpkin Cappellacci']);
  });
});
