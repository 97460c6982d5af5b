/**
 * The demo weekly-menu catalogue: fresh-pasta recipe kits across every dietary group of product
 * rule R7.5, add-ons, bundles, gift boxes and one product hidden from the menu. Ids are fixed so
 * the allowed bundles, stock and unavailable dates can name them; variant ids are the product id
 * times ten plus 1 (Regular) or 2 (Double Portion, Serves 2). Artwork: public/artwork/<kind>/<handle>.svg.
 */

/** Product rule R7.8: the allergen codes used here. */
export const ALLERGEN = {
  celery: 100,
  gluten: 101,
  crustaceans: 102,
  fish: 103,
  eggs: 104,
  milk: 106,
  nuts: 109,
  peanuts: 110,
  sesame: 111,
  soya: 112,
  sulphites: 113,
} as const;

export type ProductType = 'Recipe Kit' | 'Add-on' | 'Bundle' | 'Gift Box';

export interface SeedProduct {
  id: number;
  handle: string;
  title: string;
  description: string;
  productType: ProductType;
  tags: string[];
  allergens: number[];
  /** Regular price; dishes also get a double portion below two regulars. */
  pricePence: number;
  doublePence?: number;
}

const { celery, gluten, crustaceans, fish, eggs, milk, nuts, sesame, soya, sulphites } = ALLERGEN;

const dish = (
  id: number,
  handle: string,
  title: string,
  description: string,
  tags: string[],
  allergens: number[],
  pricePence: number,
): SeedProduct => ({
  id,
  handle,
  title,
  description,
  productType: 'Recipe Kit',
  tags,
  allergens,
  pricePence,
  // About 10% off two regulars, rounded to a price ending in 5p.
  doublePence: Math.round((pricePence * 1.8) / 5) * 5,
});

/** Recipe kits: ids 1 to 24. The first five are on every menu (one per core group). */
export const DISHES: SeedProduct[] = [
  dish(
    1,
    'tagliatelle-beef-ragu',
    'Tagliatelle with Slow-Cooked Beef Ragù',
    'Egg tagliatelle with a six-hour ragù of British beef, soffritto and red wine, finished with Parmigiano Reggiano.',
    ['meat-fish', 'favourites'],
    [gluten, eggs, celery, milk, sulphites],
    895,
  ),
  dish(
    2,
    'cacio-e-pepe-tonnarelli',
    'Cacio e Pepe Tonnarelli',
    'Square-cut tonnarelli tossed with Pecorino Romano and toasted black pepper: Rome in ten minutes.',
    ['vegetarian', 'favourites'],
    [gluten, eggs, milk],
    750,
  ),
  dish(
    3,
    'chickpea-gnocchi-roast-pepper',
    'Chickpea Gnocchi with Roast Pepper Sauce',
    'Plant-based, gluten-free gnocchi of chickpea and potato in a smoky roast red pepper sauce.',
    ['free-from', 'vegetarian'],
    [celery],
    795,
  ),
  dish(
    4,
    'kids-mini-farfalle-tomato',
    "Kids' Mini Farfalle with Tomato & Mozzarella",
    'Little bows of fresh pasta in a gentle tomato sauce with torn mozzarella. Ready in 5 minutes.',
    ['kids'],
    [gluten, eggs, milk],
    495,
  ),
  dish(
    5,
    'create-your-own-ravioli',
    'Create Your Own Ravioli Kit',
    'Fresh pasta sheets, a ravioli cutter and two fillings (ricotta & lemon, nduja & mascarpone) to shape at home.',
    ['create-your-own'],
    [gluten, eggs, milk],
    1195,
  ),
  dish(
    6,
    'pappardelle-lamb-shoulder',
    'Pappardelle with Braised Lamb Shoulder',
    'Wide ribbons with lamb shoulder braised in white wine, rosemary and garlic.',
    ['meat-fish'],
    [gluten, eggs, celery, sulphites],
    1050,
  ),
  dish(
    7,
    'lobster-crab-ravioli',
    'Lobster & Crab Ravioli with Bisque',
    'Saffron pasta filled with lobster and Cornish crab, served with a rich shellfish bisque.',
    ['meat-fish', 'specials'],
    [gluten, eggs, crustaceans, milk, celery],
    1395,
  ),
  dish(
    8,
    'linguine-smoked-salmon-lemon',
    'Linguine with Hot-Smoked Salmon & Lemon',
    'Bronze-cut linguine with flaked hot-smoked salmon, lemon zest, crème fraîche and dill.',
    ['meat-fish'],
    [gluten, fish, eggs, milk],
    925,
  ),
  dish(
    9,
    'orecchiette-nduja-tenderstem',
    "Orecchiette with 'Nduja & Tenderstem",
    'Puglian ear-shaped pasta with spicy Calabrian nduja, tenderstem broccoli and pangrattato.',
    ['meat-fish'],
    [gluten],
    850,
  ),
  dish(
    10,
    'pumpkin-sage-cappellacci',
    'Pumpkin & Sage Cappellacci with Brown Butter',
    'Hand-folded cappellacci of roast pumpkin and amaretti in sage brown butter.',
    ['vegetarian', 'specials'],
    [gluten, eggs, milk, nuts],
    950,
  ),
  dish(
    11,
    'wild-mushroom-tortellini',
    'Wild Mushroom Tortellini with Truffle Cream',
    'Porcini and chestnut mushroom tortellini in a light cream with black truffle.',
    ['vegetarian'],
    [gluten, eggs, milk],
    995,
  ),
  dish(
    12,
    'spinach-ricotta-ravioli',
    'Spinach & Ricotta Ravioli with Tomato Butter',
    'Our best-selling ravioli with a silky San Marzano tomato butter.',
    ['vegetarian', 'favourites'],
    [gluten, eggs, milk],
    850,
  ),
  dish(
    13,
    'trofie-pesto-genovese',
    'Trofie al Pesto Genovese',
    'Twisted trofie with basil pesto, green beans and potato, the Ligurian way.',
    ['vegetarian'],
    [gluten, milk, nuts],
    795,
  ),
  dish(
    14,
    'gluten-free-fusilli-primavera',
    'Gluten-Free Fusilli Primavera',
    'Corn and rice fusilli with spring vegetables, peas and a lemon and herb dressing.',
    ['free-from', 'vegetarian'],
    [sulphites],
    825,
  ),
  dish(
    15,
    'gluten-free-penne-arrabbiata',
    "Gluten-Free Penne all'Arrabbiata",
    'Gluten-free penne in a fiery tomato, garlic and chilli sauce. Vegan.',
    ['free-from', 'vegetarian'],
    [],
    725,
  ),
  dish(
    16,
    'kids-meatball-spaghetti',
    "Kids' Meatball Spaghetti",
    'Mini beef and pork meatballs in tomato sauce with short spaghetti.',
    ['kids', 'meat-fish'],
    [gluten, eggs, milk, celery],
    595,
  ),
  dish(
    17,
    'create-your-own-lasagne',
    'Create Your Own Lasagne Kit',
    'Fresh lasagne sheets, ragù, béchamel and Parmigiano to layer and bake at home.',
    ['create-your-own', 'meat-fish'],
    [gluten, eggs, milk, celery],
    1295,
  ),
  dish(
    18,
    'beef-shin-barolo-agnolotti',
    'Beef Shin & Barolo Agnolotti',
    'Piedmontese pinched parcels of beef shin braised in Barolo, with veal jus.',
    ['meat-fish', 'specials'],
    [gluten, eggs, milk, sulphites, celery],
    1250,
  ),
  dish(
    19,
    'sausage-fennel-rigatoni',
    'Sausage & Fennel Rigatoni',
    'Rigatoni with crumbled fennel sausage, cream and a splash of white wine.',
    ['meat-fish'],
    [gluten, milk, sulphites],
    875,
  ),
  dish(
    20,
    'casarecce-alla-norma',
    'Casarecce alla Norma',
    'Sicilian aubergine, tomato and basil with salted ricotta.',
    ['vegetarian'],
    [gluten, milk],
    795,
  ),
  dish(
    21,
    'squid-ink-spaghetti-prawns',
    'Squid-Ink Spaghetti with Prawns & Chilli',
    'Black spaghetti with king prawns, chilli, garlic and parsley.',
    ['meat-fish', 'specials'],
    [gluten, eggs, crustaceans],
    1195,
  ),
  dish(
    22,
    'gluten-free-gnocchi-sage-butter',
    'Gluten-Free Potato Gnocchi with Sage Butter',
    'Pillowy gluten-free potato gnocchi in sage butter with Grana Padano.',
    ['free-from', 'vegetarian'],
    [milk, eggs],
    775,
  ),
  dish(
    23,
    'walnut-gorgonzola-pansotti',
    'Walnut & Gorgonzola Pansotti',
    'Ligurian herb-filled pansotti in a walnut sauce with dolcelatte.',
    ['vegetarian'],
    [gluten, eggs, milk, nuts],
    925,
  ),
  dish(
    24,
    'sesame-soy-tofu-bucatini',
    'Miso, Sesame & Tofu Bucatini',
    'A Sfoglia experiment: bucatini with miso butter, crispy tofu and toasted sesame.',
    ['vegetarian', 'free-from'],
    [gluten, soya, sesame],
    850,
  ),
];

/** The five dishes every week carries, so each core dietary group is always on the menu. */
export const CORE_DISH_IDS = [1, 2, 3, 4, 5];

const addOn = (
  id: number,
  handle: string,
  title: string,
  description: string,
  tags: string[],
  allergens: number[],
  pricePence: number,
): SeedProduct => ({
  id,
  handle,
  title,
  description,
  productType: 'Add-on',
  tags,
  allergens,
  pricePence,
});

/** Add-ons (ids 31 to 39): sides, desserts and drinks, on every menu. */
export const ADD_ONS: SeedProduct[] = [
  addOn(
    31,
    'rosemary-focaccia',
    'Garlic & Rosemary Focaccia',
    'A tray of Ligurian focaccia to warm through: olive oil, sea salt, rosemary.',
    ['sides', 'accompaniments'],
    [gluten, sesame],
    395,
  ),
  addOn(
    32,
    'burrata-heritage-tomatoes',
    'Burrata with Heritage Tomatoes',
    'Creamy Puglian burrata with heritage tomatoes and basil oil.',
    ['sides', 'accompaniments'],
    [milk],
    595,
  ),
  addOn(
    33,
    'rocket-pear-parmesan-salad',
    'Rocket, Pear & Parmesan Salad',
    'Peppery rocket with pear, shaved Parmesan and toasted walnuts.',
    ['sides', 'accompaniments'],
    [milk, nuts],
    450,
  ),
  addOn(
    34,
    'classic-tiramisu',
    'Classic Tiramisù',
    'Savoiardi soaked in espresso, layered with mascarpone cream and cocoa. Serves 2.',
    ['desserts'],
    [gluten, eggs, milk],
    550,
  ),
  addOn(
    35,
    'panna-cotta-amarena',
    'Vanilla Panna Cotta with Amarena Cherries',
    'Set vanilla cream with wild Amarena cherries. Serves 2.',
    ['desserts'],
    [milk],
    495,
  ),
  addOn(
    36,
    'kids-chocolate-budino',
    "Kids' Chocolate & Hazelnut Budino",
    'A little chocolate pudding with a hazelnut crumb.',
    ['desserts', 'kids'],
    [eggs, milk, nuts],
    295,
  ),
  addOn(
    37,
    'sicilian-cannoli',
    'Sicilian Cannoli (4)',
    'Crisp shells to fill with ricotta, pistachio and candied orange.',
    ['desserts'],
    [gluten, eggs, milk, nuts],
    650,
  ),
  addOn(
    38,
    'san-pellegrino-limonata',
    'San Pellegrino Limonata (4 x 330ml)',
    'Sparkling lemon drink made with Italian lemons.',
    ['drinks', 'accompaniments'],
    [],
    450,
  ),
  addOn(
    39,
    'montepulciano-dabruzzo',
    "Montepulciano d'Abruzzo 75cl",
    'A soft, cherry-scented red for ragù night.',
    ['drinks', 'accompaniments'],
    [sulphites],
    1195,
  ),
];

/** Bundles (ids 41, 42): 41 is in the allowed list (GET bundles), 42 is not. */
export const BUNDLES: SeedProduct[] = [
  {
    id: 41,
    handle: 'date-night-bundle',
    title: 'Date Night Bundle',
    description: 'Two double portions of our favourites, a focaccia and a tiramisù for two.',
    productType: 'Bundle',
    tags: ['bundles'],
    allergens: [gluten, eggs, milk, sesame],
    pricePence: 3495,
  },
  {
    id: 42,
    handle: 'family-feast-bundle',
    title: 'Family Feast Bundle',
    description: "Lasagne kit, two kids' dishes, a salad and cannoli for the family.",
    productType: 'Bundle',
    tags: ['bundles'],
    allergens: [gluten, eggs, milk, nuts, celery],
    pricePence: 4495,
  },
];

export const ALLOWED_BUNDLE_IDS = [41];

/**
 * Gift boxes (ids 51, 52): in the catalogue, kept off the menu by their type (product rule R7.3).
 */
export const GIFT_BOXES: SeedProduct[] = [
  {
    id: 51,
    handle: 'gift-box-four-dishes',
    title: 'Sfoglia Gift Box: Four Dishes',
    description: 'Four chef-chosen dishes in a gift box, with a handwritten card.',
    productType: 'Gift Box',
    tags: ['gift'],
    allergens: [gluten, eggs, milk],
    pricePence: 4500,
  },
  {
    id: 52,
    handle: 'gift-box-pasta-lover',
    title: "Pasta Lover's Gift Box",
    description: 'Six dishes, a bottle of Montepulciano and a tiramisù.',
    productType: 'Gift Box',
    tags: ['gift'],
    allergens: [gluten, eggs, milk, sulphites],
    pricePence: 7500,
  },
];

/** Tested in the kitchen, not yet for sale on the menu: tagged hide-from-menu. */
export const HIDDEN_PRODUCT: SeedProduct = dish(
  61,
  'chestnut-tagliolini-preview',
  "Chef's Preview: Chestnut Tagliolini",
  'A winter dish in testing: chestnut-flour tagliolini with porcini.',
  ['hide-from-menu', 'vegetarian'],
  [gluten, eggs, milk],
  995,
);

export const ALL_PRODUCTS: SeedProduct[] = [
  ...DISHES,
  ...ADD_ONS,
  ...BUNDLES,
  ...GIFT_BOXES,
  HIDDEN_PRODUCT,
];

export const REGULAR_TITLE = 'Regular';
export const DOUBLE_TITLE = 'Double Portion, Serves 2';
export const regularVariantId = (productId: number) => productId * 10 + 1;
export const doubleVariantId = (productId: number) => productId * 10 + 2;

/** Stock that runs out: the lobster ravioli's double is sold out, two Barolo agnolotti are left. */
export const TRACKED_STOCK: Record<number, number> = {
  [doubleVariantId(7)]: 0,
  [regularVariantId(18)]: 2,
};
