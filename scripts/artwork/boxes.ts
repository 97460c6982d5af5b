import { SAUCES, type Sauce } from './palette';
import { table } from './scene';
import { escapeXml, n, pt, scatter, type Canvas } from './svg';

/** What can sit in a compartment of a box, drawn to fit a cell. */
export type Content =
  | { item: 'dish'; sauce: Sauce; dough?: string }
  | { item: 'nests'; dough: string }
  | { item: 'tub'; sauce: Sauce; lid: string }
  | {
      item:
        | 'wine'
        | 'tiramisu'
        | 'focaccia'
        | 'salad'
        | 'cannoli'
        | 'cheese'
        | 'card'
        | 'lasagne'
        | 'pepper';
    };

function cell(c: Canvas, content: Content, x: number, y: number, w: number, h: number) {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const r = Math.min(w, h) / 2 - 6;
  const rnd = c.random;
  switch (content.item) {
    case 'dish': {
      const [light, mid, deep] = SAUCES[content.sauce];
      c.add(
        `<circle cx="${n(cx + 2)}" cy="${n(cy + 3)}" r="${n(r)}" fill="#000" opacity=".2"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#fbf7f0"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.72)}" fill="${c.radial([light, mid, deep])}"/>`,
      );
      const strands = Array.from({ length: 6 }, () => {
        const a = rnd.between(0, 6.28);
        const rr = rnd.between(r * 0.15, r * 0.6);
        return `M${pt(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr)}a${n(rr)} ${n(rr)} 0 0 1 ${n(rnd.between(-rr, rr))} ${n(rnd.between(-rr, rr))}`;
      }).join('');
      c.add(
        `<path d="${strands}" stroke="${content.dough ?? '#f3d27a'}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`,
      );
      return;
    }
    case 'nests':
      for (const [dx, dy] of [
        [-0.45, -0.3],
        [0.45, -0.3],
        [0, 0.4],
      ] as const) {
        const nx = cx + dx * r;
        const ny = cy + dy * r;
        const rr = r * 0.5;
        c.add(
          `<circle cx="${n(nx)}" cy="${n(ny)}" r="${n(rr)}" fill="none" stroke="${content.dough}" stroke-width="${n(rr * 0.9)}" stroke-dasharray="3 1.5"/><circle cx="${n(nx)}" cy="${n(ny)}" r="${n(rr * 0.4)}" fill="#000" opacity=".12"/>`,
        );
      }
      return;
    case 'tub': {
      const [, mid, deep] = SAUCES[content.sauce];
      c.add(
        `<circle cx="${n(cx + 2)}" cy="${n(cy + 3)}" r="${n(r)}" fill="#000" opacity=".2"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#fdfbf6" stroke="${content.lid}" stroke-width="6"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.7)}" fill="${c.radial([mid, deep])}"/>`,
      );
      return;
    }
    case 'wine':
      c.add(
        `<g transform="rotate(-35 ${pt(cx, cy)})"><rect x="${n(cx - 14)}" y="${n(cy - h / 2 + 6)}" width="28" height="${n(h - 12)}" rx="10" fill="${c.linear(['#1f2a1c', '#3a4a30', '#121a10'], 1, 0)}"/><rect x="${n(cx - 14)}" y="${n(cy)}" width="28" height="${n(h / 4)}" fill="#f6ecd6"/><rect x="${n(cx - 6)}" y="${n(cy - h / 2 + 2)}" width="12" height="16" fill="#7a1020"/></g>`,
      );
      return;
    case 'tiramisu':
      c.add(
        `<rect x="${n(x + 8)}" y="${n(y + 8)}" width="${n(w - 16)}" height="${n(h - 16)}" rx="8" fill="#f6efe2"/><rect x="${n(x + 14)}" y="${n(y + 14)}" width="${n(w - 28)}" height="${n(h - 28)}" rx="4" fill="${c.radial(['#8a5634', '#5a3420'])}"/>`,
      );
      return;
    case 'focaccia':
      c.add(
        `<rect x="${n(x + 8)}" y="${n(y + 8)}" width="${n(w - 16)}" height="${n(h - 16)}" rx="10" fill="${c.radial(['#f8d98a', '#e3a84e', '#b5732a'])}"/>`,
        scatter(rnd, 8, cx, cy, r * 0.7, 10)
          .map(
            ([px, py]) => `<circle cx="${n(px)}" cy="${n(py)}" r="3" fill="#b5732a" opacity=".6"/>`,
          )
          .join(''),
      );
      return;
    case 'salad':
      c.add(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#fbf7f0"/>`,
        scatter(rnd, 14, cx, cy, r * 0.7, 6)
          .map(
            ([px, py]) =>
              `<ellipse cx="${n(px)}" cy="${n(py)}" rx="8" ry="3.5" fill="#4f8f2e" transform="rotate(${n(rnd.between(0, 180))} ${pt(px, py)})"/>`,
          )
          .join(''),
      );
      return;
    case 'cannoli':
      for (const dy of [-0.4, 0, 0.4])
        c.add(
          `<rect x="${n(cx - r)}" y="${n(cy + dy * r - 8)}" width="${n(r * 2)}" height="16" rx="8" fill="#dca25a"/><circle cx="${n(cx - r)}" cy="${n(cy + dy * r)}" r="8" fill="#fffaf0"/><circle cx="${n(cx + r)}" cy="${n(cy + dy * r)}" r="8" fill="#fffaf0"/><circle cx="${n(cx + r)}" cy="${n(cy + dy * r)}" r="3" fill="#6aa33a"/>`,
        );
      return;
    case 'cheese':
      c.add(
        `<path d="M${pt(x + 10, y + h - 12)}L${pt(cx, y + 10)}L${pt(x + w - 10, y + h - 12)}Z" fill="#f6dc8a" stroke="#c58a3a" stroke-width="4"/>`,
      );
      return;
    case 'pepper':
      c.add(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.8)}" fill="#5a3a2a"/>`,
        scatter(rnd, 20, cx, cy, r * 0.6, 4)
          .map(([px, py]) => `<circle cx="${n(px)}" cy="${n(py)}" r="2" fill="#1e1410"/>`)
          .join(''),
      );
      return;
    case 'lasagne':
      c.add(
        `<rect x="${n(x + 6)}" y="${n(y + 6)}" width="${n(w - 12)}" height="${n(h - 12)}" rx="8" fill="#f4ede2"/><rect x="${n(x + 14)}" y="${n(y + 14)}" width="${n(w - 28)}" height="${n(h - 28)}" rx="4" fill="${c.radial(['#f6d48a', '#e2a448', '#b8702a'])}"/>`,
        scatter(rnd, 8, cx, cy, r * 0.6, 12)
          .map(
            ([px, py]) =>
              `<ellipse cx="${n(px)}" cy="${n(py)}" rx="6" ry="3" fill="#8a4a1c" opacity=".5"/>`,
          )
          .join(''),
      );
      return;
    case 'card':
      c.add(
        `<rect x="${n(x + 10)}" y="${n(y + 12)}" width="${n(w - 20)}" height="${n(h - 24)}" fill="#fffdf6" transform="rotate(-6 ${pt(cx, cy)})"/><path d="M${pt(x + 22, cy - 8)}q10-8 20 0t20 0t20 0M${pt(x + 22, cy + 8)}q10-8 20 0t20 0" stroke="#2f5d7c" stroke-width="2" fill="none" transform="rotate(-6 ${pt(cx, cy)})"/>`,
      );
      return;
  }
}

export interface BoxRecipe {
  /** Box colour: light and deep. */
  box: [string, string];
  contents: Content[];
  columns: number;
  ribbon?: string;
  /** Words on the lid leaning beside the box. */
  label: string;
}

/** An open box from above, its contents in compartments, with a ribbon for a gift. */
export function drawBox(c: Canvas, recipe: BoxRecipe) {
  table(c);
  const x = 40;
  const y = 50;
  const w = 330;
  const h = 270;
  c.shadow(x + w / 2 + 12, y + h / 2 + 16, w / 2 + 20, h / 2 + 20, 0.55);
  // The lid, leaning at the right.
  c.add(
    `<g transform="rotate(8 420 180)"><rect x="370" y="40" width="110" height="280" rx="8" fill="${c.linear([recipe.box[1], recipe.box[0]], 1, 0)}"/><text x="425" y="180" font-family="Georgia,serif" font-size="22" font-weight="700" fill="#fff8ea" text-anchor="middle" transform="rotate(-90 425 180)">${escapeXml(recipe.label)}</text></g>`,
  );
  c.add(
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${c.linear(recipe.box, 1, 1)}"/>`,
    `<rect x="${x + 12}" y="${y + 12}" width="${w - 24}" height="${h - 24}" rx="6" fill="#f4e6cc"/>`,
  );
  const rows = Math.ceil(recipe.contents.length / recipe.columns);
  const cw = (w - 24) / recipe.columns;
  const ch = (h - 24) / rows;
  recipe.contents.forEach((content, i) => {
    const cx = x + 12 + (i % recipe.columns) * cw;
    const cy = y + 12 + Math.floor(i / recipe.columns) * ch;
    c.add(
      `<rect x="${n(cx + 3)}" y="${n(cy + 3)}" width="${n(cw - 6)}" height="${n(ch - 6)}" rx="4" fill="#e8d3ad"/>`,
    );
    cell(c, content, cx + 3, cy + 3, cw - 6, ch - 6);
  });
  if (recipe.ribbon)
    c.add(
      `<path d="M${x + w * 0.62} ${y - 6}V${y + h + 6}" stroke="${recipe.ribbon}" stroke-width="16" opacity=".92"/>`,
      `<path d="M${x + w * 0.62} ${y + 20}q-50-40-40 10q10 20 40-10q50-40 40 10q-10 20-40-10Z" fill="${recipe.ribbon}" stroke="#000" stroke-opacity=".15" stroke-width="2"/>`,
    );
}
