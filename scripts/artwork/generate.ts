/**
 * Draws every piece of artwork into public/artwork/<kind>/<slug>.svg: `npm run artwork`.
 * Deterministic (each picture is seeded by its path), so a re-run changes nothing unless the
 * drawing code or the list changes. `--sheet <file>` also writes an HTML contact sheet.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ARTWORK, artworkPath } from './items';
import { render } from './render';

const root = path.resolve(import.meta.dirname, '../../public');
const outDir = path.join(root, 'artwork');

function main() {
  fs.rmSync(outDir, { recursive: true, force: true });
  let total = 0;
  let gzipped = 0;
  let largest = { file: '', bytes: 0 };
  for (const artwork of ARTWORK) {
    const file = path.join(root, artworkPath(artwork));
    const svg = render(artwork);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, svg);
    const bytes = Buffer.byteLength(svg);
    total += bytes;
    gzipped += gzipSync(svg).length;
    if (bytes > largest.bytes) largest = { file: artworkPath(artwork), bytes };
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `${ARTWORK.length} pictures, ${kb(total)} (${kb(gzipped)} gzipped); largest ${largest.file} ${kb(largest.bytes)}`,
  );
  const sheetAt = process.argv.indexOf('--sheet');
  if (sheetAt > 0) {
    const sheet = process.argv[sheetAt + 1] ?? 'contact-sheet.html';
    const cells = ARTWORK.map(
      (a) =>
        `<figure><img src="${root}${artworkPath(a)}" width="240" height="180" alt=""><figcaption>${a.kind}/${a.slug}</figcaption></figure>`,
    ).join('');
    fs.writeFileSync(
      sheet,
      `<!doctype html><style>body{display:flex;flex-wrap:wrap;gap:6px;font:11px sans-serif;margin:6px}figure{margin:0}</style>${cells}`,
    );
  }
}

main();
