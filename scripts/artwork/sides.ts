import { sprinkle } from './garnish';
import { crockery, napkin, saucePool, table, type Vessel } from './scene';
import { blob, n, pt, scatter, type Canvas } from './svg';

/** A burrata: a glossy white ball, torn open, on tomatoes with basil oil. */
function burrataBall(c: Canvas, cx: number, cy: number, r: number) {
  c.shadow(cx + 6, cy + 10, r + 8, r * 0.9 + 6, 0.4);
  c.add(
    `<path d="${blob(c.random, cx, cy, r, 0.06)}" fill="${c.radial(['#ffffff', '#f6f1e6', '#ddd3bf'], 0.35, 0.3, 0.75)}"/>`,
    `<path d="M${pt(cx - r * 0.1, cy - r * 0.1)}q${n(r * 0.3)} ${n(r * 0.2)} ${n(r * 0.5)} ${n(r * 0.6)}q-${n(r * 0.4)} 0-${n(r * 0.5)}-${n(r * 0.6)}Z" fill="#fffdf4" stroke="#eee3cc"/>`,
    `<path d="M${pt(cx - r * 0.7, cy + r * 0.1)}q${n(r * 0.6)} ${n(r * 0.3)} ${n(r * 1.3)}-${n(r * 0.2)}" stroke="#7aa83a" stroke-width="3" fill="none" opacity=".8"/>`,
  );
}

export function burrataPlate(c: Canvas) {
  table(c, 1);
  const v = crockery(c, 'plate', 160);
  sprinkle(c, v, 'tomatoHalf', 9, 0.95, 1.5);
  sprinkle(c, v, 'yellowTomato', 5, 0.95, 1.4);
  burrataBall(c, v.cx, v.cy, 52);
  sprinkle(c, v, 'basil', 5, 0.8, 1.1);
  sprinkle(c, v, 'pepper', 6, 0.6);
}

export function burrataBoard(c: Canvas) {
  table(c, 3);
  c.shadow(250, 200, 200, 130, 0.5);
  c.add(
    `<rect x="50" y="70" width="380" height="230" rx="24" fill="${c.linear(['#c99a66', '#9a6a3a'], 1, 1)}"/>`,
  );
  c.add(
    `<path d="M70 110H410M70 180H410M70 250H410" stroke="#8a5a2c" stroke-opacity=".35" stroke-width="2"/>`,
  );
  const v: Vessel = { cx: 240, cy: 185, well: 150 };
  // Heritage tomatoes sliced into rounds: red, yellow and green-striped.
  const colors: [string, string][] = [
    ['#ff7a5c', '#c8301c'],
    ['#ffd85a', '#e09a1a'],
    ['#b8d46a', '#6a8f2a'],
    ['#e85a6a', '#9a1e3a'],
  ];
  scatter(c.random, 12, 240, 185, 140, 40).forEach(([x, y], i) => {
    const [light, deep] = colors[i % colors.length]!;
    c.add(
      `<circle cx="${n(x)}" cy="${n(y * 0.75 + 46)}" r="24" fill="${c.radial([light, deep])}"/><circle cx="${n(x)}" cy="${n(y * 0.75 + 46)}" r="15" fill="${light}" opacity=".6" stroke="${deep}" stroke-dasharray="3 5" stroke-width="3"/>`,
    );
  });
  burrataBall(c, 240, 185, 56);
  sprinkle(c, v, 'basil', 6, 0.7, 1.2);
  sprinkle(c, v, 'pepper', 8, 0.5);
}

/** Focaccia: golden, dimpled, with rosemary and sea salt. */
function focacciaSlab(c: Canvas, x: number, y: number, w: number, h: number, rosemary: boolean) {
  c.add(
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="14" fill="${c.radial(['#f8d98a', '#e3a84e', '#b5732a'], 0.45, 0.4, 0.8)}"/>`,
  );
  const dimples = scatter(
    c.random,
    Math.round((w * h) / 1600),
    x + w / 2,
    y + h / 2,
    Math.min(w, h) / 2 - 8,
    22,
  );
  c.add(
    dimples
      .map(
        ([px, py]) =>
          `<ellipse cx="${n(px + ((px - x - w / 2) * (w - h)) / Math.max(w, h))}" cy="${n(py)}" rx="5" ry="4" fill="#b5732a" opacity=".55"/>`,
      )
      .join(''),
  );
  if (rosemary) {
    const v: Vessel = { cx: x + w / 2, cy: y + h / 2, well: Math.min(w, h) / 2 };
    sprinkle(c, v, 'rosemary', Math.round(w / 30), 0.9, 0.9);
  }
  c.add(
    scatter(c.random, 12, x + w / 2, y + h / 2, Math.min(w, h) / 2 - 4, 6)
      .map(
        ([px, py]) =>
          `<rect x="${n(px)}" y="${n(py)}" width="2.4" height="2.4" fill="#fff" opacity=".9"/>`,
      )
      .join(''),
  );
}

export function focacciaSlices(c: Canvas) {
  table(c, 5);
  napkin(c);
  c.shadow(244, 210, 180, 110, 0.45);
  c.add(
    `<rect x="70" y="90" width="340" height="220" rx="20" fill="${c.linear(['#b58452', '#86592f'], 1, 1)}"/>`,
  );
  [
    [95, 110, -4],
    [245, 104, 5],
    [120, 200, 3],
    [262, 196, -6],
  ].forEach(([x, y, a]) => {
    c.add(`<g transform="rotate(${a} ${x! + 60} ${y! + 45})">`);
    focacciaSlab(c, x!, y!, 120, 90, false);
    c.add('</g>');
  });
  // Garlic slices and a sprig of rosemary on top.
  c.add(
    scatter(c.random, 10, 240, 200, 120, 26)
      .map(
        ([x, y]) =>
          `<ellipse cx="${n(x)}" cy="${n(y)}" rx="5" ry="3.5" fill="#fbf4dc" stroke="#e0c78a"/>`,
      )
      .join(''),
  );
  sprinkle(c, { cx: 240, cy: 200, well: 130 }, 'rosemary', 5, 0.8, 1.2);
}

export function focacciaTray(c: Canvas) {
  table(c, 2);
  c.shadow(248, 196, 210, 140, 0.5);
  c.add(
    `<rect x="28" y="40" width="424" height="290" rx="18" fill="${c.linear(['#6b6e72', '#3e4044'], 1, 1)}"/>`,
  );
  focacciaSlab(c, 44, 56, 392, 258, true);
}

export function rocketSalad(c: Canvas, withPear: boolean) {
  table(c, withPear ? 4 : 6);
  const v = crockery(c, withPear ? 'plate' : 'bowl', withPear ? 160 : 150);
  sprinkle(c, v, 'rocket', 26, 1.05, 1.4);
  sprinkle(c, v, 'rocket', 14, 0.8, 1.2);
  if (withPear) {
    sprinkle(c, v, 'pear', 8, 0.8, 1.8);
    sprinkle(c, v, 'walnutPiece', 8, 0.8, 1.1);
  } else {
    c.add(
      `<path d="M${pt(v.cx - 80, v.cy - 20)}q40 30 80 0t80 10" stroke="#3a1a10" stroke-width="3" fill="none" opacity=".8"/>`,
    );
  }
  sprinkle(c, v, 'parmesan', withPear ? 7 : 12, 0.85, 1.6);
}

/** The add-ons a dish can take, each in a small dish. */
export function extraParmigiano(c: Canvas) {
  table(c, 2);
  c.shadow(240, 230, 150, 60, 0.5);
  c.add(
    `<rect x="80" y="150" width="320" height="150" rx="16" fill="${c.linear(['#efe3c8', '#cdb68a'], 1, 1)}"/>`,
  );
  c.add(
    `<path d="M140 250L250 140L330 250Z" fill="${c.linear(['#fbe7a6', '#e9c96a'])}"/>`,
    `<path d="M140 250L250 140" stroke="#c58a3a" stroke-width="10" stroke-linecap="round"/>`,
    `<path d="M140 250H330V266H140Z" fill="#e3c16a"/>`,
  );
  c.add(
    scatter(c.random, 14, 240, 180, 60, 10)
      .map(
        ([x, y]) => `<circle cx="${n(x)}" cy="${n(y + 30)}" r="1.8" fill="#d3ab4a" opacity=".8"/>`,
      )
      .join(''),
  );
  sprinkle(c, { cx: 340, cy: 210, well: 60 }, 'parmesan', 5, 0.8, 1.6);
}

export function addBurrata(c: Canvas) {
  table(c, 0);
  const v = crockery(c, 'bowl', 120);
  saucePool(c, v, 'pesto', 0.8);
  burrataBall(c, v.cx, v.cy, 60);
  sprinkle(c, v, 'pepper', 5, 0.6);
}

export function glutenFreePasta(c: Canvas) {
  table(c, 4);
  const v = crockery(c, 'bowl', 130);
  c.def(
    `<g id="fus"><g fill="${c.linear(['#fde58a', '#dcae32'])}"><ellipse cx="-12" rx="4" ry="7" transform="rotate(25 -12 0)"/><ellipse cx="-5" rx="4" ry="7" transform="rotate(25 -5 0)"/><ellipse cx="2" rx="4" ry="7" transform="rotate(25 2 0)"/><ellipse cx="9" rx="4" ry="7" transform="rotate(25 9 0)"/></g></g>`,
  );
  c.add(
    scatter(c.random, 36, v.cx, v.cy, v.well * 0.95, 15)
      .map(
        ([x, y]) =>
          `<use href="#fus" transform="translate(${pt(x, y)}) rotate(${n(c.random.between(0, 360))})"/>`,
      )
      .join(''),
  );
  // A round tag: gluten free.
  c.add(
    `<circle cx="380" cy="80" r="46" fill="#2f6a3a"/><circle cx="380" cy="80" r="38" fill="none" stroke="#f6efe0" stroke-width="2"/><text x="380" y="92" font-family="Georgia,serif" font-size="32" font-weight="700" fill="#f6efe0" text-anchor="middle">GF</text>`,
  );
}

export function extraChilli(c: Canvas) {
  table(c, 7);
  const v = crockery(c, 'bowl', 130);
  c.def(
    `<g id="chi"><path d="M-30 0Q-10-12 20-6Q30-2 34 4Q10 8-30 0Z" fill="${c.linear(['#f0442c', '#a8170c'])}"/><path d="M-30 0q-8-4-10-12" stroke="#3f7d2a" stroke-width="4" fill="none" stroke-linecap="round"/><path d="M-14-4Q6-8 22-4" stroke="#fff" stroke-opacity=".4" stroke-width="2" fill="none"/></g>`,
  );
  c.add(
    scatter(c.random, 6, v.cx, v.cy, 50, 30)
      .map(
        ([x, y]) =>
          `<use href="#chi" transform="translate(${pt(x, y)}) rotate(${n(c.random.between(0, 360))})"/>`,
      )
      .join(''),
  );
  sprinkle(c, v, 'chilli', 8, 0.9, 1.2);
  sprinkle(c, v, 'chilliFlakes', 12, 0.9);
}
