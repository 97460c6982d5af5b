import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this a page goes as it is: compressing would save less than a packet. */
const MIN_BYTES = 1024;

/** Brotli first (smaller), then gzip; the order is our preference where the browser has none. */
const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/**
 * Product rule R13.6: a page (the shell with its data, and a screen drawn on the server) is sent
 * compressed as the browser accepts. It is made per request, so at a fast setting (Brotli 5, gzip
 * 6: about a millisecond for a 60 KiB page), unlike the assets, which are compressed once at build.
 */
export async function compressedPage(
  html: string,
  acceptEncoding: string | undefined,
): Promise<{ body: string | Buffer; encoding: 'br' | 'gzip' | undefined }> {
  const encoding = acceptEncoding ? encodings.negotiate(acceptEncoding) : null;
  if (!encoding || Buffer.byteLength(html) < MIN_BYTES) return { body: html, encoding: undefined };
  const body =
    encoding === 'br'
      ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : await gzipped(html, { level: 6 });
  return { body, encoding };
}
