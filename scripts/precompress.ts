import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Product rule R13.6: after `vite build`, writes a Brotli (.br) and a gzip (.gz) copy beside every
 * compressible file of dist/assets/, at the best ratio (done once at build, not per request). The
 * server sends the copy the browser accepts. A copy no smaller than its file is not written.
 */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
const MIN_BYTES = 512;

export function precompress(directory: string): { files: number; bytes: number; brotli: number } {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for (const name of readdirSync(directory)) {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) {
      const inner = precompress(file);
      totals.files += inner.files;
      totals.bytes += inner.bytes;
      totals.brotli += inner.brotli;
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotli += Math.min(brotli.length, content.length);
  }
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const directory = path.resolve(process.argv[2] ?? 'dist/assets');
  const { files, bytes, brotli } = precompress(directory);
  console.log(
    `precompress: ${files} files in ${path.relative(process.cwd(), directory)}, ` +
      `${(bytes / 1024).toFixed(0)} KiB, ${(brotli / 1024).toFixed(0)} KiB as Brotli`,
  );
}
