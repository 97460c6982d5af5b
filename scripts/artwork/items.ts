import { drawBox, type BoxRecipe } from './boxes';
import { drawPasta, type PastaRecipe } from './dish';
import * as drinks from './drinks';
import { drawShop, type ShopRecipe } from './shopfront';
import * as sides from './sides';
import type { Canvas } from './svg';
import * as sweets from './sweets';

/** The folders under public/artwork/, one per kind of thing sold (and the restaurants). */
export type ArtworkKind = 'takeaway' | 'kit' | 'add-on' | 'bundle' | 'gift-box' | 'restaurant';

export interface Artwork {
  kind: ArtworkKind;
  slug: string;
  /** The accessible name inside the SVG: what the picture shows. */
  title: string;
  draw: (c: Canvas) => void;
}

const dish = (kind: ArtworkKind, slug: string, title: string, recipe: PastaRecipe): Artwork => ({
  kind,
  slug,
  title,
  draw: (c) => drawPasta(c, recipe),
});
const box = (kind: ArtworkKind, slug: string, title: string, recipe: BoxRecipe): Artwork => ({
  kind,
  slug,
  title,
  draw: (c) => drawBox(c, recipe),
});
const other = (kind: ArtworkKind, slug: string, title: string, draw: (c: Canvas) => void) => ({
  kind,
  slug,
  title,
  draw,
});
const shop = (slug: string, recipe: ShopRecipe): Artwork => ({
  kind: 'restaurant',
  slug,
  title: `The Sfoglia restaurant in ${recipe.site}`,
  draw: (c) => drawShop(c, recipe),
});

const KRAFT: [string, string] = ['#d9b27a', '#a97c45'];

/** Takeaway menu: dishes in bowls, starters, desserts, drinks, kits and add-ons. */
const TAKEAWAY: Artwork[] = [
  dish('takeaway', 'nduja-mafaldine', 'Nduja mafaldine', {
    shape: 'mafaldine',
    dough: 'egg',
    sauce: 'nduja',
    vessel: 'bowl',
    toppings: [
      ['tomatoHalf', 7, 1.1],
      ['stracciatella', 4, 1.4],
      ['basil', 3],
    ],
  }),
  dish('takeaway', 'cacio-e-pepe', 'Cacio e pepe', {
    shape: 'tonnarelli',
    dough: 'egg',
    sauce: 'cacio',
    vessel: 'bowl',
    coat: 0.5,
    toppings: [
      ['pecorino', 16],
      ['pepper', 22],
    ],
  }),
  dish('takeaway', 'tagliatelle-al-ragu', 'Tagliatelle al ragù', {
    shape: 'tagliatelle',
    dough: 'egg',
    sauce: 'ragu',
    vessel: 'bowl',
    coat: 0.5,
    toppings: [
      ['meatCrumb', 30],
      ['parmesan', 5],
      ['basil', 2],
    ],
  }),
  dish('takeaway', 'pappardelle-ai-funghi', 'Pappardelle ai funghi', {
    shape: 'pappardelle',
    dough: 'egg',
    sauce: 'truffleCream',
    vessel: 'bowl',
    toppings: [
      ['mushroom', 9, 1.2],
      ['parmesan', 6],
      ['parsley', 6],
    ],
  }),
  dish('takeaway', 'tortelloni-burro-e-salvia', 'Tortelloni burro e salvia', {
    shape: 'tortelloni',
    dough: 'egg',
    sauce: 'butterSage',
    vessel: 'bowl',
    toppings: [
      ['friedSage', 7, 1.2],
      ['parmesan', 4],
      ['pepper', 6],
    ],
  }),
  dish('takeaway', 'gnocchi-al-pomodoro', 'Gnocchi al pomodoro', {
    shape: 'gnocchi',
    dough: 'potato',
    sauce: 'tomato',
    vessel: 'bowl',
    coat: 0.5,
    toppings: [['basil', 6, 1.2]],
  }),
  dish('takeaway', 'lasagne-alla-bolognese', 'Lasagne alla bolognese', {
    shape: 'lasagne',
    dough: 'egg',
    sauce: 'ragu',
    vessel: 'plate',
    toppings: [['basil', 2]],
  }),
  dish('takeaway', 'linguine-al-granchio', 'Linguine al granchio', {
    shape: 'linguine',
    dough: 'durum',
    sauce: 'lemonHerb',
    vessel: 'bowl',
    toppings: [
      ['crab', 16, 1.2],
      ['chilli', 6],
      ['parsley', 8],
      ['lemonZest', 8],
    ],
  }),
  other('takeaway', 'burrata', 'Burrata with heritage tomatoes', sides.burrataPlate),
  other('takeaway', 'garlic-focaccia', 'Garlic focaccia', sides.focacciaSlices),
  other('takeaway', 'rocket-parmigiano-salad', 'Rocket and Parmigiano salad', (c) =>
    sides.rocketSalad(c, false),
  ),
  other('takeaway', 'tiramisu', 'Tiramisù in a glass', sweets.tiramisuGlass),
  other('takeaway', 'panna-cotta', 'Panna cotta with berries', (c) =>
    sweets.pannaCotta(c, 'berries'),
  ),
  other('takeaway', 'pistachio-gelato', 'Pistachio gelato', (c) => sweets.gelato(c, 'pistachio')),
  other('takeaway', 'stracciatella-gelato', 'Stracciatella gelato', (c) =>
    sweets.gelato(c, 'stracciatella'),
  ),
  other('takeaway', 'san-pellegrino-limonata', 'A can of lemonade', drinks.limonataCan),
  other('takeaway', 'still-mineral-water', 'A bottle of still water', drinks.waterBottle),
  other('takeaway', 'peroni-nastro-azzurro', 'A bottle of lager', drinks.beerBottle),
  other('takeaway', 'montepulciano-glass', 'A glass of red wine', drinks.wineGlass),
  box('takeaway', 'ragu-kit-for-two', 'Ragù kit for two', {
    box: KRAFT,
    columns: 2,
    label: 'Ragù kit',
    contents: [
      { item: 'nests', dough: '#f3d27a' },
      { item: 'tub', sauce: 'ragu', lid: '#b5452a' },
      { item: 'cheese' },
      { item: 'card' },
    ],
  }),
  box('takeaway', 'cacio-e-pepe-kit-for-two', 'Cacio e pepe kit for two', {
    box: ['#3a4a52', '#222b31'],
    columns: 2,
    label: 'Cacio e pepe',
    contents: [
      { item: 'nests', dough: '#f6e3ab' },
      { item: 'cheese' },
      { item: 'pepper' },
      { item: 'card' },
    ],
  }),
  other('takeaway', 'extra-parmigiano', 'A wedge of Parmigiano', sides.extraParmigiano),
  other('takeaway', 'add-burrata', 'A burrata', sides.addBurrata),
  other('takeaway', 'gluten-free-pasta', 'Gluten-free pasta', sides.glutenFreePasta),
  other('takeaway', 'extra-chilli', 'Fresh chillies', sides.extraChilli),
];

/** The recipe-kit catalogue: dishes on plates, add-ons, bundles and gift boxes (by handle). */
const CATALOGUE: Artwork[] = [
  dish('kit', 'tagliatelle-beef-ragu', 'Tagliatelle with beef ragù', {
    shape: 'tagliatelle',
    dough: 'egg',
    sauce: 'ragu',
    coat: 0.6,
    toppings: [
      ['meatCrumb', 24, 1.2],
      ['parmesan', 9],
    ],
  }),
  dish('kit', 'cacio-e-pepe-tonnarelli', 'Cacio e pepe tonnarelli', {
    shape: 'tonnarelli',
    dough: 'durum',
    sauce: 'cacio',
    coat: 0.6,
    toppings: [
      ['pepper', 30],
      ['parmesan', 6, 0.8],
    ],
  }),
  dish('kit', 'chickpea-gnocchi-roast-pepper', 'Chickpea gnocchi with roast pepper sauce', {
    shape: 'gnocchi',
    dough: 'chickpea',
    sauce: 'roastPepper',
    coat: 0.6,
    toppings: [
      ['basil', 3],
      ['parsley', 5],
    ],
  }),
  dish('kit', 'kids-mini-farfalle-tomato', 'Mini farfalle with tomato and mozzarella', {
    shape: 'farfalle',
    dough: 'egg',
    sauce: 'tomato',
    toppings: [
      ['mozzarella', 7, 1.3],
      ['basil', 2],
    ],
  }),
  dish('kit', 'create-your-own-ravioli', 'Home-made ravioli', {
    shape: 'ravioli',
    dough: 'egg',
    sauce: 'butterSage',
    toppings: [
      ['lemonZest', 10],
      ['chilliFlakes', 6],
      ['ricotta', 8],
    ],
  }),
  dish('kit', 'pappardelle-lamb-shoulder', 'Pappardelle with braised lamb', {
    shape: 'pappardelle',
    dough: 'egg',
    sauce: 'whiteWine',
    toppings: [
      ['lamb', 14, 1.2],
      ['rosemary', 4],
    ],
  }),
  dish('kit', 'lobster-crab-ravioli', 'Lobster and crab ravioli with bisque', {
    shape: 'ravioli',
    dough: 'saffron',
    sauce: 'bisque',
    vessel: 'bowl',
    toppings: [
      ['lobster', 5, 1.3],
      ['crab', 6],
      ['dill', 5],
    ],
  }),
  dish('kit', 'linguine-smoked-salmon-lemon', 'Linguine with hot-smoked salmon and lemon', {
    shape: 'linguine',
    dough: 'durum',
    sauce: 'cream',
    toppings: [
      ['salmon', 12, 1.2],
      ['dill', 8],
      ['lemonZest', 8],
    ],
  }),
  dish('kit', 'orecchiette-nduja-tenderstem', 'Orecchiette with nduja and tenderstem', {
    shape: 'orecchiette',
    dough: 'durum',
    sauce: 'nduja',
    toppings: [
      ['broccoli', 7, 1.2],
      ['crumbs', 14],
    ],
  }),
  dish('kit', 'pumpkin-sage-cappellacci', 'Pumpkin cappellacci in brown butter', {
    shape: 'cappellacci',
    dough: 'egg',
    sauce: 'brownButter',
    toppings: [
      ['friedSage', 6, 1.2],
      ['amaretti', 8],
    ],
  }),
  dish('kit', 'wild-mushroom-tortellini', 'Wild mushroom tortellini with truffle cream', {
    shape: 'tortelloni',
    dough: 'egg',
    sauce: 'truffleCream',
    vessel: 'bowl',
    toppings: [
      ['mushroom', 5],
      ['truffle', 7],
    ],
  }),
  dish('kit', 'spinach-ricotta-ravioli', 'Spinach and ricotta ravioli with tomato butter', {
    shape: 'ravioli',
    dough: 'egg',
    sauce: 'tomatoButter',
    toppings: [
      ['basil', 4],
      ['parmesan', 4],
    ],
  }),
  dish('kit', 'trofie-pesto-genovese', 'Trofie with pesto, beans and potato', {
    shape: 'trofie',
    dough: 'durum',
    sauce: 'pesto',
    coat: 0.6,
    toppings: [
      ['greenBean', 6],
      ['potato', 6],
      ['pineNut', 9],
      ['basil', 3],
    ],
  }),
  dish('kit', 'gluten-free-fusilli-primavera', 'Gluten-free fusilli primavera', {
    shape: 'fusilli',
    dough: 'corn',
    sauce: 'lemonHerb',
    toppings: [
      ['pea', 16],
      ['greenBean', 4],
      ['lemonZest', 6],
      ['basil', 2],
    ],
  }),
  dish('kit', 'gluten-free-penne-arrabbiata', 'Gluten-free penne arrabbiata', {
    shape: 'penne',
    dough: 'corn',
    sauce: 'arrabbiata',
    coat: 0.6,
    vessel: 'bowl',
    toppings: [
      ['chilli', 6],
      ['parsley', 6],
    ],
  }),
  dish('kit', 'kids-meatball-spaghetti', 'Spaghetti and meatballs', {
    shape: 'spaghetti',
    dough: 'durum',
    sauce: 'tomato',
    coat: 0.5,
    toppings: [
      ['meatball', 6, 1.1],
      ['parmesan', 3],
    ],
  }),
  box('kit', 'create-your-own-lasagne', 'Lasagne kit: sheets, ragù, béchamel and Parmigiano', {
    box: ['#b5452a', '#86301b'],
    columns: 2,
    label: 'Lasagne',
    contents: [
      { item: 'lasagne' },
      { item: 'tub', sauce: 'ragu', lid: '#86301b' },
      { item: 'tub', sauce: 'cream', lid: '#c99a2e' },
      { item: 'cheese' },
    ],
  }),
  dish('kit', 'beef-shin-barolo-agnolotti', 'Beef shin agnolotti with Barolo jus', {
    shape: 'agnolotti',
    dough: 'egg',
    sauce: 'jus',
    toppings: [
      ['beefShin', 5],
      ['parsley', 4],
      ['parmesan', 3],
    ],
  }),
  dish('kit', 'sausage-fennel-rigatoni', 'Sausage and fennel rigatoni', {
    shape: 'rigatoni',
    dough: 'durum',
    sauce: 'sausageCream',
    toppings: [
      ['sausage', 16],
      ['dill', 5],
    ],
  }),
  dish('kit', 'casarecce-alla-norma', 'Casarecce alla Norma', {
    shape: 'casarecce',
    dough: 'durum',
    sauce: 'tomato',
    toppings: [
      ['aubergine', 8, 1.1],
      ['ricotta', 10],
      ['basil', 4],
    ],
  }),
  dish('kit', 'squid-ink-spaghetti-prawns', 'Squid-ink spaghetti with prawns', {
    shape: 'spaghetti',
    dough: 'squidInk',
    sauce: 'whiteWine',
    toppings: [
      ['prawn', 5, 1.1],
      ['chilli', 6],
      ['parsley', 6],
    ],
  }),
  dish('kit', 'gluten-free-gnocchi-sage-butter', 'Gluten-free gnocchi in sage butter', {
    shape: 'gnocchi',
    dough: 'potato',
    sauce: 'butterSage',
    vessel: 'bowl',
    toppings: [
      ['friedSage', 6, 1.2],
      ['parmesan', 6],
    ],
  }),
  dish('kit', 'walnut-gorgonzola-pansotti', 'Pansotti in walnut sauce', {
    shape: 'pansotti',
    dough: 'egg',
    sauce: 'walnut',
    toppings: [
      ['walnutPiece', 8],
      ['parsley', 4],
    ],
  }),
  dish('kit', 'sesame-soy-tofu-bucatini', 'Miso bucatini with crispy tofu and sesame', {
    shape: 'bucatini',
    dough: 'wholewheat',
    sauce: 'miso',
    vessel: 'bowl',
    toppings: [
      ['tofu', 8],
      ['sesame', 20],
      ['onionSpring', 10],
    ],
  }),
  dish('kit', 'chestnut-tagliolini-preview', 'Chestnut tagliolini with porcini', {
    shape: 'tagliolini',
    dough: 'chestnut',
    sauce: 'truffleCream',
    toppings: [
      ['mushroom', 6],
      ['parsley', 5],
    ],
  }),
  other('add-on', 'rosemary-focaccia', 'A tray of rosemary focaccia', sides.focacciaTray),
  other(
    'add-on',
    'burrata-heritage-tomatoes',
    'Burrata with heritage tomatoes on a board',
    sides.burrataBoard,
  ),
  other('add-on', 'rocket-pear-parmesan-salad', 'Rocket, pear and Parmesan salad', (c) =>
    sides.rocketSalad(c, true),
  ),
  other('add-on', 'classic-tiramisu', 'A dish of tiramisù', sweets.tiramisuDish),
  other('add-on', 'panna-cotta-amarena', 'Panna cotta with Amarena cherries', (c) =>
    sweets.pannaCotta(c, 'amarena'),
  ),
  other('add-on', 'kids-chocolate-budino', 'Chocolate budino with hazelnut crumb', sweets.budino),
  other('add-on', 'sicilian-cannoli', 'Four cannoli', sweets.cannoli),
  other('add-on', 'san-pellegrino-limonata', 'Four cans of lemonade', drinks.limonataFourPack),
  other('add-on', 'montepulciano-dabruzzo', "A bottle of Montepulciano d'Abruzzo", (c) =>
    drinks.wineBottle(c, 'Montepulciano'),
  ),
  box('bundle', 'date-night-bundle', 'Date night bundle: two dishes, focaccia and tiramisù', {
    box: ['#c8553a', '#96361f'],
    columns: 2,
    label: 'Date night',
    contents: [
      { item: 'dish', sauce: 'ragu' },
      { item: 'dish', sauce: 'cacio' },
      { item: 'focaccia' },
      { item: 'tiramisu' },
    ],
  }),
  box(
    'bundle',
    'family-feast-bundle',
    'Family feast bundle: lasagne, kids dishes, salad and cannoli',
    {
      box: ['#5e7a3a', '#3f5626'],
      columns: 3,
      label: 'Family feast',
      contents: [
        { item: 'lasagne' },
        { item: 'dish', sauce: 'tomato' },
        { item: 'dish', sauce: 'tomatoButter' },
        { item: 'salad' },
        { item: 'cannoli' },
        { item: 'card' },
      ],
    },
  ),
  box('gift-box', 'gift-box-four-dishes', 'Gift box of four dishes with a card', {
    box: ['#2f5d7c', '#1d3e56'],
    columns: 3,
    label: 'Sfoglia',
    ribbon: '#c99a2e',
    contents: [
      { item: 'dish', sauce: 'pesto' },
      { item: 'dish', sauce: 'ragu' },
      { item: 'card' },
      { item: 'dish', sauce: 'cream' },
      { item: 'dish', sauce: 'bisque' },
      { item: 'cheese' },
    ],
  }),
  box('gift-box', 'gift-box-pasta-lover', "Pasta lover's gift box: six dishes, wine and tiramisù", {
    box: ['#3a2a20', '#1e140e'],
    columns: 4,
    label: 'Pasta lover',
    ribbon: '#b5252a',
    contents: [
      { item: 'dish', sauce: 'tomato' },
      { item: 'dish', sauce: 'pesto' },
      { item: 'wine' },
      { item: 'dish', sauce: 'ragu' },
      { item: 'dish', sauce: 'squidInk', dough: '#fbe39a' },
      { item: 'dish', sauce: 'butterSage' },
      { item: 'tiramisu' },
      { item: 'dish', sauce: 'miso' },
    ],
  }),
];

/** Each site, its own colours: product rule R14.8. */
const RESTAURANTS: Artwork[] = [
  shop('chiswick', {
    site: 'Chiswick',
    city: 'London',
    wall: ['#e9dcc4', '#cdb998'],
    awning: ['#2f6a4a', '#f4ede0'],
    sign: '#1f3a2e',
    door: '#1f3a2e',
    texture: 'render',
    plants: true,
  }),
  shop('farringdon', {
    site: 'Farringdon',
    city: 'London',
    wall: ['#a5553a', '#7e3a24'],
    awning: ['#c8321f', '#fbf2e2'],
    sign: '#2a2320',
    door: '#2a2320',
    texture: 'brick',
    plants: false,
    doorLeft: true,
  }),
  shop('greenwich', {
    site: 'Greenwich',
    city: 'London',
    wall: ['#d9d2c4', '#b8ae9c'],
    awning: ['#1f4a7a', '#f4efe4'],
    sign: '#14304f',
    door: '#14304f',
    texture: 'stone',
    plants: true,
  }),
  shop('guildford', {
    site: 'Guildford',
    city: 'Surrey',
    wall: ['#f1e0b8', '#d9bd86'],
    awning: ['#8a2a3a', '#f6ead6'],
    sign: '#5a1a26',
    door: '#5a1a26',
    texture: 'render',
    plants: false,
    doorLeft: true,
  }),
  shop('york', {
    site: 'York',
    city: 'Station Rise',
    wall: ['#c9b99a', '#a8967a'],
    awning: ['#3a3a3a', '#e9c46a'],
    sign: '#2a2a2a',
    door: '#2a2a2a',
    texture: 'stone',
    plants: true,
    doorLeft: true,
  }),
  shop('manchester-airport', {
    site: 'Manchester Airport',
    city: 'Terminal 2',
    wall: ['#8fa8b8', '#5f7888'],
    awning: ['#e07a2a', '#fff3e0'],
    sign: '#2a3640',
    door: '#3a4650',
    texture: 'glass',
    plants: false,
  }),
  shop('richmond', {
    site: 'Richmond',
    city: 'Surrey',
    wall: ['#e3c9c0', '#c9a496'],
    awning: ['#6a7a3a', '#f7efdc'],
    sign: '#3f4a1e',
    door: '#3f4a1e',
    texture: 'render',
    plants: true,
  }),
  shop('new-oxford-street', {
    site: 'New Oxford Street',
    city: 'London',
    wall: ['#6e3a2a', '#4e2418'],
    awning: ['#d99a1e', '#2a2320'],
    sign: '#111111',
    door: '#111111',
    texture: 'brick',
    plants: false,
    doorLeft: true,
  }),
];

export const ARTWORK: Artwork[] = [...TAKEAWAY, ...CATALOGUE, ...RESTAURANTS];

export const artworkPath = (a: Pick<Artwork, 'kind' | 'slug'>) =>
  `/artwork/${a.kind}/${a.slug}.svg`;
