import type { PostcodeDirectory } from './postcode-directory';

interface PostcodesIoAnswer {
  result?: { postcode: string; latitude: number | null; longitude: number | null };
}

/**
 * A postcodes.io-compatible service (GET {base}/postcodes/{postcode}). It geocodes but lists no
 * addresses, so the customer types their street.
 */
export function httpDirectory(baseUrl: string, fetcher: typeof fetch = fetch): PostcodeDirectory {
  return {
    async lookup(postcode) {
      const response = await fetcher(
        `${baseUrl.replace(/\/$/, '')}/postcodes/${encodeURIComponent(postcode)}`,
        {
          signal: AbortSignal.timeout(5000),
        },
      );
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`Postcode service answered ${response.status}`);
      const { result } = (await response.json()) as PostcodesIoAnswer;
      if (!result || result.latitude === null || result.longitude === null) return undefined;
      return { postcode, lat: result.latitude, lon: result.longitude, addresses: [] };
    },
  };
}
