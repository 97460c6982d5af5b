import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTWORK, artworkPath } from '../../scripts/artwork/items';
import { render } from '../../scripts/artwork/render';
import { catalogueImageUrl } from '../../server/db/seed-data/catalogue';
import { ALL_PRODUCTS } from '../../server/db/seed-data/catalogue-products';
import { RESTAURANTS } from '../../server/db/seed-data/restaurants';
import { TAKEAWAY_PRODUCTS } from '../../server/db/seed-data/takeaway-menu';

const publicDir = path.resolve(import.meta.dirname, '../../public');

/** Every seeded thing a customer sees, with the image URL the seed gives it. */
const seeded = [
  ...TAKEAWAY_PRODUCTS.map((p) => ({ name: `takeaway ${p.id} ${p.title}`, url: p.imageUrl })),
  ...ALL_PRODUCTS.map((p) => ({ name: `catalogue ${p.handle}`, url: catalogueImageUrl(p) })),
  ...RESTAURANTS.map((r) => ({ name: `restaurant ${r.site}`, url: r.imageUrl })),
];

const fileOf = (url: string) => path.join(publicDir, url);

describe('the artwork of product rule R14.6', () => {
  it('gives every seeded dish, add-on, kit, bundle, gift box and restaurant an image file that exists', () => {
    const missing = seeded.filter(({ url }) => !url || !fs.existsSync(fileOf(url)));

    expect(missing.map((m) => m.name)).toEqual([]);
  });

  it('never gives two of them the same picture', () => {
    const byHash = new Map<string, string[]>();
    for (const { name, url } of seeded) {
      const hash = createHash('sha256')
        .update(fs.readFileSync(fileOf(url ?? '')))
        .digest('hex');
      byHash.set(hash, [...(byHash.get(hash) ?? []), name]);
    }

    const shared = [...byHash.values()].filter((names) => names.length > 1);
    expect(shared).toEqual([]);
    expect(new Set(seeded.map((s) => s.url)).size).toBe(seeded.length);
  });

  it('draws exactly the committed files: `npm run artwork` has been run after the last change', () => {
    const committed = fs
      .readdirSync(path.join(publicDir, 'artwork'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.svg'))
      .map((file) => `/artwork/${file.split(path.sep).join('/')}`)
      .sort();

    expect(committed).toEqual(ARTWORK.map(artworkPath).sort());
    for (const artwork of ARTWORK)
      expect(fs.readFileSync(fileOf(artworkPath(artwork)), 'utf8'), artworkPath(artwork)).toBe(
        render(artwork),
      );
  });

  it('keeps each picture small and sized 480 by 360 with an accessible name (product rule R14.7)', () => {
    for (const artwork of ARTWORK) {
      const svg = render(artwork);
      expect(Buffer.byteLength(svg), artworkPath(artwork)).toBeLessThan(10 * 1024);
      expect(svg).toContain('viewBox="0 0 480 360" width="480" height="360"');
      expect(svg).toContain(`aria-label="`);
    }
  });
});
