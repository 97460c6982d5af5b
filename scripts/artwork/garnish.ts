import type { Vessel } from './scene';
import { n, scatter, type Canvas } from './svg';

/** Toppings and garnishes, each drawn once at the origin and placed many times. */
const GARNISH = {
  basil: (c: Canvas) =>
    `<path d="M-13 0Q-4-11 13 0Q-4 11-13 0Z" fill="${c.linear(['#5fae3c', '#2f7a22'])}"/><path d="M-11 0H10" stroke="#a6d77d" stroke-width="1"/>`,
  sage: (c: Canvas) =>
    `<path d="M-14 0Q-2-8 14 0Q-2 8-14 0Z" fill="${c.linear(['#9fb58c', '#6e8760'])}"/><path d="M-12 0H12" stroke="#d7e3c8" stroke-width="1"/>`,
  friedSage: (c: Canvas) =>
    `<path d="M-14 0Q-2-8 14 0Q-2 8-14 0Z" fill="${c.linear(['#6f7f3e', '#42521f'])}"/><path d="M-12 0H12" stroke="#b7c27a" stroke-width="1"/>`,
  rocket: (c: Canvas) =>
    `<path d="M-18 0L-12-4L-9 0L-4-6L0-1L5-6L8-1L13-4L18 0L13 3L8 2L5 6L0 2L-4 6L-9 2L-12 4Z" fill="${c.linear(['#5c9a3a', '#2f6420'])}"/><path d="M-17 0H17" stroke="#a3c97e" stroke-width=".8"/>`,
  parsley: () =>
    `<g fill="#3f7d2a"><circle cx="-3" cy="-2" r="3.5"/><circle cx="3" cy="-2" r="3.2"/><circle cy="3" r="3.4"/></g><circle cx="-1" cy="-1" r="1.5" fill="#7dbb55"/>`,
  dill: () =>
    `<path d="M0 8V-8M0-4L-5-8M0-4L5-8M0 0L-6-3M0 0L6-3M0 4L-5 1M0 4L5 1" stroke="#5d8f3a" stroke-width="1.2" fill="none" stroke-linecap="round"/>`,
  rosemary: () =>
    `<path d="M-12 0H12M-9 0L-11-4M-5 0L-7-4M-1 0L-3-4M3 0L1-4M7 0L5-4M-9 0L-11 4M-5 0L-7 4M-1 0L-3 4M3 0L1 4M7 0L5 4" stroke="#4f6b3a" stroke-width="1.6" stroke-linecap="round"/>`,
  parmesan: (c: Canvas) =>
    `<path d="M-9-5L7-7L10 2L-4 6Z" fill="${c.linear(['#fdf3cf', '#e8d39a'])}" stroke="#d8bf80" stroke-width=".8"/>`,
  pecorino: () =>
    `<g fill="#fff6dc"><circle r="1.6"/><circle cx="4" cy="2" r="1.3"/><circle cx="-3" cy="3" r="1.2"/></g>`,
  pepper: () =>
    `<g fill="#2b211c"><circle r="1.2"/><circle cx="5" cy="3" r="1"/><circle cx="-4" cy="4" r=".9"/></g>`,
  chilli: () =>
    `<circle r="5" fill="none" stroke="#d3261a" stroke-width="2.6"/><circle r="1.4" fill="#f5d26b"/>`,
  chilliFlakes: () => `<path d="M0 0l3-1 1 3zM6 4l3 1-2 2zM-5 3l2-2 1 3z" fill="#c8231a"/>`,
  pineNut: () => `<ellipse rx="4" ry="2.2" fill="#f1dba4" stroke="#d3b470" stroke-width=".6"/>`,
  lemonZest: () =>
    `<path d="M-6 0Q0-3 6 0" stroke="#f6cf2e" stroke-width="1.8" fill="none" stroke-linecap="round"/>`,
  tomatoHalf: (c: Canvas) =>
    `<circle r="10" fill="${c.radial(['#ff7a5c', '#d9301c', '#9e1e12'])}"/><circle r="6" fill="#f2825f" opacity=".8"/><g fill="#f7d9a6"><circle cx="-2.5" cy="-1" r="1.2"/><circle cx="2.5" cy="-1" r="1.2"/><circle cy="2.5" r="1.2"/></g>`,
  yellowTomato: (c: Canvas) =>
    `<circle r="9" fill="${c.radial(['#ffe27a', '#f0b429', '#c98612'])}"/><circle r="5" fill="#ffd85a" opacity=".8"/>`,
  meatCrumb: (c: Canvas) =>
    `<path d="M-5-3L2-5L6 0L3 5L-4 4Z" fill="${c.radial(['#9a5a3a', '#6a3219', '#45200c'])}"/>`,
  sausage: (c: Canvas) =>
    `<path d="M-6-4L3-6L7 1L2 6L-5 4Z" fill="${c.radial(['#d59577', '#a55f44', '#7a3f2b'])}"/><circle cx="1" cy="-1" r=".9" fill="#f1e2b8"/>`,
  meatball: (c: Canvas) =>
    `<circle r="11" fill="${c.radial(['#b7724b', '#7d4126', '#4c2411'])}"/><circle cx="-3" cy="-4" r="3" fill="#fff" opacity=".18"/>`,
  lamb: (c: Canvas) =>
    `<path d="M-8-4Q0-9 8-3Q9 4 1 6Q-9 5-8-4Z" fill="${c.radial(['#c79068', '#8f5a3a', '#5e3620'])}"/><path d="M-5-2L4 2" stroke="#e3c3a3" stroke-width="1"/>`,
  beefShin: (c: Canvas) =>
    `<path d="M-8-5Q2-9 8-2Q6 6-2 6Q-9 3-8-5Z" fill="${c.radial(['#8e4a32', '#5e2a18', '#3a170a'])}"/>`,
  prawn: (c: Canvas) =>
    `<path d="M-10 2A10 10 0 1 1 8 6" stroke="${c.linear(['#ffb08a', '#f0704a'])}" stroke-width="8" fill="none" stroke-linecap="round"/><path d="M-10 2A10 10 0 1 1 8 6" stroke="#fff2e4" stroke-width="8" fill="none" stroke-dasharray="1 4" opacity=".6"/><path d="M8 6L14 10L10 3Z" fill="#e2552e"/>`,
  crab: () =>
    `<path d="M-6-3L4-5L7 2L-2 5Z" fill="#fbe7d3"/><path d="M-4-2L4-3" stroke="#f08a5a" stroke-width="1.6"/>`,
  lobster: (c: Canvas) =>
    `<path d="M-8-5Q4-8 9-1Q5 7-4 6Q-10 2-8-5Z" fill="${c.radial(['#fff1e6', '#f7c6a8'])}"/><path d="M-8-5Q4-8 9-1" stroke="#e0432a" stroke-width="3" fill="none"/>`,
  salmon: (c: Canvas) =>
    `<path d="M-9-4L6-6L9 2L-5 6Z" fill="${c.linear(['#ffad8c', '#f07f5a'])}"/><path d="M-6-2L6-3M-5 2L7 1" stroke="#ffe1d0" stroke-width="1.2"/>`,
  mushroom: (c: Canvas) =>
    `<path d="M-11 0Q-11-11 0-11Q11-11 11 0Q5 2 3 1V9H-3V1Q-5 2-11 0Z" fill="${c.linear(['#c9a57c', '#8a6440'])}"/><path d="M-9-1Q0-5 9-1" stroke="#f0dcc0" stroke-width="1.2" fill="none"/>`,
  truffle: () =>
    `<circle r="6" fill="#3a2a20"/><path d="M-4-2Q0 1 4-3M-3 3Q0 0 3 3" stroke="#8a6a52" stroke-width=".8" fill="none"/>`,
  broccoli: (c: Canvas) =>
    `<path d="M-2 2L-3 14H3L2 2Z" fill="#8cb562"/><g fill="${c.radial(['#6fa846', '#3d7226'])}"><circle cx="-6" cy="-2" r="6"/><circle cx="5" cy="-3" r="6"/><circle cy="-9" r="6"/></g>`,
  pea: (c: Canvas) => `<circle r="4.2" fill="${c.radial(['#a7e070', '#5e9e2f'])}"/>`,
  aubergine: (c: Canvas) =>
    `<rect x="-8" y="-8" width="16" height="16" rx="3" fill="${c.radial(['#f2dfb8', '#d9b98a'])}"/><path d="M-8 5V-5Q-8-8-5-8H5" stroke="#4a2350" stroke-width="4" fill="none"/>`,
  pumpkin: (c: Canvas) =>
    `<rect x="-7" y="-7" width="14" height="14" rx="3" fill="${c.radial(['#ffbb5c', '#e9811f', '#b55a10'])}"/>`,
  tofu: (c: Canvas) =>
    `<rect x="-8" y="-8" width="16" height="16" rx="2" fill="${c.radial(['#fbe3a6', '#e3ac55', '#b87a2a'])}"/>`,
  walnutPiece: (c: Canvas) =>
    `<path d="M-7-3Q-4-8 0-4Q4-8 7-3Q8 4 0 6Q-8 4-7-3Z" fill="${c.radial(['#c89866', '#8f6237'])}"/><path d="M0-4V5" stroke="#6a4520" stroke-width="1"/>`,
  greenBean: () =>
    `<path d="M-14 0Q0-4 14 0" stroke="#4e8f2e" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M-12-.5Q0-3.5 12-.5" stroke="#8cc45f" stroke-width="1.6" fill="none" stroke-linecap="round"/>`,
  potato: (c: Canvas) =>
    `<rect x="-7" y="-6" width="14" height="12" rx="3" fill="${c.radial(['#fff0bf', '#e7c987'])}"/>`,
  mozzarella: (c: Canvas) =>
    `<path d="M-8-5Q0-9 8-4Q9 5 0 7Q-9 5-8-5Z" fill="${c.radial(['#ffffff', '#efe9dc'])}"/>`,
  stracciatella: (c: Canvas) =>
    `<path d="M-11-4Q-2-11 9-6Q13 3 3 8Q-10 9-11-4Z" fill="${c.radial(['#ffffff', '#f4efe2', '#e3dac6'])}"/>`,
  ricotta: () =>
    `<g fill="#fffaf0"><circle r="2"/><circle cx="4" cy="2" r="1.6"/><circle cx="-3" cy="3" r="1.8"/></g>`,
  sesame: () =>
    `<ellipse rx="1.8" ry="1" fill="#f6ecd0"/><ellipse cx="5" cy="3" rx="1.8" ry="1" fill="#2a2320" transform="rotate(40 5 3)"/>`,
  crumbs: () =>
    `<g fill="#d9a84e"><circle r="1.6"/><circle cx="4" cy="2" r="1.3"/><circle cx="-3" cy="3" r="1.4"/></g>`,
  amaretti: () => `<g fill="#c78a4a"><circle r="2.2"/><circle cx="5" cy="2" r="1.6"/></g>`,
  pear: (c: Canvas) =>
    `<path d="M-12 2Q0-9 12 2Q0 6-12 2Z" fill="${c.linear(['#f7f0c8', '#d8cf88'])}"/>`,
  onionSpring: () => `<circle r="3" fill="none" stroke="#7dbb55" stroke-width="1.6"/>`,
} satisfies Record<string, (c: Canvas) => string>;

export type Garnish = keyof typeof GARNISH;

/** Scatter a garnish over the food, each at its own angle and size, with a faint shadow. */
export function sprinkle(
  c: Canvas,
  v: Vessel,
  garnish: Garnish,
  count: number,
  spread = 0.8,
  size = 1,
) {
  const r = c.random;
  const id = `x${garnish}`;
  c.def(`<g id="${id}">${GARNISH[garnish](c)}</g>`);
  const gap = 14 * size;
  const spots = scatter(r, count, v.cx, v.cy, v.well * spread, gap);
  c.add(
    spots
      .map(
        ([x, y]) =>
          `<use href="#${id}" transform="translate(${Math.round(x)} ${Math.round(y)}) rotate(${r.int(0, 359)})${size === 1 ? '' : ` scale(${n(size)})`}"/>`,
      )
      .join(''),
  );
}
