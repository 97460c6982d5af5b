/**
 * The pasta plan's settings (product rules R10.19-R10.23): shared by the server, the plan-settings
 * machine and its page.
 */

/** Product rule R10.19: a box holds 2 to 12 recipes; a plan delivers every 1 to 4 weeks. */
export const RECIPES_MIN = 2;
export const RECIPES_MAX = 12;
export const FREQUENCIES = [1, 2, 3, 4] as const;
export const DELIVERY_NOTE_MAX = 500;

/** 1 Monday .. 6 Saturday: never Sunday (no Sunday deliveries). */
export const DELIVERY_DAYS = [
  { day: 1, label: 'Monday' },
  { day: 2, label: 'Tuesday' },
  { day: 3, label: 'Wednesday' },
  { day: 4, label: 'Thursday' },
  { day: 5, label: 'Friday' },
  { day: 6, label: 'Saturday' },
] as const;

export const frequencyLabel = (weeks: number) =>
  weeks === 1 ? 'Every week' : `Every ${weeks} weeks`;

/** The subscription's 13 dietary flags (true: leave it out of the chef's picks). */
export const DIETARY_FLAGS = [
  { flag: 'vegetarian', label: 'Vegetarian' },
  { flag: 'vegan', label: 'Vegan' },
  { flag: 'glutenFree', label: 'Gluten free' },
  { flag: 'nuts', label: 'No nuts' },
  { flag: 'beef', label: 'No beef' },
  { flag: 'pork', label: 'No pork' },
  { flag: 'lamb', label: 'No lamb' },
  { flag: 'game', label: 'No game' },
  { flag: 'fish', label: 'No fish' },
  { flag: 'crustaceans', label: 'No crustaceans' },
  { flag: 'molluscs', label: 'No molluscs' },
  { flag: 'cocktails', label: 'Cocktails in my box' },
  { flag: 'doublePortion', label: 'Double portions (serves 2)' },
] as const;

export type DietaryFlag = (typeof DIETARY_FLAGS)[number]['flag'];
export const DIETARY_FLAG_NAMES: readonly DietaryFlag[] = DIETARY_FLAGS.map((f) => f.flag);

/** camelCase flag to the API's snake_case and back. */
export const snakeFlag = (flag: string) => flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camelFlag = (flag: string) =>
  flag.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Product rule R10.21: the ingredients a customer can avoid. Each is found in a recipe's title or
 * description by one of its words; `GET ingredients` lists those the catalogue's recipes use.
 */
export const INGREDIENTS = [
  { id: 'anchovies', name: 'Anchovies', words: ['anchov'] },
  { id: 'aubergine', name: 'Aubergine', words: ['aubergine'] },
  { id: 'basil', name: 'Basil', words: ['basil', 'pesto'] },
  { id: 'broccoli', name: 'Broccoli', words: ['broccoli', 'tenderstem'] },
  { id: 'chickpeas', name: 'Chickpeas', words: ['chickpea'] },
  { id: 'chilli', name: 'Chilli', words: ['chilli', 'arrabbiata', 'nduja'] },
  { id: 'cream', name: 'Cream', words: ['cream', 'mascarpone', 'béchamel'] },
  { id: 'dill', name: 'Dill', words: ['dill'] },
  { id: 'fennel', name: 'Fennel', words: ['fennel'] },
  { id: 'garlic', name: 'Garlic', words: ['garlic'] },
  { id: 'gorgonzola', name: 'Gorgonzola', words: ['gorgonzola', 'dolcelatte'] },
  { id: 'lemon', name: 'Lemon', words: ['lemon'] },
  { id: 'miso', name: 'Miso', words: ['miso'] },
  { id: 'mozzarella', name: 'Mozzarella', words: ['mozzarella', 'burrata'] },
  { id: 'mushrooms', name: 'Mushrooms', words: ['mushroom', 'porcini'] },
  { id: 'parmesan', name: 'Parmesan', words: ['parmigiano', 'parmesan', 'grana padano'] },
  { id: 'peas', name: 'Peas', words: ['peas'] },
  { id: 'pecorino', name: 'Pecorino', words: ['pecorino'] },
  { id: 'peppers', name: 'Peppers', words: ['pepper sauce', 'red pepper', 'roast pepper'] },
  { id: 'potato', name: 'Potato', words: ['potato'] },
  { id: 'pumpkin', name: 'Pumpkin', words: ['pumpkin', 'squash'] },
  { id: 'ricotta', name: 'Ricotta', words: ['ricotta'] },
  { id: 'rosemary', name: 'Rosemary', words: ['rosemary'] },
  { id: 'saffron', name: 'Saffron', words: ['saffron'] },
  { id: 'sage', name: 'Sage', words: ['sage '] },
  { id: 'spinach', name: 'Spinach', words: ['spinach'] },
  { id: 'tofu', name: 'Tofu', words: ['tofu'] },
  { id: 'tomato', name: 'Tomato', words: ['tomato', 'arrabbiata', 'alla norma'] },
  { id: 'truffle', name: 'Truffle', words: ['truffle'] },
  { id: 'walnuts', name: 'Walnuts', words: ['walnut'] },
  { id: 'wine', name: 'Wine', words: ['wine', 'barolo'] },
] as const;

export const INGREDIENT_IDS: readonly string[] = INGREDIENTS.map((i) => i.id);
export const MAX_AVOIDED_INGREDIENTS = 10;

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .toLowerCase();

/** The ingredient ids a recipe uses, from its title and description (HTML allowed). */
export function ingredientsOf(title: string, description: string): string[] {
  const text = ` ${plainText(title)} ${plainText(description)} `;
  return INGREDIENTS.filter((ingredient) => ingredient.words.some((w) => text.includes(w))).map(
    (ingredient) => ingredient.id,
  );
}

/** Product rule R10.21: a recipe suits the customer when it uses none of the avoided ingredients. */
export const avoidsAll = (used: readonly string[], avoided: readonly string[]) =>
  !used.some((id) => avoided.includes(id));

export const PLAN_SETTINGS_MESSAGES = {
  recipes: `Choose between ${RECIPES_MIN} and ${RECIPES_MAX} recipes per box.`,
  nothingToChange: 'Choose something to change.',
  address: 'Choose one of your saved addresses.',
  ingredient: 'Choose ingredients from the list.',
  tooManyIngredients: `Choose at most ${MAX_AVOIDED_INGREDIENTS} ingredients to avoid.`,
  priceChanged: 'The price of your next box changes with this: check the new price and save again.',
  notStarted: 'This plan has no delivery schedule yet.',
  saveFailed: "Couldn't save your plan settings. Please try again.",
  loadFailed: "Couldn't load your plan settings. Please try again.",
  previewFailed: "Couldn't work out the price of your next box. Please try again.",
} as const;

/** Pence as pounds: £12.50. */
export const poundsOf = (pence: number) => `£${(pence / 100).toFixed(2)}`;
