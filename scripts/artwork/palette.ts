/** The warm palettes the artwork is painted from: light, middle and deep tone of each. */

export const SAUCES = {
  tomato: ['#ec5f3f', '#c8321f', '#9e2416'],
  arrabbiata: ['#dc4a2c', '#b3261a', '#7e170e'],
  tomatoButter: ['#f39464', '#dd6a3b', '#b84f27'],
  pesto: ['#9dbd52', '#5e8a2c', '#3f6620'],
  cream: ['#fdf5e4', '#efdcb6', '#d5bb8d'],
  truffleCream: ['#f3e6c8', '#dcc49a', '#b99d70'],
  ragu: ['#b85a34', '#8a3a20', '#5e2412'],
  butterSage: ['#f8dc94', '#e3b35b', '#c08a36'],
  brownButter: ['#eec27a', '#c98c3e', '#96601f'],
  squidInk: ['#4a4950', '#25242a', '#111014'],
  bisque: ['#f5a066', '#dc7440', '#b0502a'],
  roastPepper: ['#f38748', '#d75a25', '#a03d18'],
  cacio: ['#fdf6e2', '#efe0b5', '#d6c08a'],
  miso: ['#edc88a', '#c99752', '#9c6c34'],
  walnut: ['#eee1c7', '#d3bd96', '#ae9570'],
  lemonHerb: ['#f6eeb5', '#dccf7a', '#b7a84f'],
  jus: ['#99563a', '#6a3219', '#431b0a'],
  whiteWine: ['#e4c49c', '#bf9466', '#8f6439'],
  nduja: ['#e46a3c', '#c03a1c', '#8a2410'],
  sausageCream: ['#f8e6c6', '#e9c99a', '#c9a470'],
} as const satisfies Record<string, readonly [string, string, string]>;
export type Sauce = keyof typeof SAUCES;

/** Light and deep tone of the pasta dough. */
export const DOUGHS = {
  egg: ['#fbe39a', '#e0b350'],
  durum: ['#f6e3ab', '#d4b46a'],
  squidInk: ['#7a7a86', '#26262c'],
  saffron: ['#ffd967', '#e39f22'],
  chestnut: ['#d8aa7a', '#9c6f44'],
  corn: ['#fde58a', '#dcae32'],
  chickpea: ['#f2d595', '#c99b52'],
  potato: ['#f7e7bd', '#d4b57c'],
  wholewheat: ['#e3c08a', '#b48a52'],
} as const satisfies Record<string, readonly [string, string]>;
export type Dough = keyof typeof DOUGHS;

/** Table tops behind the plate: light and deep tone. */
export const TABLES = [
  ['#f3e4cb', '#dcc29a'],
  ['#cf7c55', '#a3502e'],
  ['#94613f', '#65402a'],
  ['#566672', '#34434e'],
  ['#b0b98f', '#818d66'],
  ['#efe7dd', '#d3c7b8'],
  ['#e6b760', '#bf8933'],
  ['#8e3b2f', '#5f2219'],
] as const;

/** Crockery: rim light and deep tone, well tone, and an optional band colour. */
export const CROCKERY = [
  { rim: ['#ffffff', '#e6ddd0'], well: '#f4eee5', band: null },
  { rim: ['#fbf3e3', '#e0cfb2'], well: '#f1e6d2', band: '#b5542f' },
  { rim: ['#eee7dc', '#c8bba7'], well: '#e4dbcd', band: null },
  { rim: ['#ffffff', '#e2dbd2'], well: '#f6f2ec', band: '#2f5d7c' },
  { rim: ['#e9a27a', '#b8653c'], well: '#f6ecdf', band: null },
  { rim: ['#3d4a52', '#222b31'], well: '#f3ede4', band: null },
  { rim: ['#f6efe2', '#d9c7a8'], well: '#fbf6ec', band: '#c99a2e' },
] as const;
