import { DOUGHS, SAUCES, type Dough, type Sauce } from './palette';
import type { Vessel } from './scene';
import { n, pt, scatter, type Canvas } from './svg';

export type StrandShape =
  | 'spaghetti'
  | 'tonnarelli'
  | 'linguine'
  | 'bucatini'
  | 'tagliolini'
  | 'tagliatelle'
  | 'pappardelle'
  | 'mafaldine';
export type PieceShape =
  | 'penne'
  | 'rigatoni'
  | 'casarecce'
  | 'gnocchi'
  | 'orecchiette'
  | 'farfalle'
  | 'fusilli'
  | 'trofie'
  | 'ravioli'
  | 'tortelloni'
  | 'cappellacci'
  | 'agnolotti'
  | 'pansotti';
export type PastaShape = StrandShape | PieceShape;

/** Stroke width of each strand or ribbon, and how many make a portion. */
const STRANDS: Record<
  StrandShape,
  { width: number; count: number; ruffle?: boolean; hole?: boolean }
> = {
  spaghetti: { width: 3.2, count: 30 },
  tagliolini: { width: 2.6, count: 34 },
  tonnarelli: { width: 4.2, count: 26 },
  linguine: { width: 4.6, count: 24 },
  bucatini: { width: 5.6, count: 20, hole: true },
  tagliatelle: { width: 8, count: 16 },
  pappardelle: { width: 14, count: 10 },
  mafaldine: { width: 11, count: 12, ruffle: true },
};

const isStrand = (shape: PastaShape): shape is StrandShape => shape in STRANDS;

/** A nest of pasta (strands twirled) or pieces scattered, coated in the sauce's colour. */
export function pasta(
  c: Canvas,
  vessel: Vessel,
  shape: PastaShape,
  dough: Dough,
  sauce: Sauce,
  coat = 0.35,
) {
  if (isStrand(shape)) nest(c, vessel, shape, dough, sauce, coat);
  else pieces(c, vessel, shape, dough, sauce, coat);
}

function nest(c: Canvas, v: Vessel, shape: StrandShape, dough: Dough, sauce: Sauce, coat: number) {
  const r = c.random;
  const { width, count: base, ruffle, hole } = STRANDS[shape];
  const count = Math.round(base * (width < 6 ? 1.8 : 1.5));
  const [light, deep] = DOUGHS[dough];
  const radius = v.well * 0.92;
  const paths = Array.from({ length: count }, (_, i) => {
    const r0 = r.between(6, radius * (i < count / 3 ? 0.55 : 1));
    const a0 = r.between(0, Math.PI * 2);
    const span = r.between(2, 4) * (width > 8 ? 0.8 : 1);
    const dr = r.between(-radius * 0.35, radius * 0.35);
    const pts = Array.from({ length: 6 }, (_, k) => {
      const a = a0 + (span * k) / 5;
      const rad = Math.max(6, Math.min(radius, r0 + (dr * k) / 5));
      return [
        Math.round(v.cx + Math.cos(a) * rad),
        Math.round(v.cy + Math.sin(a) * rad * 0.92),
      ] as const;
    });
    let d = `M${pt(...pts[0]!)}`;
    for (let k = 1; k < pts.length - 1; k += 1) {
      const p = pts[k]!;
      const q = pts[k + 1]!;
      d += `Q${pt(...p)} ${pt(Math.round((p[0] + q[0]) / 2), Math.round((p[1] + q[1]) / 2))}`;
    }
    return `<path d="${d}"/>`;
  }).join('');
  c.def(`<g id="nest" fill="none" stroke-linecap="round">${paths}</g>`);
  const [, sauceMid] = SAUCES[sauce];
  c.add(
    `<use href="#nest" stroke="#3a1d0c" stroke-opacity=".45" stroke-width="${n(width + 2.4)}" transform="translate(1.5 2.5)"/>`,
    `<use href="#nest" stroke="${deep}" stroke-width="${n(width)}"/>`,
    `<use href="#nest" stroke="${sauceMid}" stroke-opacity="${coat}" stroke-width="${n(width)}" stroke-dasharray="${n(width * 3)} ${n(width * 5)}"/>`,
    `<use href="#nest" stroke="${light}" stroke-width="${n(width * 0.45)}" transform="translate(-.6 -.8)"/>`,
  );
  if (ruffle)
    c.add(
      `<use href="#nest" stroke="${deep}" stroke-width="${n(width + 1)}" stroke-dasharray="1.4 2.2"/>`,
    );
  if (hole) c.add(`<use href="#nest" stroke="#7a5428" stroke-opacity=".5" stroke-width="1.2"/>`);
}

/** One piece drawn at the origin, about 36 px long, in the dough's light and deep tones. */
function pieceMarkup(c: Canvas, shape: PieceShape, light: string, deep: string) {
  const body = c.linear([light, deep], 0, 1);
  const round = c.radial([light, light, deep], 0.4, 0.35, 0.7);
  const line = `stroke="${deep}" stroke-opacity=".55" fill="none"`;
  switch (shape) {
    case 'penne':
      return `<path d="M-18-6H12L19 6H-11Z" fill="${body}"/><path d="M-12-3H13M-12 0H15M-11 3H16" ${line}/><ellipse cx="15.5" cy="0" rx="2.6" ry="6" fill="#6b4420" opacity=".6"/>`;
    case 'rigatoni':
      return `<rect x="-17" y="-8" width="34" height="16" rx="3" fill="${body}"/><path d="M-12-8V8M-7-8V8M-2-8V8M3-8V8M8-8V8M13-8V8" ${line}/><ellipse cx="16" cy="0" rx="3" ry="7.5" fill="#6b4420" opacity=".55"/>`;
    case 'casarecce':
      return `<path d="M-17-5Q0-9 17-5Q19 0 17 5Q0 9-17 5Q-19 0-17-5Z" fill="${body}"/><path d="M-15 0Q0 3 15 0" ${line} stroke-width="2"/>`;
    case 'gnocchi':
      return `<ellipse rx="12" ry="8.5" fill="${round}"/><path d="M-6-7Q-3 0-6 7M0-8Q3 0 0 8M6-7Q9 0 6 7" ${line}/>`;
    case 'orecchiette':
      return `<circle r="10" fill="${round}"/><circle cx="1" cy="1" r="5.5" fill="${deep}" opacity=".45"/>`;
    case 'farfalle':
      return `<path d="M0 0L-15-10Q-18 0-15 10ZM0 0L15-10Q18 0 15 10Z" fill="${body}"/><path d="M-15-10Q-18 0-15 10M15-10Q18 0 15 10" ${line} stroke-dasharray="1.5 1.5" stroke-width="2"/><ellipse rx="3.5" ry="5" fill="${deep}"/>`;
    case 'fusilli':
      return `<g fill="${body}"><ellipse cx="-12" rx="4" ry="7" transform="rotate(25 -12 0)"/><ellipse cx="-5" rx="4" ry="7" transform="rotate(25 -5 0)"/><ellipse cx="2" rx="4" ry="7" transform="rotate(25 2 0)"/><ellipse cx="9" rx="4" ry="7" transform="rotate(25 9 0)"/></g><path d="M-15 3L-9-4M-8 3L-2-4M-1 3L5-4M6 3L12-4" ${line}/>`;
    case 'trofie':
      return `<path d="M-14 0C-10-6-6 6-2 0S6-6 10 0S14 4 16 2" stroke="${deep}" stroke-width="6.5" fill="none" stroke-linecap="round"/><path d="M-14 0C-10-6-6 6-2 0S6-6 10 0S14 4 16 2" stroke="${light}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
    case 'ravioli':
      return `<rect x="-15" y="-15" width="30" height="30" rx="3" fill="${body}"/><rect x="-15" y="-15" width="30" height="30" rx="3" fill="none" stroke="${deep}" stroke-width="3.5" stroke-dasharray="2 1.6"/><circle r="9" fill="${c.radial(['#fff@.5', '#fff@0'], 0.4, 0.4, 0.6)}"/>`;
    case 'tortelloni':
      return `<circle r="11" fill="none" stroke="${deep}" stroke-width="10"/><circle r="11" fill="none" stroke="${light}" stroke-width="5" stroke-dasharray="40 30"/><path d="M-4 10L0 19L4 10Z" fill="${deep}"/>`;
    case 'cappellacci':
      return `<path d="M-16 4Q0-22 16 4Q8 12 0 8Q-8 12-16 4Z" fill="${body}"/><path d="M-16 4Q0 0 16 4" ${line} stroke-width="2"/><circle cy="-3" r="5" fill="${c.radial(['#fff@.45', '#fff@0'], 0.5, 0.5, 0.5)}"/>`;
    case 'agnolotti':
      return `<rect x="-11" y="-8" width="22" height="16" rx="5" fill="${round}"/><path d="M-11-8H11" stroke="${deep}" stroke-width="3" stroke-dasharray="1.5 1.5"/>`;
    case 'pansotti':
      return `<path d="M0-15L15 11H-15Z" fill="${body}" stroke="${deep}" stroke-width="3" stroke-linejoin="round" stroke-dasharray="2 1.5"/><circle cy="3" r="6" fill="${c.radial(['#fff@.5', '#fff@0'], 0.5, 0.5, 0.5)}"/>`;
  }
}

const PIECES: Record<PieceShape, { count: number; gap: number }> = {
  penne: { count: 22, gap: 20 },
  rigatoni: { count: 18, gap: 22 },
  casarecce: { count: 22, gap: 19 },
  gnocchi: { count: 24, gap: 19 },
  orecchiette: { count: 28, gap: 17 },
  farfalle: { count: 20, gap: 22 },
  fusilli: { count: 22, gap: 20 },
  trofie: { count: 26, gap: 18 },
  ravioli: { count: 9, gap: 34 },
  tortelloni: { count: 12, gap: 28 },
  cappellacci: { count: 11, gap: 30 },
  agnolotti: { count: 18, gap: 22 },
  pansotti: { count: 10, gap: 30 },
};

function pieces(c: Canvas, v: Vessel, shape: PieceShape, dough: Dough, sauce: Sauce, coat: number) {
  const r = c.random;
  const [light, deep] = DOUGHS[dough];
  const { count, gap } = PIECES[shape];
  c.def(`<g id="pc">${pieceMarkup(c, shape, light, deep)}</g>`);
  const [, sauceMid] = SAUCES[sauce];
  const spots = scatter(r, Math.round(count * 1.3), v.cx, v.cy, v.well * 0.88, gap * 0.85);
  // Two passes: a shadow for each, then the piece, so pieces sit on each other.
  c.def(
    `<filter id="ds"><feDropShadow dx="1.5" dy="2.5" stdDeviation="1.2" flood-color="#3a1d0c" flood-opacity=".45"/></filter>`,
  );
  c.add(
    `<g filter="url(#ds)">${spots
      .map(
        ([x, y]) =>
          `<use href="#pc" transform="translate(${Math.round(x)} ${Math.round(y)}) rotate(${r.int(0, 359)})"/>`,
      )
      .join('')}</g>`,
  );
  // Sauce clinging to a few pieces.
  c.add(
    `<g fill="${sauceMid}" opacity="${coat + 0.3}">${spots
      .filter(() => r.next() < 0.5)
      .map(
        ([x, y]) =>
          `<circle cx="${Math.round(x + r.between(-4, 4))}" cy="${Math.round(y + r.between(-4, 4))}" r="${r.int(3, 7)}"/>`,
      )
      .join('')}</g>`,
  );
}
