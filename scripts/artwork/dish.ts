import { sprinkle, type Garnish } from './garnish';
import type { Dough, Sauce } from './palette';
import { pasta, type PastaShape } from './pasta';
import { crockery, gloss, napkin, saucePool, table } from './scene';
import { blob, n, type Canvas } from './svg';

/** A pasta dish from above: its shape, dough, sauce, and what goes on top (garnish, how many). */
export interface PastaRecipe {
  shape: PastaShape | 'lasagne';
  dough: Dough;
  sauce: Sauce;
  toppings: [Garnish, number, number?][];
  vessel?: 'plate' | 'bowl';
  /** How much of the pasta the sauce coats (0 to 1). */
  coat?: number;
}

export function drawPasta(c: Canvas, recipe: PastaRecipe) {
  table(c);
  if (c.random.next() < 0.5) napkin(c);
  const vessel = crockery(c, recipe.vessel ?? 'plate', recipe.vessel === 'bowl' ? 168 : 176);
  if (recipe.shape === 'lasagne') {
    lasagneSlice(c, vessel.cx, vessel.cy);
  } else {
    saucePool(c, vessel, recipe.sauce, 0.9);
    pasta(c, vessel, recipe.shape, recipe.dough, recipe.sauce, recipe.coat ?? 0.35);
    gloss(c, vessel);
  }
  for (const [garnish, count, size] of recipe.toppings)
    sprinkle(c, vessel, garnish, count, 0.75, size ?? 1);
}

/** A slice of lasagne in three-quarter view: browned top, layers of pasta, ragù and béchamel. */
function lasagneSlice(c: Canvas, cx: number, cy: number) {
  const w = 150;
  const layers = ['#f3d27a', '#9a3a1f', '#fbf1dc', '#f0c968', '#a8432a', '#fff4dd', '#eec463'];
  const h = 12;
  const x = cx - w / 2 - 10;
  const top = cy - 40;
  c.shadow(cx + 8, top + layers.length * h + 20, w * 0.75, 20, 0.5);
  layers.forEach((color, i) => {
    const y = top + 24 + i * h;
    c.add(`<path d="M${n(x)} ${n(y)}h${w}v${h}h-${w}Z" fill="${color}"/>`);
    if (color === '#9a3a1f' || color === '#a8432a')
      c.add(`<path d="${blob(c.random, x + 30 + i * 12, y + 6, 5)}" fill="#c4582f"/>`);
  });
  c.add(
    `<path d="M${n(x)} ${n(top + 24)}l30-30h${w}l-30 30Z" fill="${c.radial(['#f6d48a', '#e2a448', '#b8702a'], 0.5, 0.5, 0.7)}"/>`,
    `<path d="M${n(x + w)} ${n(top + 24)}l30-30v${layers.length * h}l-30 30Z" fill="#b06a35"/>`,
  );
  for (let i = 0; i < 9; i += 1)
    c.add(
      `<ellipse cx="${n(x + 20 + c.random.between(0, w - 10))}" cy="${n(top + c.random.between(2, 20))}" rx="${n(c.random.between(4, 9))}" ry="3" fill="#8a4a1c" opacity=".55"/>`,
    );
  c.add(
    `<path d="M${n(x - 4)} ${n(top + 24 + layers.length * h)}q40 12 ${w + 10} 2" stroke="#9a3a1f" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  );
}
