import { artworkPath, type Artwork } from './items';
import { Canvas, seededRandom } from './svg';

/** One picture's SVG: seeded by its path, so the same item always draws the same. */
export function render(artwork: Artwork) {
  const canvas = new Canvas(artwork.title, seededRandom(artworkPath(artwork)));
  artwork.draw(canvas);
  return canvas.toString();
}
