import { sprinkle } from './garnish';
import { crockery, table, type Vessel } from './scene';
import { n, pt, scatter, type Canvas } from './svg';

/** A wall and a table edge, for things seen from the side (glasses, bottles, desserts). */
export function backdrop(c: Canvas, wall: [string, string], top: [string, string]) {
  c.add(
    `<rect width="480" height="360" fill="${c.linear(wall)}"/>`,
    `<rect width="480" height="360" fill="${c.radial(['#fff@.3', '#fff@0'], 0.3, 0.2, 0.7)}"/>`,
    `<rect y="250" width="480" height="110" fill="${c.linear(top)}"/>`,
    `<rect y="250" width="480" height="3" fill="#fff" opacity=".25"/>`,
  );
}

/** Layers of a dessert seen through glass: colours from the bottom up. */
function layered(c: Canvas, x: number, y: number, w: number, layers: [string, number][]) {
  let top = y;
  for (const [color, h] of layers) {
    top -= h;
    c.add(`<path d="M${pt(x, top)}h${w}v${h}h-${w}Z" fill="${color}"/>`);
  }
  return top;
}

export function tiramisuGlass(c: Canvas) {
  backdrop(c, ['#7a4a32', '#4f2c1c'], ['#d8b68c', '#b38c60']);
  c.shadow(240, 292, 90, 14, 0.5);
  const top = layered(c, 170, 290, 140, [
    ['#8a5630', 30],
    ['#fbefd6', 34],
    ['#9a6238', 26],
    ['#fdf3df', 34],
  ]);
  c.add(
    `<path d="M${pt(170, top)}h140v6h-140Z" fill="#5a3420"/>`,
    `<path d="M${pt(172, top)}q68-14 136 0" fill="#6b3f24"/>`,
    `<rect x="164" y="${n(top - 26)}" width="152" height="${n(316 - top - 24)}" rx="10" fill="${c.linear(['#fff@.35', '#fff@.08', '#fff@.3'], 1, 0)}" stroke="#fff" stroke-opacity=".55" stroke-width="3"/>`,
  );
  // Coffee beans beside the glass.
  c.def(
    `<g id="bean"><ellipse rx="7" ry="5" fill="#3b2114"/><path d="M-6 0Q0 2 6 0" stroke="#160a05" stroke-width="1.4" fill="none"/></g>`,
  );
  for (const [x, y, a] of [
    [350, 300, 20],
    [368, 292, -30],
    [120, 304, 60],
  ] as const)
    c.add(`<use href="#bean" transform="translate(${x} ${y}) rotate(${a})"/>`);
  // A dusting of cocoa over the top.
  c.add(
    scatter(c.random, 30, 240, top - 2, 60, 5)
      .map(
        ([x, y]) =>
          `<circle cx="${n(x)}" cy="${n(top + (y - top) * 0.05)}" r="1.3" fill="#3b2114"/>`,
      )
      .join(''),
  );
}

export function tiramisuDish(c: Canvas) {
  backdrop(c, ['#e9d3b2', '#caa57a'], ['#7a4f33', '#55331f']);
  c.shadow(240, 300, 170, 20, 0.5);
  // An oblong dish in three-quarter view: the cut face shows the layers.
  c.add(
    `<path d="M70 160l40-40h300l-40 40Z" fill="${c.radial(['#8a5634', '#5a3420'], 0.5, 0.5, 0.7)}"/>`,
  );
  c.add(
    scatter(c.random, 70, 240, 140, 120, 6)
      .map(
        ([x, y]) =>
          `<circle cx="${n(x)}" cy="${n(120 + (y - 20) * 0.2)}" r="1.5" fill="#3b2114" opacity=".7"/>`,
      )
      .join(''),
  );
  layered(c, 70, 290, 300, [
    ['#8f5a33', 30],
    ['#fbefd6', 36],
    ['#a06a3e', 28],
    ['#fdf3df', 36],
  ]);
  c.add(
    `<path d="M70 160h300v130h-300Z" fill="none" stroke="#f4e9da" stroke-width="8"/>`,
    `<path d="M370 160l40-40v130l-40 40Z" fill="#e9dcc8"/>`,
    `<path d="M330 112q40-30 90-4" stroke="#c9c3bb" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  );
}

export function pannaCotta(c: Canvas, fruit: 'berries' | 'amarena') {
  backdrop(
    c,
    fruit === 'berries' ? ['#f3c8c4', '#d9948f'] : ['#3c4c5c', '#233039'],
    fruit === 'berries' ? ['#fbf4ea', '#e5d6bf'] : ['#d8c3a0', '#b39870'],
  );
  c.shadow(240, 286, 150, 20, 0.45);
  c.add(`<ellipse cx="240" cy="270" rx="150" ry="26" fill="${c.linear(['#ffffff', '#ddd4c6'])}"/>`);
  c.add(
    `<path d="M160 268Q160 160 200 150H280Q320 160 320 268Z" fill="${c.linear(['#fffaf0', '#f4e7cf', '#e0cba6'], 1, 0)}"/>`,
  );
  const syrup = fruit === 'berries' ? '#b8243a' : '#5a0d1c';
  c.add(
    `<path d="M196 152Q240 136 284 152Q292 170 282 190Q276 176 270 196Q262 170 250 186Q240 166 228 200Q220 170 210 182Q204 166 196 176Z" fill="${syrup}" opacity=".92"/>`,
  );
  const fruits: [string, number][] =
    fruit === 'berries'
      ? [
          ['#d12c3c', 9],
          ['#3a2a6b', 7],
          ['#c21f4a', 8],
          ['#4b3a8a', 7],
          ['#e0414d', 8],
        ]
      : [
          ['#5e0b1a', 11],
          ['#6e1020', 10],
          ['#4a0714', 11],
        ];
  fruits.forEach(([color, r], i) => {
    const x = 210 + i * (60 / fruits.length) + 6;
    const y = 146 - (i % 2) * 8;
    c.add(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${r}" fill="${c.radial(['#fff@.5@0', `${color}@1@.3`, color], 0.35, 0.3, 0.7)}"/>`,
    );
  });
  if (fruit === 'amarena')
    c.add(`<path d="M240 138Q246 110 262 100" stroke="#4a6b2a" stroke-width="2.5" fill="none"/>`);
  else
    c.add(
      `<path d="M258 132q8-8 18-4q-6 8-18 4Z" fill="#5c9a3a"/><path d="M258 132q-10-6-8-14q8 4 8 14Z" fill="#4e8a30"/>`,
    );
  // A few pieces of fruit fallen on the plate.
  c.add(
    `<circle cx="150" cy="272" r="7" fill="${syrup}"/><circle cx="335" cy="266" r="6" fill="${syrup}"/>`,
  );
}

export function cannoli(c: Canvas) {
  table(c, 5);
  const v = crockery(c, 'plate', 160);
  const shell = c.linear(['#f2c27a', '#c98a3c', '#9a5e24']);
  c.def(
    `<g id="can"><rect x="-60" y="-17" width="120" height="34" rx="15" fill="${shell}"/><path d="M-45-10h8M-25 6h10M0-8h8M20 8h9M38-6h8" stroke="#8a5020" stroke-width="2.5" stroke-linecap="round" opacity=".5"/><ellipse cx="-62" rx="14" ry="17" fill="#fffaf0"/><ellipse cx="62" rx="14" ry="17" fill="#fffaf0"/><g fill="#6aa33a"><circle cx="-70" cy="-4" r="2.6"/><circle cx="-66" cy="7" r="2.4"/><circle cx="70" cy="5" r="2.6"/><circle cx="66" cy="-7" r="2.4"/><circle cx="74" cy="-2" r="2.2"/></g><rect x="-74" y="-1" width="5" height="5" fill="#f08a1c"/><rect x="67" y="-2" width="5" height="5" fill="#f08a1c"/></g>`,
  );
  const rows = [
    [-50, -18],
    [-12, 12],
    [30, -16],
    [62, 14],
  ] as const;
  rows.forEach(([dy, angle]) => {
    c.add(
      `<use href="#can" transform="translate(${n(v.cx + 2)} ${n(v.cy + dy + 4)}) rotate(${angle})" opacity=".25" style="filter:brightness(0)"/>`,
      `<use href="#can" transform="translate(${n(v.cx)} ${n(v.cy + dy)}) rotate(${angle})"/>`,
    );
  });
  c.add(
    scatter(c.random, 30, v.cx, v.cy, 120, 8)
      .map(([x, y]) => `<circle cx="${n(x)}" cy="${n(y)}" r="1.4" fill="#fff" opacity=".85"/>`)
      .join(''),
  );
}

export function budino(c: Canvas) {
  table(c, 3);
  const cx = 240;
  const cy = 182;
  c.shadow(cx + 10, cy + 14, 140, 130, 0.5);
  c.add(
    `<circle cx="${cx}" cy="${cy}" r="128" fill="${c.radial(['#ffffff', '#e4dccf'])}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="108" fill="none" stroke="#d9cfbf" stroke-width="6" stroke-dasharray="2 14"/>`,
    `<circle cx="${cx}" cy="${cy}" r="96" fill="${c.radial(['#8a4e2c', '#5a2e16', '#3a1a0a'], 0.4, 0.35, 0.7)}"/>`,
    `<ellipse cx="205" cy="145" rx="40" ry="18" fill="#fff" opacity=".18" transform="rotate(-30 205 145)"/>`,
  );
  const v: Vessel = { cx, cy, well: 90 };
  sprinkle(c, v, 'walnutPiece', 10, 0.5, 0.8);
  sprinkle(c, v, 'crumbs', 14, 0.55);
}

export function gelato(c: Canvas, flavour: 'pistachio' | 'stracciatella') {
  const pist = flavour === 'pistachio';
  backdrop(
    c,
    pist ? ['#f6e3c6', '#e3bf8e'] : ['#c94f3a', '#8f2f1f'],
    pist ? ['#6b8f4a', '#4a6a30'] : ['#f3e6d2', '#d9c6a8'],
  );
  c.shadow(240, 300, 80, 12, 0.5);
  // A paper tub with a scalloped rim, and the scoop in it.
  c.add(
    `<path d="M170 200L186 296H294L310 200Z" fill="${c.linear(pist ? ['#fdf7ec', '#e9dcc6'] : ['#2f5d7c', '#1f3f56'], 1, 0)}"/>`,
    `<path d="M176 236H304L301 254H179Z" fill="${pist ? '#6b8f4a' : '#f3e6d2'}"/>`,
  );
  const scoop = pist ? ['#dcebb0', '#a9c46a', '#7f9c48'] : ['#ffffff', '#f6f0e2', '#ddd2bc'];
  c.add(
    `<path d="M166 204Q160 120 240 112Q320 120 314 204Q300 216 284 206Q270 220 256 208Q240 222 224 208Q208 220 194 206Q180 216 166 204Z" fill="${c.radial(scoop, 0.4, 0.3, 0.75)}"/>`,
  );
  const bits = scatter(c.random, pist ? 16 : 18, 240, 160, 56, 9);
  c.add(
    bits
      .map(([x, y]) =>
        pist
          ? `<ellipse cx="${n(x)}" cy="${n(y)}" rx="3" ry="2" fill="#5f8a2e"/>`
          : `<path d="M${pt(x, y)}l6-2l-1 4z" fill="#2a160c"/>`,
      )
      .join(''),
  );
  c.add(`<path d="M290 140L340 80" stroke="#f0d8a8" stroke-width="8" stroke-linecap="round"/>`);
}
