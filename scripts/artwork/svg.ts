/** Small helpers to write compact SVG by hand: numbers to one decimal, a seeded random, defs with short ids. */

/** mulberry32 seeded by the item's slug: the same slug always draws the same picture. */
export function seededRandom(seed: string) {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i += 1) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** A number with at most one decimal, no trailing zero. */
export const n = (value: number) => String(Math.round(value * 10) / 10);

export const pt = (x: number, y: number) => `${n(x)} ${n(y)}`;

export function escapeXml(text: string) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** One picture being drawn: its defs (gradients) get short ids, its body is appended in paint order. */
export class Canvas {
  readonly width = 480;
  readonly height = 360;
  private defs: string[] = [];
  private body: string[] = [];
  private gradients = new Map<string, string>();

  constructor(
    readonly title: string,
    readonly random: Random,
  ) {}

  add(...parts: string[]) {
    this.body.push(...parts);
    return this;
  }

  def(markup: string) {
    this.defs.push(markup);
  }

  private gradientId(key: string, markup: (id: string) => string) {
    const known = this.gradients.get(key);
    if (known) return known;
    const id = `g${this.gradients.size}`;
    this.gradients.set(key, id);
    this.defs.push(markup(id));
    return id;
  }

  /** A radial gradient lit from the top left, as under a window: url(#id). */
  radial(stops: string[], cx = 0.4, cy = 0.35, r = 0.7) {
    const key = `r${stops.join()}${cx}${cy}${r}`;
    const id = this.gradientId(
      key,
      (id) =>
        `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsOf(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A linear gradient, top to bottom unless told otherwise. */
  linear(stops: string[], x2 = 0, y2 = 1) {
    const key = `l${stops.join()}${x2}${y2}`;
    const id = this.gradientId(
      key,
      (id) => `<linearGradient id="${id}" x2="${x2}" y2="${y2}">${stopsOf(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A soft shadow under an object: a blurred-looking ellipse made of a radial gradient. */
  shadow(cx: number, cy: number, rx: number, ry: number, strength = 0.35) {
    const fill = this.radial(
      [`#2a140a@${strength}`, `#2a140a@${strength * 0.5}@0.7`, '#2a140a@0'],
      0.5,
      0.5,
      0.5,
    );
    return this.add(
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`,
    );
  }

  toString() {
    const title = escapeXml(this.title);
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.width} ${this.height}" width="${this.width}" height="${this.height}" role="img" aria-label="${title}">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>\n`
    );
  }
}

/** Stops written as "colour", "colour@opacity" or "colour@opacity@offset", spread evenly otherwise. */
function stopsOf(stops: string[]) {
  return stops
    .map((stop, index) => {
      const [color, opacity, offset] = stop.split('@');
      const at = offset ?? n(stops.length === 1 ? 0 : index / (stops.length - 1));
      return `<stop offset="${at}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`;
    })
    .join('');
}

/** A closed wobbly blob through points around a centre, smoothed with quadratic curves. */
export function blob(random: Random, cx: number, cy: number, r: number, wobble = 0.12, points = 9) {
  const pts = Array.from({ length: points }, (_, i) => {
    const angle = (i / points) * Math.PI * 2;
    const radius = r * (1 + random.between(-wobble, wobble));
    return [cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius] as const;
  });
  const mid = (a: readonly [number, number], b: readonly [number, number]) =>
    [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as const;
  const last = pts[pts.length - 1]!;
  const start = mid(last, pts[0]!);
  let d = `M${pt(...start)}`;
  pts.forEach((p, i) => {
    const m = mid(p, pts[(i + 1) % pts.length]!);
    d += `Q${pt(...p)} ${pt(...m)}`;
  });
  return `${d}Z`;
}

/** Points scattered in a disc, kept apart by a minimum distance where there is room. */
export function scatter(
  random: Random,
  count: number,
  cx: number,
  cy: number,
  radius: number,
  minDistance: number,
  taken: [number, number][] = [],
) {
  const placed: [number, number][] = [];
  for (let tries = 0; placed.length < count && tries < count * 60; tries += 1) {
    const angle = random.between(0, Math.PI * 2);
    const r = Math.sqrt(random.next()) * radius;
    const p: [number, number] = [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r * 0.92];
    const near = [...taken, ...placed].some(
      ([x, y]) => Math.hypot(x - p[0], y - p[1]) < minDistance * (tries > count * 40 ? 0.5 : 1),
    );
    if (!near) placed.push(p);
  }
  return placed;
}
