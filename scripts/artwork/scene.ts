import { CROCKERY, SAUCES, TABLES, type Sauce } from './palette';
import { blob, n, type Canvas } from './svg';

/** The table top, with the grain of wood, veins of marble or the weave of linen. */
export function table(c: Canvas, index?: number) {
  const r = c.random;
  const i = index ?? r.int(0, TABLES.length - 1);
  const [light, deep] = TABLES[i % TABLES.length]!;
  c.add(`<rect width="480" height="360" fill="${c.linear([light, deep], 1, 1)}"/>`);
  const texture = r.int(0, 2);
  const lines = Array.from({ length: 6 }, (_, k) => {
    const y = 20 + k * 62 + r.between(-12, 12);
    return texture === 0
      ? `M0 ${n(y)}C120 ${n(y + r.between(-20, 20))} 300 ${n(y + r.between(-20, 20))} 480 ${n(y + r.between(-10, 10))}`
      : texture === 1
        ? `M${n(r.between(0, 480))} 0L${n(r.between(0, 480))} 360`
        : `M0 ${n(y)}H480`;
  }).join('');
  c.add(
    `<path d="${lines}" stroke="${deep}" stroke-opacity=".35" stroke-width="${texture === 2 ? 5 : 2}" fill="none"/>`,
  );
  // A soft pool of window light from the top left.
  c.add(
    `<rect width="480" height="360" fill="${c.radial(['#fff@.28', '#fff@0'], 0.2, 0.1, 0.8)}"/>`,
  );
}

/** A linen napkin in a corner, striped in a warm colour. */
export function napkin(c: Canvas) {
  const r = c.random;
  const stripe = r.pick(['#b5452a', '#2f5d7c', '#5e7a3a', '#c99a2e']);
  const x = r.pick([-40, 380]);
  c.add(
    `<g transform="translate(${x} ${n(r.between(200, 250))}) rotate(${n(r.between(-20, 20))})"><rect width="140" height="160" rx="6" fill="#f7f1e6"/><path d="M0 20H140M0 30H140M20 0V160M30 0V160" stroke="${stripe}" stroke-width="4" opacity=".8"/></g>`,
  );
}

export interface Vessel {
  cx: number;
  cy: number;
  /** Radius of the area food may cover. */
  well: number;
}

/** A plate (wide rim) or bowl (deep, narrow rim) seen from above, with its shadow. */
export function crockery(c: Canvas, kind: 'plate' | 'bowl', radius = 150): Vessel {
  const r = c.random;
  const cx = 240;
  const cy = 182;
  const style = r.pick(CROCKERY);
  c.shadow(cx + 10, cy + 14, radius + 16, radius * 0.95 + 14, 0.45);
  c.add(
    `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${c.radial([style.rim[0], style.rim[1]], 0.35, 0.3, 0.75)}"/>`,
  );
  if (style.band)
    c.add(
      `<circle cx="${cx}" cy="${cy}" r="${radius - 7}" fill="none" stroke="${style.band}" stroke-width="3"/>`,
    );
  const well = kind === 'plate' ? radius * 0.74 : radius * 0.87;
  if (kind === 'bowl') {
    // Inside of the bowl: darker at the top-left where the rim shades it.
    c.add(
      `<circle cx="${cx}" cy="${cy}" r="${n(well)}" fill="${c.radial([style.well, style.well, '#b8a58a'], 0.58, 0.62, 0.62)}"/>`,
    );
  } else {
    c.add(
      `<circle cx="${cx}" cy="${cy}" r="${n(well)}" fill="${style.well}" stroke="#000" stroke-opacity=".06" stroke-width="4"/>`,
    );
  }
  return { cx, cy, well: well * 0.9 };
}

/** A pool of sauce under the food, glossy at the top left. */
export function saucePool(c: Canvas, vessel: Vessel, sauce: Sauce, scale = 1) {
  const [light, mid, deep] = SAUCES[sauce];
  c.add(
    `<path d="${blob(c.random, vessel.cx, vessel.cy, vessel.well * scale, 0.1)}" fill="${c.radial([light, mid, deep], 0.4, 0.35, 0.75)}"/>`,
  );
}

/** A glossy highlight on sauce or food: the light of the window. */
export function gloss(c: Canvas, vessel: Vessel) {
  c.add(
    `<ellipse cx="${n(vessel.cx - vessel.well * 0.35)}" cy="${n(vessel.cy - vessel.well * 0.4)}" rx="${n(vessel.well * 0.35)}" ry="${n(vessel.well * 0.18)}" transform="rotate(-30 ${n(vessel.cx - vessel.well * 0.35)} ${n(vessel.cy - vessel.well * 0.4)})" fill="${c.radial(['#fff@.35', '#fff@0'], 0.5, 0.5, 0.5)}"/>`,
  );
}
