import type { takeawayCategories, takeawayModifiers, takeawayProducts } from '../schema';

type Product = typeof takeawayProducts.$inferInsert;
type Category = typeof takeawayCategories.$inferInsert;
type Modifier = typeof takeawayModifiers.$inferInsert;

/** Each product's own artwork in public/artwork/takeaway/ (product rule R14.6), drawn by `npm run artwork`. */
export const TAKEAWAY_ARTWORK: Record<number, string> = {
  101: 'nduja-mafaldine',
  102: 'cacio-e-pepe',
  103: 'tagliatelle-al-ragu',
  104: 'pappardelle-ai-funghi',
  105: 'tortelloni-burro-e-salvia',
  106: 'gnocchi-al-pomodoro',
  107: 'lasagne-alla-bolognese',
  108: 'linguine-al-granchio',
  201: 'burrata',
  202: 'garlic-focaccia',
  203: 'rocket-parmigiano-salad',
  301: 'tiramisu',
  302: 'panna-cotta',
  401: 'pistachio-gelato',
  402: 'stracciatella-gelato',
  501: 'san-pellegrino-limonata',
  502: 'still-mineral-water',
  601: 'peroni-nastro-azzurro',
  602: 'montepulciano-glass',
  701: 'ragu-kit-for-two',
  702: 'cacio-e-pepe-kit-for-two',
  901: 'extra-parmigiano',
  902: 'add-burrata',
  903: 'gluten-free-pasta',
  904: 'extra-chilli',
};
const imageUrl = (id: number) =>
  TAKEAWAY_ARTWORK[id] ? `/artwork/takeaway/${TAKEAWAY_ARTWORK[id]}.svg` : null;

/** Allergen codes (product rule R7.8): 101 gluten, 102 crustaceans, 103 fish, 104 eggs, 106 milk, 109 nuts, 110 peanuts, 111 sesame, 112 soya, 113 sulphites. */
const dish = (
  id: number,
  title: string,
  pence: number,
  description: string,
  allergenCodes: number[],
  isKit = false,
): Product => ({
  id,
  title,
  description,
  pricePence: pence,
  imageUrl: imageUrl(id),
  kind: 'dish',
  isKit,
  allergenCodes,
});
const modifier = (
  id: number,
  title: string,
  pence: number,
  allergenCodes: number[] = [],
): Product => ({
  id,
  title,
  pricePence: pence,
  imageUrl: imageUrl(id),
  kind: 'modifier',
  allergenCodes,
});

export const TAKEAWAY_CATEGORIES: Category[] = [
  { id: 1, name: "This Week's Specials", position: 1 },
  { id: 2, name: 'Fresh Pasta', position: 2 },
  { id: 3, name: 'Starters & Sides', position: 3 },
  { id: 4, name: 'Desserts', position: 4 },
  { id: 5, name: 'Gelato', position: 5 },
  { id: 6, name: 'Drinks', position: 6 },
  { id: 7, name: 'Alcoholic Drinks', position: 7 },
  { id: 8, name: 'Recipe Kits', position: 8 },
];

export const TAKEAWAY_PRODUCTS: Product[] = [
  dish(
    101,
    'Nduja Mafaldine',
    1250,
    'Ruffled ribbons, spicy nduja, cherry tomatoes and stracciatella.',
    [101, 104, 106],
  ),
  dish(
    102,
    'Cacio e Pepe',
    1050,
    'Tonnarelli, Pecorino Romano and cracked black pepper.',
    [101, 104, 106],
  ),
  dish(
    103,
    'Tagliatelle al Ragù',
    1295,
    'Egg tagliatelle with a slow-cooked beef and pork ragù.',
    [101, 104, 106, 113],
  ),
  dish(
    104,
    'Pappardelle ai Funghi',
    1195,
    'Wide ribbons, wild mushrooms, thyme and Parmigiano.',
    [101, 104, 106],
  ),
  dish(
    105,
    'Tortelloni Burro e Salvia',
    1150,
    'Ricotta and spinach tortelloni in brown butter and sage.',
    [101, 104, 106],
  ),
  dish(
    106,
    'Gnocchi al Pomodoro',
    995,
    'Potato gnocchi, San Marzano tomato and basil. Vegan.',
    [101],
  ),
  dish(
    107,
    'Lasagne alla Bolognese',
    1395,
    'Layers of fresh pasta, ragù and béchamel, baked to order.',
    [101, 104, 106, 113],
  ),
  dish(
    108,
    'Linguine al Granchio',
    1450,
    'Linguine with Devon crab, chilli, lemon and parsley.',
    [101, 102, 104],
  ),
  dish(201, 'Burrata', 750, 'Creamy burrata, heritage tomatoes, basil oil.', [106]),
  dish(202, 'Garlic Focaccia', 450, 'Baked daily with rosemary and sea salt.', [101]),
  dish(
    203,
    'Rocket & Parmigiano Salad',
    550,
    'Rocket, shaved Parmigiano and aged balsamic.',
    [106, 113],
  ),
  dish(301, 'Tiramisù', 650, 'Savoiardi, espresso, mascarpone and cocoa.', [101, 104, 106]),
  dish(302, 'Panna Cotta', 595, 'Vanilla panna cotta with a berry compote.', [106]),
  dish(401, 'Pistachio Gelato', 495, 'Sicilian pistachio, one generous scoop tub.', [106, 109]),
  dish(402, 'Stracciatella Gelato', 495, 'Fior di latte with dark chocolate shards.', [106, 112]),
  dish(501, 'San Pellegrino Limonata', 295, '330 ml can.', []),
  dish(502, 'Still Mineral Water', 250, '500 ml bottle.', []),
  dish(601, 'Peroni Nastro Azzurro', 550, '330 ml bottle. Over 18s only.', [101]),
  dish(602, 'Montepulciano d’Abruzzo', 750, '175 ml glass of red. Over 18s only.', [113]),
  dish(
    701,
    'Ragù Kit for Two',
    2400,
    'Fresh tagliatelle and our ragù to finish at home in 5 minutes.',
    [101, 104, 106, 113],
    true,
  ),
  dish(
    702,
    'Cacio e Pepe Kit for Two',
    1900,
    'Tonnarelli, Pecorino and pepper to finish at home.',
    [101, 104, 106],
    true,
  ),
  modifier(901, 'Extra Parmigiano', 100, [106]),
  modifier(902, 'Add burrata', 350, [106]),
  modifier(903, 'Gluten-free pasta', 150),
  modifier(904, 'Extra chilli', 0),
];

export const TAKEAWAY_MODIFIERS: Modifier[] = [101, 102, 103, 104, 105, 106, 107, 108].flatMap(
  (productId) =>
    [901, 902, 903, 904].map((subProductId, index) => ({
      productId,
      subProductId,
      position: index + 1,
    })),
);

const byCategory: Record<number, number[]> = {
  1: [101],
  2: [102, 103, 104, 105, 106, 107, 108],
  3: [201, 202, 203],
  4: [301, 302],
  5: [401, 402],
  6: [501, 502],
  7: [601, 602],
  8: [701, 702],
};

/** Every site's menu for each fulfilment type it offers; alcohol is not delivered, kits only go out by delivery. */
export function menuItemsFor(restaurantId: number, fulfillmentTypes: string[]) {
  return fulfillmentTypes.flatMap((fulfillmentType) =>
    Object.entries(byCategory)
      .filter(([categoryId]) => !(fulfillmentType === 'delivery' && categoryId === '7'))
      .filter(([categoryId]) => fulfillmentType === 'delivery' || categoryId !== '8')
      .flatMap(([categoryId, productIds]) =>
        productIds.map((productId, index) => ({
          restaurantId,
          fulfillmentType: fulfillmentType as 'delivery' | 'pickup' | 'eat_in',
          categoryId: Number(categoryId),
          productId,
          position: index + 1,
        })),
      ),
  );
}
