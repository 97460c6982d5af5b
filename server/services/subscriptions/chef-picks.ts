import { avoidsAll, ingredientsOf } from '../../../domain/plan-settings';

/** A dish on a week's menu with its variants, as the chef chooses from it. */
export interface MenuDish {
  productId: number;
  title: string;
  /** The description (HTML), where the recipe's ingredients are named (product rule R10.21). */
  description?: string;
  productType: string;
  tags: readonly string[];
  allergenCodes: readonly number[];
  availableForSale: boolean;
  variants: readonly MenuVariant[];
}

export interface MenuVariant {
  id: number;
  title: string;
  pricePence: number;
  isDouble: boolean;
  availableForSale: boolean;
  /** null: stock is not tracked. */
  quantityAvailable: number | null;
}

/** Product rule R7.15: the subscription's dietary flags (true: the customer does not eat it). */
export type DietaryFlags = Partial<Record<string, boolean>>;

/** Allergen codes (product rule R7.8). 107 is molluscs in the EU list the codes follow. */
const ALLERGEN = {
  gluten: 101,
  crustaceans: 102,
  fish: 103,
  eggs: 104,
  milk: 106,
  molluscs: 107,
  nuts: 109,
  sourcesOfGluten: 134,
} as const;

const MEAT_AND_FISH_TAG = 'meat-fish';
const HIDDEN_TAG = 'hide-from-menu';

/** What a flag rules out, by tag, allergen or word in the dish's title. */
const EXCLUSIONS: Record<string, { tags?: string[]; allergens?: number[]; words?: string[] }> = {
  vegetarian: {
    tags: [MEAT_AND_FISH_TAG],
    allergens: [ALLERGEN.fish, ALLERGEN.crustaceans, ALLERGEN.molluscs],
  },
  vegan: {
    tags: [MEAT_AND_FISH_TAG],
    allergens: [
      ALLERGEN.fish,
      ALLERGEN.crustaceans,
      ALLERGEN.molluscs,
      ALLERGEN.eggs,
      ALLERGEN.milk,
    ],
  },
  nuts: { allergens: [ALLERGEN.nuts] },
  glutenFree: { allergens: [ALLERGEN.gluten, ALLERGEN.sourcesOfGluten] },
  fish: { tags: ['fish'], allergens: [ALLERGEN.fish] },
  crustaceans: { tags: ['crustaceans'], allergens: [ALLERGEN.crustaceans] },
  molluscs: { tags: ['molluscs'], allergens: [ALLERGEN.molluscs] },
  beef: { tags: ['beef'], words: ['beef', 'bresaola'] },
  pork: {
    tags: ['pork'],
    words: ['pork', 'pancetta', 'guanciale', 'prosciutto', 'sausage', 'nduja'],
  },
  lamb: { tags: ['lamb'], words: ['lamb'] },
  game: { tags: ['game'], words: ['venison', 'rabbit', 'wild boar', 'duck', 'pheasant'] },
};

const isRecipe = (dish: MenuDish) =>
  dish.productType === 'Recipe Kit' && !dish.tags.includes(HIDDEN_TAG);

const inStock = (variant: MenuVariant) =>
  variant.availableForSale && (variant.quantityAvailable === null || variant.quantityAvailable > 0);

export function suitsDiet(dish: MenuDish, dietary: DietaryFlags): boolean {
  const tags = dish.tags.map((tag) => tag.toLowerCase());
  const title = dish.title.toLowerCase();
  return Object.entries(EXCLUSIONS).every(([flag, rule]) => {
    if (!dietary[flag]) return true;
    if (rule.tags?.some((tag) => tags.includes(tag))) return false;
    if (rule.allergens?.some((code) => dish.allergenCodes.includes(code))) return false;
    return !rule.words?.some((word) => title.includes(word));
  });
}

export interface ChefPick {
  dish: MenuDish;
  variant: MenuVariant;
}

/**
 * The chef's choice for a week the customer did not pick: the first `numberOfRecipes` recipes of
 * the menu, in menu order, that suit the dietary flags and are in stock, one of each; the double
 * portion with `doublePortion`, otherwise the regular one. Fewer when the menu has fewer that suit.
 * Recipes using an ingredient the customer avoids are left out (product rule R10.21).
 */
export function chefPicks(
  menu: readonly MenuDish[],
  numberOfRecipes: number,
  dietary: DietaryFlags,
  avoidedIngredients: readonly string[] = [],
): ChefPick[] {
  const picks: ChefPick[] = [];
  for (const dish of menu) {
    if (picks.length >= numberOfRecipes) break;
    if (!dish.availableForSale || !isRecipe(dish) || !suitsDiet(dish, dietary)) continue;
    if (!avoidsAll(ingredientsOf(dish.title, dish.description ?? ''), avoidedIngredients)) continue;
    const variant = dish.variants.find(
      (v) => v.isDouble === Boolean(dietary.doublePortion) && inStock(v),
    );
    if (variant) picks.push({ dish, variant });
  }
  return picks;
}
